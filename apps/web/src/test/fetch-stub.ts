import { vi } from 'vitest';

export interface StubbedCall {
  method: string;
  path: string;
  body: unknown;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
}

type Handler = (call: StubbedCall) => { status: number; body?: unknown } | undefined;

/**
 * Stubs `fetch` with a handler per call (method + path + parsed JSON body); unhandled calls answer 404. Returns the
 * list of calls made, for assertions.
 */
export function stubFetch(handler: Handler): StubbedCall[] {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: StubbedCall = {
        method: init.method ?? 'GET',
        path: new URL(url).pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
      };
      calls.push(call);
      const answer = handler(call) ?? { status: 404, body: { title: 'Not Found', status: 404 } };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': answer.status >= 400 ? 'application/problem+json' : 'application/json' },
      });
    }),
  );
  return calls;
}
