import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { REQUEST_PROBLEMS } from '@streckenpass/contract/problems';
import { HttpError } from '../lib/errors.js';
import { isMissing, problem, zodIssuesToProblem } from '../lib/problem.js';

/** Fastify's 400s by code, worded in German. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: REQUEST_PROBLEMS.brokenJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: REQUEST_PROBLEMS.emptyJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: REQUEST_PROBLEMS.badContentLength,
};

/**
 * Classifies every error into RFC 9457 problem details: validation (400/422), our own HttpErrors, Fastify's client
 * errors (bad JSON, too large, wrong type), rate limits, a lost database (503, so clients retry), and anything else
 * (500 without details; the cause goes to the log only).
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Problem details are sent as they are: a route that declares its own shape for the same status (the account
  // calls' `{ success, message }`) must not turn a body parse error into a serialization failure (500).
  reply.serializer(JSON.stringify);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const data = validatedData(request, error.validationContext);
    const body = zodIssuesToProblem(
      error.validation.map((v) => {
        const path = v.instancePath.split('/').filter(Boolean);
        return {
          code: v.keyword,
          path,
          message: v.message ?? '',
          expected: v.params.expected,
          keys: Array.isArray(v.params.keys) ? (v.params.keys as string[]) : undefined,
          missing: isMissing(data, path),
        };
      }),
    );
    return reply.status(body.status).type('application/problem+json').send(body);
  }
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    if (error.headers) reply.headers(error.headers);
    return reply
      .status(error.statusCode)
      .type('application/problem+json')
      .send(problem(error.statusCode, error.title, error.detail, error.violations));
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema');
    return reply.status(500).type('application/problem+json').send(problem(500, 'Internal Server Error'));
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 429) {
    return reply
      .status(429)
      .type('application/problem+json')
      .send(problem(429, 'Too Many Requests', 'Zu viele Anfragen. Bitte später erneut versuchen.'));
  }
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: body too large, wrong content type, a broken Content-Length (the JSON bodies have
    // their own parser, http/json-body.ts). German for people, like every detail (packages/contract/src/problems.ts).
    const detail =
      status === 413
        ? (request.routeOptions.config.bodyTooLarge ?? 'Die Anfrage ist zu groß.')
        : status === 415
          ? 'Nicht unterstützter Inhaltstyp.'
          : (FASTIFY_CLIENT_ERRORS[error.code] ?? REQUEST_PROBLEMS.badRequest);
    return reply
      .status(status)
      .type('application/problem+json')
      .send(problem(status, titleFor(status), detail));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .status(503)
      .header('Retry-After', '5')
      .type('application/problem+json')
      .send(problem(503, 'Service Unavailable', 'Der Dienst ist vorübergehend nicht erreichbar.'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).type('application/problem+json').send(problem(500, 'Internal Server Error'));
}

/** The part of the request a schema judged: the body, the query string, the path's parameters or the headers. */
function validatedData(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return request.body;
}

export function titleFor(status: number): string {
  return (
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      405: 'Method Not Allowed',
      406: 'Not Acceptable',
      413: 'Payload Too Large',
      414: 'URI Too Long',
      415: 'Unsupported Media Type',
    }[status] ?? 'Bad Request'
  );
}

const DB_DOWN_CODES = new Set([
  // The socket: refused, reset, timed out, unreachable, name not resolvable (yet).
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: too many connections, shut down / terminated by an administrator, crash, cannot connect now,
  // idle-session timeout, and the connection exceptions of class 08.
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** Messages of node-postgres itself (no code). */
const DB_DOWN_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable/i;

/** A failure of the database connection, not of the query: answered 503 so that clients retry later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; routine?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && DB_DOWN_CODES.has(candidate.code)) return true;
    // The server's messages may be translated (lc_messages); the name of the routine that refused is not.
    if (candidate.code === '55000' && candidate.routine === 'CheckMyDatabase') return true;
    if (typeof candidate.message === 'string' && DB_DOWN_MESSAGE.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}
