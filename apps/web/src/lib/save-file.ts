import { apiRequest } from './api-client';

/** A downloaded file and the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** Hands a downloaded file to the browser's download manager under its own name. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; the blob is freed a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Fetches a file from the API (a backup, a signed PDF, a CSV) under the name the server gives it
 * (`Content-Disposition`), or `fallbackName`; a POST sends `body` as JSON (`{}` when none), as its contract reads it.
 * A failure is the API's German error, as for every call.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  { method = 'GET', accept, body }: { method?: 'GET' | 'POST'; accept?: string; body?: object } = {},
): Promise<DownloadedFile> {
  const blob = await apiRequest<Blob>(path, {
    method,
    body: method === 'POST' ? (body ?? {}) : undefined,
    responseType: 'blob',
    headers: accept ? { accept: `${accept}, application/problem+json` } : undefined,
  });
  return { blob, filename: blob instanceof File && blob.name ? blob.name : fallbackName };
}
