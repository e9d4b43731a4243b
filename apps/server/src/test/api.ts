import type { App } from '../app.js';
import type { TestUser } from './helpers.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `call(method, url, user?, body?, contentType?)` through app.inject: the user's bearer token when given, a body
 * as JSON (a string is sent as is, for broken JSON), `application/json` unless another content type is named.
 */
export function createCaller(app: () => App) {
  return (method: Method, url: string, user?: TestUser, body?: unknown, contentType = 'application/json') => {
    const headers: Record<string, string> = { ...(user?.headers ?? {}) };
    if (body !== undefined) headers['content-type'] = contentType;
    return app().inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  };
}

/** The violations of a 422 problem answer. */
export function violations(response: { json(): unknown }): { propertyPath: string; message: string }[] {
  return (response.json() as { violations?: { propertyPath: string; message: string }[] }).violations ?? [];
}
