import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DownloadedFile } from '../../../lib/save-file';

/**
 * POST /api/proofs/transfer: the "Nachweis für den Arbeitgeberwechsel", a signed PDF of the whole record with its
 * history (issue 27). Issuing it adds a document to "Ausgestellte Nachweise".
 */
export async function downloadTransfer(): Promise<DownloadedFile> {
  const blob = await apiRequest<Blob>('/api/proofs/transfer', {
    method: 'POST',
    responseType: 'blob',
    headers: { accept: 'application/pdf, application/problem+json' },
  });
  const filename = blob instanceof File && blob.name ? blob.name : 'streckenpass-arbeitgeberwechsel.pdf';
  return { blob, filename };
}

export function useDownloadTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proofs }),
  });
}
