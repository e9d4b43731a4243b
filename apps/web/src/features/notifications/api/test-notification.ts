import { useMutation } from '@tanstack/react-query';
import type { ReminderChannel } from '@streckenpass/contract/notifications';
import { api } from '../../../lib/api-client';

export const sendTestNotification = (channel: ReminderChannel) =>
  api.post<{ delivered: number; message: string }>('/api/notifications/test', { channel });

export function useSendTestNotification() {
  return useMutation({ mutationFn: sendTestNotification });
}
