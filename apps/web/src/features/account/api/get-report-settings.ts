import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportSettings } from '@streckenpass/contract/reports';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How this installation sends weekly reports: the operator's copy address (if any) and the schedule. */
export const getReportSettings = (): Promise<ReportSettings> => api.get<ReportSettings>('/api/settings/report');

export const reportSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reportSettings,
    queryFn: getReportSettings,
    // Server configuration: it changes with a redeploy, not while the page is open.
    staleTime: 60 * 60 * 1000,
  });

export function useReportSettings() {
  return useQuery(reportSettingsQueryOptions());
}
