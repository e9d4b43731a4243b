import { REQUEST_PROBLEMS } from '@streckenpass/contract/problems';

/** An error that becomes an RFC 9457 problem details answer. */
export class HttpError extends Error {
  /** Response headers that go with the refusal (e.g. `Retry-After`). */
  headers?: Record<string, string>;
  constructor(
    public readonly statusCode: number,
    public readonly title: string,
    public readonly detail?: string,
    public readonly violations?: { propertyPath: string; message: string }[],
  ) {
    super(detail ?? title);
  }
}

export const badRequest = (detail: string = REQUEST_PROBLEMS.badRequest) => new HttpError(400, 'Bad Request', detail);
export const unauthorized = (detail = 'Anmeldung erforderlich.') => new HttpError(401, 'Unauthorized', detail);
export const forbidden = (detail = 'Kein Zugriff auf diesen Eintrag.') => new HttpError(403, 'Forbidden', detail);
export const notFound = (detail = 'Eintrag nicht gefunden.') => new HttpError(404, 'Not Found', detail);
export const unprocessable = (violations: { propertyPath: string; message: string }[]) =>
  new HttpError(422, 'An error occurred', violations.map((v) => v.message).join(' '), violations);
