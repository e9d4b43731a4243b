/**
 * The `err` serializer of the logger: what an error may put into the log. Database errors carry the values of
 * the statement that failed — Drizzle's `DrizzleQueryError` holds `params` and repeats them in its message
 * ("Failed query: … \nparams: …") and stack; PostgreSQL's `detail` names the offending values ("Key (email)=(…)");
 * an INSERT into users therefore put a scrypt hash into the log. So only fields known to hold no user data
 * are copied (an allow-list, not a deny-list), and the `params:` part of message and stack is cut off.
 */

/** Fields of Node, pg, PGlite, Fastify and ioredis errors that describe the failure, never the data. */
const SAFE_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'file',
  'line',
  'position',
  'statusCode',
  'validationContext',
] as const;

const MAX_DEPTH = 5;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/** Removes "params: …" (Drizzle appends the bound values to the message) up to the first stack frame. */
export function stripQueryValues(text: string): string {
  return text.replace(/\n?params:[\s\S]*?(?=\n\s+at |$)/g, '');
}

function serialize(value: unknown, depth: number): SerializedError | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'object') return { type: typeof value, message: stripQueryValues(String(value)), stack: '' };
  const error = value as Record<string, unknown> & { name?: unknown; message?: unknown; stack?: unknown };
  const result: SerializedError = {
    type: (value as object).constructor?.name ?? (typeof error.name === 'string' ? error.name : 'Error'),
    message: stripQueryValues(typeof error.message === 'string' ? error.message : ''),
    stack: typeof error.stack === 'string' ? stripQueryValues(error.stack) : '',
  };
  for (const field of SAFE_FIELDS) {
    const fieldValue = error[field];
    if (typeof fieldValue === 'string' || typeof fieldValue === 'number' || typeof fieldValue === 'boolean') {
      result[field] = fieldValue;
    }
  }
  if (depth < MAX_DEPTH && error.cause !== undefined) {
    const cause = serialize(error.cause, depth + 1);
    if (cause) result.cause = cause;
  }
  return result;
}

export function errSerializer(value: unknown): SerializedError {
  return serialize(value, 0) ?? { type: 'undefined', message: '', stack: '' };
}
