import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, configureApiClient } from './api-client';
import {
  BadGatewayError,
  BadRequestError,
  ForbiddenError,
  GenericError,
  germanMessage,
  InternalServerError,
  NetworkError,
  NotFoundError,
  ServiceUnavailableError,
  UnauthorizedError,
  UnprocessableError,
} from './api-errors';

function mockFetch(status: number, body: unknown, statusText = '') {
  const fetchMock = vi.fn(
    async () =>
      new Response(body === null ? null : JSON.stringify(body), {
        status,
        statusText,
        headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({ getToken: () => null, onUnauthorized: () => {} });
});

describe('api client', () => {
  it('sends the bearer token, JSON bodies and merge-patch for PATCH, against the page origin', async () => {
    configureApiClient({ getToken: () => 'tok', onUnauthorized: () => {} });
    const fetchMock = mockFetch(200, { id: 1 });
    await api.patch('/api/routes/1', { name: 'X' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${window.location.origin}/api/routes/1`);
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['content-type']).toBe('application/merge-patch+json');
    expect(init.body).toBe('{"name":"X"}');
    await api.post('/api/routes', { name: 'Y' });
    expect(
      ((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].headers as Record<string, string>)[
        'content-type'
      ],
    ).toBe('application/json');
  });

  it.each([
    [400, BadRequestError, 'Bad Request'],
    [401, UnauthorizedError, 'Unauthorized'],
    [403, ForbiddenError, 'Forbidden'],
    [404, NotFoundError, 'Not found'],
    [422, UnprocessableError, 'An error occurred'],
    [500, InternalServerError, 'Internal Server Error'],
    [502, BadGatewayError, 'Bad Gateway'],
    [503, ServiceUnavailableError, 'Service Unavailable'],
  ])('maps %i to the catalogue error', async (status, type, message) => {
    mockFetch(status, { status, title: 'x' });
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toBe(message);
  });

  it("maps a 400 with 'Invalid input' to that message", async () => {
    mockFetch(400, { status: 400, detail: 'Invalid input' });
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect((error as Error).message).toBe('Invalid input');
  });

  it('maps any other status to a Generic Error with status, status text and body', async () => {
    mockFetch(418, { nope: true }, "I'm a teapot");
    const error = (await api.get('/api/x').catch((e: unknown) => e)) as GenericError;
    expect(error).toBeInstanceOf(GenericError);
    expect(error.message).toContain('Generic Error');
    expect(error.message).toContain('418');
    expect(error.message).toContain("I'm a teapot");
    expect(error.message).toContain('nope');
  });

  it('resets the session on a 401 of an authenticated call, not of an anonymous one', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ getToken: () => 'tok', onUnauthorized });
    mockFetch(401, { status: 401 });
    await api.get('/api/users/current').catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await api.post('/api/login_check', {}, { auth: false }).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('stores a renewed token the server sends with an answer (sliding session)', async () => {
    const onTokenRenewed = vi.fn();
    configureApiClient({ getToken: () => 'old-token', onUnauthorized: () => {}, onTokenRenewed });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('[]', {
            status: 200,
            headers: { 'content-type': 'application/json', 'x-renewed-token': 'new-token' },
          }),
      ),
    );
    await api.get('/api/routes');
    expect(onTokenRenewed).toHaveBeenCalledWith('new-token');
    mockFetch(200, []);
    await api.get('/api/routes');
    expect(onTokenRenewed).toHaveBeenCalledTimes(1);
  });

  it('turns a failed connection into a NetworkError with a German message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(germanMessage(error)).toMatch(/Keine Verbindung/);
  });

  it("prefers the server's German message", async () => {
    mockFetch(400, { success: false, message: 'Das aktuelle Passwort ist falsch.' });
    const error = await api.post('/api/users/change-password', {}).catch((e: unknown) => e);
    expect(germanMessage(error)).toBe('Das aktuelle Passwort ist falsch.');
  });
});
