import { ApiError, NetworkError, germanMessage } from './api-errors';

/** The German message to show for a failed upload or download. */
export function errorText(error: unknown): string {
  if (error instanceof NetworkError) return germanMessage(error);
  if (error instanceof ApiError) return error.serverMessage ?? germanMessage(error);
  if (error instanceof Error && error.message) return error.message;
  return 'Es ist ein Fehler aufgetreten';
}
