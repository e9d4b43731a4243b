import { useMutation } from '@tanstack/react-query';
import type { CreateVehicleActivityInput, VehicleActivity } from '@streckenpass/contract/vehicle-activities';
import { api } from '../../../lib/api-client';
import { useInvalidateRecords } from '../../../lib/use-invalidate-records';

export const createVehicleActivity = (
  input: CreateVehicleActivityInput,
  options: { idempotencyKey?: string } = {},
): Promise<VehicleActivity> =>
  api.post<VehicleActivity>(
    '/api/vehicle_activities',
    input,
    options.idempotencyKey ? { headers: { 'idempotency-key': options.idempotencyKey } } : undefined,
  );

/** Links vehicles to a route activity; afterwards the route activities refetch (seed section 4). */
export function useCreateVehicleActivity() {
  const invalidate = useInvalidateRecords();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateVehicleActivityInput; idempotencyKey?: string }) =>
      createVehicleActivity(input, { idempotencyKey }),
    onSuccess: () => invalidate(),
  });
}
