import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Backup, MergePreview, RestoreResult } from '@streckenpass/contract/backup';
import { api } from '../../../lib/api-client';
import { GermanError } from '../../../lib/api-errors';
import { queryKeys } from '../../../lib/query-keys';
import { downloadFile, type DownloadedFile } from '../../../lib/save-file';
import { useInvalidateRecords } from '../../../lib/use-invalidate-records';

/** GET /api/backup: every record of the account as one JSON file, signed by the server (issue 27). */
export const downloadBackup = (): Promise<DownloadedFile> => downloadFile('/api/backup', 'streckenpass-sicherung.json');

/** The chosen file as a backup document; a German reason when it is not JSON at all. */
export async function readBackupFile(file: File): Promise<Backup> {
  try {
    return JSON.parse(await file.text()) as Backup;
  } catch {
    throw new GermanError('Die Datei ist keine Sicherung von Streckenpass (kein JSON).');
  }
}

export const previewRestore = (backup: Backup) => api.post<MergePreview>('/api/backup/preview', backup);
export const restoreBackup = (backup: Backup) => api.post<RestoreResult>('/api/backup/restore', backup);

/** Each download is issued as a signed document: "Ausgestellte Nachweise" lists it. */
export function useDownloadBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proofs }),
  });
}

export function usePreviewRestore() {
  return useMutation({
    mutationFn: async (file: File) => {
      const backup = await readBackupFile(file);
      return { backup, preview: await previewRestore(backup) };
    },
  });
}

export function useRestoreBackup() {
  const invalidate = useInvalidateRecords();
  return useMutation({ mutationFn: restoreBackup, onSuccess: () => invalidate() });
}
