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

/**
 * An error the app raises itself (not the server) whose message already is the German sentence to show: a file
 * that is no backup, a refusal of the browser's push service, a registration the server declined.
 */
export class GermanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The catalogue: each known status's error and its text. */
const CATALOGUE: Record<number, [typeof ApiError, string]> = {
  400: [BadRequestError, 'Bad Request'],
  401: [UnauthorizedError, 'Unauthorized'],
  403: [ForbiddenError, 'Forbidden'],
  404: [NotFoundError, 'Not found'],
  422: [UnprocessableError, 'An error occurred'],
  429: [TooManyRequestsError, 'Too Many Requests'],
  500: [InternalServerError, 'Internal Server Error'],
  502: [BadGatewayError, 'Bad Gateway'],
  503: [ServiceUnavailableError, 'Service Unavailable'],
};

export function errorForStatus(status: number, statusText: string, body: unknown): ApiError {
  const known = CATALOGUE[status];
  if (!known)
    return new GenericError(
      `Generic Error: ${status} ${statusText} ${typeof body === 'string' ? body : JSON.stringify(body)}`,
      status,
      statusText,
      body,
    );
  const [Kind, text] = known;
  const invalidInput = status === 400 && (body as { detail?: unknown } | null)?.detail === 'Invalid input';
  return new Kind(invalidInput ? 'Invalid input' : text, status, statusText, body);
}

/**
 * The one way an error becomes words for a user (notifications, alerts, form messages): the app's own German
 * sentence, the server's German detail (or its first violation), or a sentence for the status; `fallback` for
 * anything else – a browser's or a library's error is English and never shown as it is.
 */
export function germanMessage(error: unknown, fallback = 'Es ist ein Fehler aufgetreten'): string {
  if (error instanceof GermanError) return error.message;
  if (error instanceof NetworkError) return 'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.';
  // The server names what is running when one account starts a second import, restore or export (issue 24).
  if (error instanceof TooManyRequestsError)
    return error.serverMessage?.startsWith('Für Ihr Konto läuft gerade')
      ? error.serverMessage
      : 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.';
  if (error instanceof ApiError) {
    if (error.serverMessage && error.serverMessage !== 'Invalid input') return error.serverMessage;
    const violation = error.violations.find((v) => v.message)?.message;
    if (violation) return violation;
    if (error instanceof ForbiddenError) return 'Sie haben keinen Zugriff auf diesen Eintrag.';
    if (error instanceof NotFoundError) return 'Der Eintrag wurde nicht gefunden.';
    if (error instanceof ServiceUnavailableError || error instanceof BadGatewayError)
      return 'Der Dienst ist vorübergehend nicht erreichbar. Bitte später erneut versuchen.';
  }
  return fallback;
}
