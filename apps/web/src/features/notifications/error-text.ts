import { ApiError, germanMessage, NetworkError } from '../../lib/api-errors';
import { PushUnavailableError } from './push';

/** The German sentence for a failed call of this page: the server's violation or message, or the generic one. */
export function errorText(error: unknown): string {
  if (error instanceof PushUnavailableError) return error.message;
  if (error instanceof NetworkError) return germanMessage(error);
  if (error instanceof ApiError)
    return error.violations[0]?.message || error.serverMessage || 'Es ist ein Fehler aufgetreten';
  if (error instanceof DOMException) return `Der Browser hat die Anmeldung abgelehnt: ${error.message}`;
  return 'Es ist ein Fehler aufgetreten';
}
