import { errorForStatus, NetworkError, UnauthorizedError } from './api-errors';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  body?: unknown;
  /** PATCH bodies go out as application/merge-patch+json (RFC 7386). */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** A file sent as the body as it is (uploads), with `contentType`; instead of a JSON `body`. */
  file?: Blob;
  contentType?: string;
  /** Answer as a Blob (downloads): a File named as the server's Content-Disposition says, when it names one. */
  responseType?: 'json' | 'blob';
}

interface ClientHooks {
  getToken: () => string | null;
  /** Called once when an authenticated call answers 401: stored data is reset and the guard sends the user to /. */
  onUnauthorized: () => void;
  /** The server renewed the session (sliding expiry): the answer carries a fresh token to store. */
  onTokenRenewed?: (token: string) => void;
}

/** Header of an answer that carries a renewed bearer token. */
const RENEWED_TOKEN_HEADER = 'x-renewed-token';

let hooks: ClientHooks = { getToken: () => null, onUnauthorized: () => {} };

/** Wires the client to the auth store (done once at start and again after every login: "rebuilt"). */
export function configureApiClient(next: ClientHooks): void {
  hooks = next;
}

/** Base = the page's own origin, so one build serves every host. */
export function apiUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (!text) return null;
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function readFile(response: Response): Promise<Blob> {
  const filename = filenameFromDisposition(response.headers.get('content-disposition'));
  if (!filename) return response.blob();
  const type = response.headers.get('content-type') ?? '';
  return new File([await response.arrayBuffer()], filename, { type });
}

/** The file name of a `Content-Disposition` header (RFC 6266: `filename*=UTF-8''…` wins over `filename="…"`). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // Malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(header);
  return plain?.[1] || plain?.[2] || null;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = options.auth === false ? null : hooks.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
    body = JSON.stringify(options.body);
  } else if (options.file !== undefined) {
    headers['content-type'] = options.contentType ?? 'application/octet-stream';
    body = options.file;
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { method, headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError('Network Error', 0, 'Network Error', null);
  }
  const renewed = token ? response.headers.get(RENEWED_TOKEN_HEADER) : null;
  if (renewed && hooks.getToken() === token) hooks.onTokenRenewed?.(renewed);
  if (!response.ok) {
    const errorBody = await readBody(response);
    const error = errorForStatus(response.status, response.statusText, errorBody);
    if (error instanceof UnauthorizedError && token) hooks.onUnauthorized();
    throw error;
  }
  if (options.responseType === 'blob') return (await readFile(response)) as T;
  if (response.status === 204) return undefined as T;
  return (await readBody(response)) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<void>(path, { ...options, method: 'DELETE' }),
};
