import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, UpdateNotificationSettingsInput } from '@streckenpass/contract/notifications';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getNotificationSettings = () => api.get<NotificationSettings>('/api/notifications/settings');

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications.settings, queryFn: getNotificationSettings });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

export const updateNotificationSettings = (input: UpdateNotificationSettingsInput) =>
  api.patch<NotificationSettings>('/api/notifications/settings', input);

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.notifications.settings, settings),
  });
}
