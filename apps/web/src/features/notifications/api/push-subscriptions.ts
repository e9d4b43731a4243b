import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePushSubscriptionInput, PushSubscriptionInfo } from '@streckenpass/contract/notifications';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { subscribeThisDevice } from '../push';

export const getPushSubscriptions = () => api.get<PushSubscriptionInfo[]>('/api/push_subscriptions');

export const pushSubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications.pushSubscriptions, queryFn: getPushSubscriptions });

export function usePushSubscriptions() {
  return useQuery(pushSubscriptionsQueryOptions());
}

export const getVapidPublicKey = () => api.get<{ publicKey: string }>('/api/push/public-key');
export const createPushSubscription = (input: CreatePushSubscriptionInput) =>
  api.post<PushSubscriptionInfo>('/api/push_subscriptions', input);
export const deletePushSubscription = (id: number) => api.delete(`/api/push_subscriptions/${id}`);

/** Asks the browser for permission, subscribes it at its push service and registers the subscription here. */
export function useSubscribeThisDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await getVapidPublicKey();
      const subscription = await subscribeThisDevice(publicKey);
      return createPushSubscription(subscription);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.pushSubscriptions }),
  });
}

export function useDeletePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePushSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.pushSubscriptions }),
  });
}
