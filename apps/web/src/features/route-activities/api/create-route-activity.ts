import { useMutation } from '@tanstack/react-query';
import type { CreateRouteActivityInput, RouteActivity } from '@streckenpass/contract/route-activities';
import { api } from '../../../lib/api-client';
import { useInvalidateRecords } from '../../../lib/use-invalidate-records';

export interface CreateOptions {
  /** Same key + same user within 24 h = the first answer again, nothing created twice (retry after a lost answer). */
  idempotencyKey?: string;
}

export const createRouteActivity = (
  input: CreateRouteActivityInput,
  options: CreateOptions = {},
): Promise<RouteActivity> =>
  api.post<RouteActivity>(
    '/api/route_activities',
    input,
    options.idempotencyKey ? { headers: { 'idempotency-key': options.idempotencyKey } } : undefined,
  );

/** Records route knowledge; afterwards every list (activities, expiring overview, route views) refetches. */
export function useCreateRouteActivity() {
  const invalidate = useInvalidateRecords();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateRouteActivityInput; idempotencyKey?: string }) =>
      createRouteActivity(input, { idempotencyKey }),
    onSuccess: () => invalidate(),
  });
}
