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
  await page.getByLabel('E-Mail Adresse').fill(user.email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The prerendered start page signs in without the app and then loads the dashboard as a new page.
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
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

/** Every signed-in page of the route table, for a user with one route, tour, vehicle and route activity. */
export function signedInPaths(ids: { route: number; tour: number; vehicle: number; activity: number }): string[] {
  return [
    '/dashboard',
    '/documentation',
    '/map',
    '/route/new',
    `/route/${ids.route}`,
    `/route/edit/${ids.route}`,
    '/tour/new',
    `/tour/${ids.tour}`,
    `/tour/edit/${ids.tour}`,
    '/vehicle/new',
    `/vehicle/${ids.vehicle}`,
    `/vehicle/edit/${ids.vehicle}`,
    '/account',
    '/account/settings',
    '/account/change-password',
    '/account/notifications',
    '/account/data',
    '/route-activity',
    `/route-activity/${ids.activity}`,
  ];
}
