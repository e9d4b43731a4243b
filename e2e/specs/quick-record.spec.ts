import { expect, test, type Page } from '@playwright/test';
import { apiAs, signIn, registerViaApi, type SeededUser } from '../support/fixtures';

test.use({ viewport: { width: 360, height: 800 } });

interface Seeded {
  user: SeededUser;
  tour: { id: number; name: string };
  routes: { id: number; name: string }[];
}

async function seed(request: Parameters<typeof registerViaApi>[0]): Promise<Seeded> {
  const user = await registerViaApi(request, { firstname: 'Quirin', lastname: 'Schnell' });
  const post = async (url: string, data: unknown) => (await apiAs(request, user.token, 'post', url, data)).json();
  const r1 = await post('/api/routes', { name: 'Bremen – Verden', startPoint: 'HB', endPoint: 'HVE' });
  const r2 = await post('/api/routes', { name: 'Verden – Nienburg', startPoint: 'HVE', endPoint: 'HNB' });
  const tour = await post('/api/tours', {
    name: 'Weserbogen',
    routes: [`/api/routes/${r1.id}`, `/api/routes/${r2.id}`],
  });
  // Driven 300 days ago: "In 64 Tagen" on the overview until it is driven again.
  const acquiredAt = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
  await post('/api/route_activities', { acquiredAt, acquiredRoutes: [`/api/routes/${r1.id}`] });
  return { user, tour, routes: [r1, r2] };
}

function today(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
}

/** Counts the driver's taps: every click and tap on the page. */
async function countTaps(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    (window as unknown as { __taps: number }).__taps = 0;
    document.addEventListener('click', () => ((window as unknown as { __taps: number }).__taps += 1), true);
  });
  return () => page.evaluate(() => (window as unknown as { __taps: number }).__taps);
}

test('records a tour driven today in at most three taps after the app opens', async ({ page, request }) => {
  const { user, tour, routes } = await seed(request);
  await signIn(page, user);
  // Opening the installed app lands on its start page, the dashboard.
  await page.goto('/dashboard');
  const quick = page.getByRole('region', { name: 'Heute gefahren' });
  await expect(quick.getByRole('button', { name: new RegExp(tour.name) })).toBeVisible();
  const overview = page.getByRole('list', { name: 'Ablaufende Strecken' });
  await expect(overview.getByText(routes[0]!.name)).toBeVisible();
  const taps = await countTaps(page);

  await quick.getByRole('button', { name: new RegExp(tour.name) }).click();
  await quick.getByRole('button', { name: /^2 Strecken speichern/ }).click();
  await expect(page.getByText('Dokumentation gespeichert', { exact: true })).toBeVisible();
  expect(await taps()).toBeLessThanOrEqual(3);

  const activities = (await (await apiAs(request, user.token, 'get', '/api/route_activities')).json()) as {
    acquiredAt: string;
    acquiredRoutes: string[];
  }[];
  expect(activities).toHaveLength(2);
  expect(activities[0]?.acquiredAt.slice(0, 10)).toBe(today());
  expect([...(activities[0]?.acquiredRoutes ?? [])].sort()).toEqual(routes.map((r) => `/api/routes/${r.id}`).sort());
  // The choice is cleared for the next drive; the overview already shows the renewed routes.
  await expect(quick.getByRole('button', { name: new RegExp(tour.name), pressed: true })).toHaveCount(0);
  await expect(overview.getByText(routes[0]!.name)).toHaveCount(0);
});

test('records offline through the outbox and tells the driver when it has been sent', async ({
  page,
  context,
  request,
}) => {
  const { user, tour } = await seed(request);
  await signIn(page, user);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Heute gefahren' })).toBeVisible();
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.waitForTimeout(1200);

  await context.setOffline(true);
  await page.reload();
  const quick = page.getByRole('region', { name: 'Heute gefahren' });
  await quick.getByRole('button', { name: new RegExp(tour.name) }).click();
  await quick.getByRole('button', { name: /^2 Strecken speichern/ }).click();
  await expect(page.getByText('Offline gespeichert', { exact: true })).toBeVisible();
  // Queued drives show on the dashboard too.
  const outbox = page.getByRole('region', { name: 'Noch nicht gesendete Dokumentationen' });
  await expect(outbox.getByText('Wartet')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('Nachgesendet', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(outbox).toHaveCount(0);
  const activities = (await (await apiAs(request, user.token, 'get', '/api/route_activities')).json()) as unknown[];
  expect(activities).toHaveLength(2);
});
