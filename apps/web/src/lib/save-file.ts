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
