import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@streckenpass/contract/notifications';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Creates the feed or replaces its secret address; the address is only in this answer. */
export const createCalendarFeed = () => api.post<CalendarFeed>('/api/calendar_feed');
export const revokeCalendarFeed = () => api.delete('/api/calendar_feed');

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.settings }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.settings }),
  });
}
