import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attestation, CreateAttestationInput } from '@streckenpass/contract/attestations';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { downloadFile } from '../../../lib/save-file';
import { betriebList } from './betrieb-resource';

/*
 * A Betrieb's attestations (issue 41 item 5) and its register per TfV § 10 (4) (item 6): the list for its admins,
 * Disponenten and examiners, issuing and withdrawing for admins and examiners, the register's downloads.
 */

const keys = queryKeys.betriebe;
const path = (id: number) => `/api/betriebe/${id}`;

const attestations = betriebList<Attestation[]>(keys.attestations, (id) => `${path(id)}/attestations`);
export const betriebAttestationsQueryOptions = attestations.options;
export const useBetriebAttestations = attestations.use;

/**
 * Issued or withdrawn: the Betrieb's list asks again, and so does the holder's own (the same browser may be both in a
 * test, never in practice) — the driver's page keeps its data.
 */
function useAttestationMutation<Input>(betriebId: number, mutationFn: (input: Input) => Promise<Attestation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.attestations(betriebId) }),
  });
}

export const createAttestation = (betriebId: number, membershipId: number, input: CreateAttestationInput) =>
  api.post<Attestation>(`${path(betriebId)}/members/${membershipId}/attestations`, input);

export const useCreateAttestation = (betriebId: number, membershipId: number) =>
  useAttestationMutation(betriebId, (input: CreateAttestationInput) =>
    createAttestation(betriebId, membershipId, input),
  );

export const withdrawAttestation = (betriebId: number, code: string) =>
  api.post<Attestation>(`${path(betriebId)}/attestations/${encodeURIComponent(code)}/withdraw`);

export const useWithdrawAttestation = (betriebId: number) =>
  useAttestationMutation(betriebId, (code: string) => withdrawAttestation(betriebId, code));

export function useDownloadRegisterCsv(betriebId: number) {
  return useMutation({
    mutationFn: () => downloadFile(`${path(betriebId)}/register.csv`, 'verzeichnis-tfv.csv', { accept: 'text/csv' }),
  });
}

/** The signed PDF: issuing it adds a document that the check page verifies (kind `register`). */
export function useDownloadRegisterPdf(betriebId: number) {
  return useMutation({
    mutationFn: () =>
      downloadFile(`${path(betriebId)}/register/pdf`, 'verzeichnis-tfv.pdf', {
        method: 'POST',
        accept: 'application/pdf',
      }),
  });
}
