import { useMutation } from '@tanstack/react-query';
import type { ImportPreview, ImportResult } from '@streckenpass/contract/import';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateRecords } from '../../../lib/use-invalidate-records';

/** The template's address: a public download, a plain link is enough. */
export const IMPORT_TEMPLATE_URL = '/api/import/template.csv';

const upload = <T>(path: string, file: File) => apiRequest<T>(path, { method: 'POST', file, contentType: 'text/csv' });

/** POST /api/import/csv/preview: what the file would add and every bad line; writes nothing. */
export const previewImport = (file: File) => upload<ImportPreview>('/api/import/csv/preview', file);
/** POST /api/import/csv: the same file again, now written. */
export const importCsv = (file: File) => upload<ImportResult>('/api/import/csv', file);

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useImportCsv() {
  const invalidate = useInvalidateRecords();
  return useMutation({ mutationFn: importCsv, onSuccess: () => invalidate() });
}
