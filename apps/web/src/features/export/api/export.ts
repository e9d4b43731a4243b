import { useMutation } from '@tanstack/react-query';
import type { Selection } from '@streckenpass/contract/selection';
import { apiRequest } from '../../../lib/api-client';
import { GermanError, UnprocessableError } from '../../../lib/api-errors';

export type ExportFormat = 'csv' | 'pdf';

export interface ExportFile {
  blob: Blob;
  /** The server's name for it, e.g. `streckenkunde-2026-05-04.pdf`. */
  filename: string;
}

const ACCEPT: Record<ExportFormat, string> = {
  csv: 'text/csv, application/problem+json',
  pdf: 'application/pdf, application/problem+json',
};

const SELECTION_OUTDATED =
  'Die Auswahl enthält Einträge, die es nicht mehr gibt. Bitte entfernen Sie sie aus der Auswahl.';

/** POST /api/export/{csv|pdf}: the selection as a file (empty selection = every route). */
export async function exportSelection(format: ExportFormat, selection: Selection): Promise<ExportFile> {
  const blob = await apiRequest<Blob>(`/api/export/${format}`, {
    method: 'POST',
    body: selection,
    responseType: 'blob',
    headers: { accept: ACCEPT[format] },
  }).catch((error: unknown) => {
    // 422 names the records by their IRIs: the stored selection (it survives reloads) holds one deleted since.
    throw error instanceof UnprocessableError ? new GermanError(SELECTION_OUTDATED) : error;
  });
  const filename = blob instanceof File && blob.name ? blob.name : `streckenkunde.${format}`;
  return { blob, filename };
}

/** A download is a one-off request, not cached data: a mutation, so it runs on click and reports its state. */
export function useExportSelection() {
  return useMutation({
    mutationFn: ({ format, selection }: { format: ExportFormat; selection: Selection }) =>
      exportSelection(format, selection),
  });
}
