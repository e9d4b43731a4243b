import { randomBytes } from 'node:crypto';

/** A minimal HTTP client for the spawned server: JSON in, status and parsed body out; never throws on a status. */

export interface Answer {
  status: number;
  body: unknown;
  contentType: string;
  retryAfter: string | null;
}

export interface Client {
  base: string;
  token?: string;
}

export async function call(
  client: Client,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  timeoutMs = 15_000,
  extraHeaders: Record<string, string> = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...extraHeaders };
  if (client.token) headers.authorization = `Bearer ${client.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(client.base + path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // CSV, PDF, …: kept as text
  }
  return {
    status: response.status,
    body: parsed,
    contentType: response.headers.get('content-type') ?? '',
    retryAfter: response.headers.get('retry-after'),
  };
}

export interface RemoteUser extends Client {
  id: number;
  email: string;
  iri: string;
}

export async function register(base: string, label: string): Promise<RemoteUser> {
  const email = `${label}.${Date.now()}.${randomBytes(3).toString('hex')}@example.org`;
  const answer = await call({ base }, 'POST', '/api/users/register', {
    email,
    password: 'resilienz-passwort-1',
    firstname: 'Resi',
    lastname: label,
  });
  if (answer.status !== 201) throw new Error(`register ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  const token = (answer.body as { jwt_token: string }).jwt_token;
  const me = await call({ base, token }, 'GET', '/api/users/current');
  const id = (me.body as { id: number }).id;
  return { base, token, id, email, iri: `/api/users/${id}` };
}

/** Waits until /api/health answers `status` (200 or 503), polling; returns the milliseconds it took. */
export async function waitForHealth(base: string, status: number, timeoutMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const answer = await call({ base }, 'GET', '/api/health', undefined, 2_000);
      if (answer.status === status) return performance.now() - started;
    } catch {
      // not answering at all
    }
    if (performance.now() - started > timeoutMs)
      throw new Error(`/api/health did not answer ${status} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
