import { expect, test, type Page } from '@playwright/test';
import { apiAs, loginViaUi, registerViaApi } from '../support/fixtures';
import { dayOffset } from '../support/seed';

/**
 * A driver in a tunnel (issue 15): signed in, pages loaded, connection lost, pages reloaded again and again.
 * Stored data must stay on screen, never be replaced by an error, and survive every reload. The page's clock is
 * Playwright's (issue 39): it runs as a real one, and the waits in the tunnel are run through at once, every timer
 * of the app (retries, staleness, the stored copy's age) firing as it would in those seconds.
 */
test('every signed-in page reads offline for 60 s across three reloads each, and nothing stored is lost', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(300_000);
  const user = await registerViaApi(request, { firstname: 'Tilda', lastname: 'Tunnel' });
  const post = async (url: string, data: unknown) => (await apiAs(request, user.token, 'post', url, data)).json();
  const r1 = await post('/api/routes', { name: 'Kassel – Göttingen', startPoint: 'FKW', endPoint: 'HG' });
  const r2 = await post('/api/routes', { name: 'Göttingen – Northeim', startPoint: 'HG', endPoint: 'HN' });
  const tour = await post('/api/tours', {
    name: 'Südniedersachsen',
    routes: [`/api/routes/${r1.id}`, `/api/routes/${r2.id}`],
  });
  const vehicle = await post('/api/vehicles', { name: 'BR 1440 Coradia' });
  const acquiredAt = dayOffset(-300);
  const activity = await post('/api/route_activities', { acquiredAt, acquiredRoutes: [`/api/routes/${r1.id}`] });

  // What each page must still show offline: data from the server, not only its frame.
  const pages: { path: string; shows: (page: Page) => ReturnType<Page['getByText']> }[] = [
    { path: '/dashboard', shows: (p) => p.getByRole('list', { name: 'Ablaufende Strecken' }).getByText(r1.name) },
    { path: '/documentation', shows: (p) => p.getByRole('button', { name: `Strecke ${r2.name} auswählen` }) },
    { path: '/route-activity', shows: (p) => p.getByRole('link', { name: /^Dokumentation vom / }) },
    { path: `/route-activity/${activity.id}`, shows: (p) => p.getByText(r1.name).first() },
    { path: `/route/${r1.id}`, shows: (p) => p.getByText(tour.name).first() },
    { path: `/route/edit/${r1.id}`, shows: (p) => p.getByRole('textbox', { name: /Name der Strecke/ }) },
    { path: `/tour/${tour.id}`, shows: (p) => p.getByText(r2.name).first() },
    { path: `/tour/edit/${tour.id}`, shows: (p) => p.getByText(r2.name).first() },
    { path: `/vehicle/${vehicle.id}`, shows: (p) => p.getByText(vehicle.name).first() },
    { path: `/vehicle/edit/${vehicle.id}`, shows: (p) => p.getByRole('textbox', { name: /Name des Fahrzeugs/ }) },
    { path: '/account', shows: (p) => p.getByText(user.email).first() },
    { path: '/account/settings', shows: (p) => p.getByRole('heading', { level: 1 }) },
    { path: '/account/change-password', shows: (p) => p.getByRole('heading', { level: 1 }) },
    { path: '/route/new', shows: (p) => p.getByRole('heading', { level: 1 }) },
    { path: '/tour/new', shows: (p) => p.getByText(r2.name).first() },
    { path: '/vehicle/new', shows: (p) => p.getByRole('heading', { level: 1 }) },
  ];

  await page.clock.install();
  await loginViaUi(page, user);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  for (const { path, shows } of pages) {
    await page.goto(path);
    await expect(shows(page)).toBeVisible();
  }
  // A selection on the documentation page must survive the tunnel too.
  await page.goto('/documentation');
  await page.getByRole('button', { name: `Tour ${tour.name} auswählen` }).click();
  await expect(page.getByRole('button', { name: `Tour ${tour.name} auswählen`, pressed: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(pages[0]!.shows(page)).toBeVisible();

  await context.setOffline(true);
  const pageTime = () => page.evaluate(() => Date.now());
  const offlineSince = await pageTime();
  for (const { path, shows } of pages) {
    await page.goto(path);
    for (let reload = 1; reload <= 3; reload += 1) {
      await page.reload();
      await expect(shows(page), `${path}, reload ${reload}`).toBeVisible();
      await expect(page.getByText(/^Offline — Stand vom \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBeVisible();
    }
    // Before the fix, failed refetches replaced the data after about three seconds.
    await page.clock.runFor(3_500);
    await expect(shows(page), `${path} after 3.5 s`).toBeVisible();
    await expect(page.getByText('Laden fehlgeschlagen')).toHaveCount(0);
  }
  const remaining = 60_000 - ((await pageTime()) - offlineSince);
  if (remaining > 0) await page.clock.runFor(remaining);

  // Still everything there after a minute: stored copy and selection intact.
  await page.goto('/dashboard');
  await page.reload();
  await expect(pages[0]!.shows(page)).toBeVisible();
  await expect(page.getByText('keine gespeicherten Daten')).toHaveCount(0);
  await page.goto('/documentation');
  await expect(page.getByRole('button', { name: `Tour ${tour.name} auswählen`, pressed: true })).toBeVisible();
  expect((await pageTime()) - offlineSince).toBeGreaterThanOrEqual(60_000);

  await context.setOffline(false);
});

test('a drive saved on the documentation page shows on the dashboard opened offline right after', async ({
  page,
  context,
  request,
}) => {
  const user = await registerViaApi(request);
  const post = async (url: string, data: unknown) => (await apiAs(request, user.token, 'post', url, data)).json();
  const route = await post('/api/routes', { name: 'Hildesheim – Goslar', startPoint: 'HHI', endPoint: 'HGOS' });
  const acquiredAt = dayOffset(-300);
  await post('/api/route_activities', { acquiredAt, acquiredRoutes: [`/api/routes/${route.id}`] });

  await loginViaUi(page, user);
  const overview = page.getByRole('list', { name: 'Ablaufende Strecken' });
  await expect(overview.getByText(route.name)).toBeVisible();
  await expect(overview).toContainText('In 64 Tagen');
  await page.evaluate(async () => navigator.serviceWorker.ready);

  await page.getByRole('link', { name: 'Dokumentation', exact: true }).first().click();
  await page.getByRole('button', { name: `Strecke ${route.name} auswählen` }).click();
  // The route's new validity is the server's (issue 39): it arrives with the refetch that follows the save.
  const refetched = page.waitForResponse((response) => response.url().endsWith('/api/routes/expiring'));
  await page
    .getByRole('region', { name: 'Ausgewählte Objekte' })
    .getByRole('button', { name: 'Dokumentation speichern' })
    .click();
  await expect(page.getByText('Dokumentation gespeichert', { exact: true })).toBeVisible();
  await refetched;
  // The connection is lost the moment the dashboard opens: nothing can be refetched.
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  await page.reload();
  await expect(page.getByText(/^Offline — Stand vom /)).toBeVisible();
  await expect(page.getByRole('button', { name: '1 gültig' })).toBeVisible();
  await expect(page.getByText('In 64 Tagen')).toHaveCount(0);
  await context.setOffline(false);
});
