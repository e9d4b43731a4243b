import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkLinePoints } from '@streckenpass/contract/network';
import { api } from '../../../lib/api-client';
import { NotFoundError } from '../../../lib/api-errors';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/network/lines/:line/points: the operating points on a line with their km, for choosing a section by line
 * number (issue 29 item 2). 404 when the network does not have the line or none is imported (the server's German
 * sentence says which).
 */
export const getLinePoints = (line: number): Promise<NetworkLinePoints> =>
  api.get<NetworkLinePoints>(`/api/network/lines/${line}/points`);

export const linePointsQueryOptions = (line: number) =>
  queryOptions({
    queryKey: queryKeys.network.linePoints(line),
    queryFn: () => getLinePoints(line),
    staleTime: 60 * 60 * 1000,
    // A line the network does not have stays unknown: asking again would not change the answer.
    retry: (count, error) => !(error instanceof NotFoundError) && count < 2,
    // The form's choice, not reading matter for offline use.
    meta: { persist: false },
  });

/** A line's points while `line` is a line number (1–99999). */
export function useLinePoints(line: number | null) {
  return useQuery({ ...linePointsQueryOptions(line ?? 0), enabled: line !== null });
}
