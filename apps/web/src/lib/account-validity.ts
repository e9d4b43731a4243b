import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DriveWay } from '@streckenpass/contract/drive-ways';
import type { NotificationSettings } from '@streckenpass/contract/notifications';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** The account's default validity rule (shared cache entry with the settings page, same key and call). */
export const accountValidityQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications.settings,
    queryFn: () => api.get<NotificationSettings>('/api/notifications/settings'),
  });

/** The account's vehicle rule in days: null = no expiry, undefined while unknown. */
export function useAccountVehicleValidityDays(): number | null | undefined {
  return useQuery(accountValidityQueryOptions()).data?.vehicleValidityDays;
}

/** Days a drive keeps a route known by the account's rule; null while unknown. */
export function useAccountValidityDays(): number | null {
  return useQuery(accountValidityQueryOptions()).data?.validityDays ?? null;
}

/**
 * The ways of a drive that keep route knowledge valid by the account's rule (issue 41); undefined while unknown (or in
 * a copy stored by an older build), where the contract's default stands in (`keepingWaysOf`).
 */
export function useAccountKeepingWays(): readonly DriveWay[] | undefined {
  return useQuery(accountValidityQueryOptions()).data?.keepingWays;
}
