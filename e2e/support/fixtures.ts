import { expect, type APIRequestContext, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.org`;
}

export interface SeededUser {
  email: string;
  password: string;
  token: string;
}

/** Registers a user through the API (fast set-up for journeys that are not about registration). */
export async function registerViaApi(
  request: APIRequestContext,
  overrides: Partial<{ email: string; password: string; firstname: string; lastname: string }> = {},
): Promise<SeededUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'e2e-passwort-1';
  const response = await request.post('/api/users/register', {
    data: { email, password, firstname: overrides.firstname ?? 'Erika', lastname: overrides.lastname ?? 'Mustermann' },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { jwt_token: string };
  return { email, password, token: body.jwt_token };
}

/** Logs in through the start page form and waits for the dashboard. */
export async function loginViaUi(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/');
  await page.getByLabel('E-Mail-Adresse').fill(user.email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The prerendered start page signs in without the app and then loads the dashboard as a new page.
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** Where the app keeps its session (apps/web/src/features/auth/persisted-session.ts, `AUTH_STORAGE_KEY`). */
const AUTH_STORAGE_KEY = 'streckenpass:auth';

/**
 * Signs in without the login form, for journeys that are not about logging in: the token is stored where the app
 * keeps its session (the record `writeStoredSession` writes), on a page of the app's origin that does not run the
 * app, and then `path` is opened. One navigation more than a reload, several fewer than the form.
 */
export async function signIn(page: Page, user: { token: string }, path = '/dashboard'): Promise<void> {
  const payload = user.token.split('.')[1] ?? '';
  const details = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  await page.goto('/api/health');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: AUTH_STORAGE_KEY,
    value: JSON.stringify({ state: { token: user.token, details, valid: true, error: null }, version: 0 }),
  });
  await page.goto(path);
  if (path === '/dashboard') {
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  }
}

/** Calls the API as the user. */
export async function apiAs(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'patch' | 'delete',
  url: string,
  data?: unknown,
) {
  return request[method](url, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'patch' ? { 'content-type': 'application/merge-patch+json' } : {}),
    },
    ...(data !== undefined ? { data } : {}),
  });
}

/** POSTs as the user, expects 201 and answers the created record's id. */
export async function createdAs(
  request: APIRequestContext,
  token: string,
  url: string,
  data: unknown,
): Promise<{ id: number }> {
  const response = await apiAs(request, token, 'post', url, data);
  expect(response.status(), url).toBe(201);
  return (await response.json()) as { id: number };
}
