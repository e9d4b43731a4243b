import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attestation } from '@streckenpass/contract/attestations';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/*
 * The signed-in driver's attestations from every Betrieb (issue 41 item 5): read, and hidden from later Betriebe or
 * shown again — never changed, never revoked here (only the issuing Betrieb withdraws one).
 */

export const getAttestations = () => api.get<Attestation[]>('/api/attestations');

export const attestationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.attestations, queryFn: getAttestations });

export function useAttestations() {
  return useQuery(attestationsQueryOptions());
}

export const setAttestationHidden = ({ code, hidden }: { code: string; hidden: boolean }) =>
  api.patch<Attestation>(`/api/attestations/${encodeURIComponent(code)}`, { hidden });

export function useSetAttestationHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAttestationHidden,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.attestations }),
  });
}
