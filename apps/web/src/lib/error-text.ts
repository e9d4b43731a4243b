import { ApiError, germanMessage } from './api-errors';

/** The German message to show for a failed upload or download. */
export function errorText(error: unknown): string {
  // Through the one wording: an English framework detail ("Invalid input") never reaches the page.
  if (error instanceof ApiError) return germanMessage(error);
  if (error instanceof Error && error.message) return error.message;
  return 'Es ist ein Fehler aufgetreten';
}
