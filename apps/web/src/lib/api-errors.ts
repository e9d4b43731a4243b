/**
 * The seed's error catalogue (section 8) as typed errors. `message` is the catalogue text; `body` is what
 * the server sent, so a screen can show a server message (e.g. `{ success: false, message }`).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly statusText: string,
    public readonly body: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The German message the server put in its answer, if any. */
  get serverMessage(): string | undefined {
    const body = this.body as { message?: unknown; detail?: unknown } | null;
    if (body && typeof body === 'object') {
      if (typeof body.message === 'string' && body.message) return body.message;
      if (typeof body.detail === 'string' && body.detail) return body.detail;
    }
    return undefined;
  }

  /** Violations of a 422 problem, by property path. */
  get violations(): { propertyPath: string; message: string }[] {
    const body = this.body as { violations?: unknown } | null;
    return body && Array.isArray(body.violations)
      ? (body.violations as { propertyPath: string; message: string }[])
      : [];
  }
}

export class BadRequestError extends ApiError {}
export class UnauthorizedError extends ApiError {}
export class ForbiddenError extends ApiError {}
export class NotFoundError extends ApiError {}
export class UnprocessableError extends ApiError {}
export class InternalServerError extends ApiError {}
export class BadGatewayError extends ApiError {}
export class ServiceUnavailableError extends ApiError {}
export class TooManyRequestsError extends ApiError {}
export class GenericError extends ApiError {}
/** The request never reached the server (offline, DNS, connection refused). */
export class NetworkError extends ApiError {}

export function errorForStatus(status: number, statusText: string, body: unknown): ApiError {
  const invalidInput = (body as { detail?: unknown } | null)?.detail === 'Invalid input';
  switch (status) {
    case 400:
      return new BadRequestError(invalidInput ? 'Invalid input' : 'Bad Request', status, statusText, body);
    case 401:
      return new UnauthorizedError('Unauthorized', status, statusText, body);
    case 403:
      return new ForbiddenError('Forbidden', status, statusText, body);
    case 404:
      return new NotFoundError('Not found', status, statusText, body);
    case 422:
      return new UnprocessableError('An error occurred', status, statusText, body);
    case 429:
      return new TooManyRequestsError('Too Many Requests', status, statusText, body);
    case 500:
      return new InternalServerError('Internal Server Error', status, statusText, body);
    case 502:
      return new BadGatewayError('Bad Gateway', status, statusText, body);
    case 503:
      return new ServiceUnavailableError('Service Unavailable', status, statusText, body);
    default:
      return new GenericError(
        `Generic Error: ${status} ${statusText} ${typeof body === 'string' ? body : JSON.stringify(body)}`,
        status,
        statusText,
        body,
      );
  }
}

/** A German sentence for any error, for notifications and form alerts. */
export function germanMessage(error: unknown, fallback = 'Es ist ein Fehler aufgetreten'): string {
  if (error instanceof NetworkError) return 'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.';
  // The server names what is running when one account starts a second import, restore or export (issue 24).
  if (error instanceof TooManyRequestsError)
    return error.serverMessage?.startsWith('Für Ihr Konto läuft gerade')
      ? error.serverMessage
      : 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.';
  if (error instanceof ApiError) {
    if (error.serverMessage && error.serverMessage !== 'Invalid input') return error.serverMessage;
    if (error instanceof ForbiddenError) return 'Sie haben keinen Zugriff auf diesen Eintrag.';
    if (error instanceof NotFoundError) return 'Der Eintrag wurde nicht gefunden.';
    if (error instanceof ServiceUnavailableError || error instanceof BadGatewayError)
      return 'Der Dienst ist vorübergehend nicht erreichbar. Bitte später erneut versuchen.';
  }
  return fallback;
}
