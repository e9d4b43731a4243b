import type { CalendarFeed } from '@streckenpass/contract/notifications';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';

/** Creates the feed or replaces its secret address; the address is only in this answer. */
export const createCalendarFeed = () => api.post<CalendarFeed>('/api/calendar_feed');
export const revokeCalendarFeed = () => api.delete('/api/calendar_feed');

export const useCreateCalendarFeed = () => useRefetchingMutation(createCalendarFeed, queryKeys.notifications.settings);

export const useRevokeCalendarFeed = () => useRefetchingMutation(revokeCalendarFeed, queryKeys.notifications.settings);
