import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, UpdateNotificationSettingsInput } from '@streckenpass/contract/notifications';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidateRecords } from '../../../lib/use-invalidate-records';

export const getNotificationSettings = () => api.get<NotificationSettings>('/api/notifications/settings');

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications.settings, queryFn: getNotificationSettings });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

export const updateNotificationSettings = (input: UpdateNotificationSettingsInput) =>
  api.patch<NotificationSettings>('/api/notifications/settings', input);

/**
 * Saves the settings. The validity rules decide the routes' validity on the server (which ways keep it, issue 41;
 * how long): after a change of them every record list and the expiring overview are asked again.
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateRecords();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings, input) => {
      queryClient.setQueryData(queryKeys.notifications.settings, settings);
      if (input.keepingWays !== undefined || input.validityDays !== undefined) void invalidate();
    },
  });
}
