import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { downloadFile, type DownloadedFile } from '../../../lib/save-file';

/**
 * POST /api/proofs/transfer: the "Nachweis für den Arbeitgeberwechsel", a signed PDF of the whole record with its
 * history (issue 27). Issuing it adds a document to "Ausgestellte Nachweise".
 */
export const downloadTransfer = (): Promise<DownloadedFile> =>
  downloadFile('/api/proofs/transfer', 'streckenpass-arbeitgeberwechsel.pdf', {
    method: 'POST',
    accept: 'application/pdf',
  });

export function useDownloadTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proofs }),
  });
}
