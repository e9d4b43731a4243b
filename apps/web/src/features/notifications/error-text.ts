import { ApiError, germanMessage, NetworkError } from '../../lib/api-errors';
import { pushFailureMessage, PushUnavailableError } from './push';

/** The German sentence for a failed call of this page: the server's violation or message, or the generic one. */
export function errorText(error: unknown): string {
  if (error instanceof PushUnavailableError) return error.message;
  if (error instanceof NetworkError) return germanMessage(error);
  if (error instanceof ApiError)
    return error.violations[0]?.message || error.serverMessage || 'Es ist ein Fehler aufgetreten';
  // A browser error (DOMException) is never shown in its English words.
  if (error instanceof DOMException) return pushFailureMessage(error);
  return 'Es ist ein Fehler aufgetreten';
}
