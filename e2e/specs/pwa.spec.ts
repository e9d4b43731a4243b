import { expect, test } from '@playwright/test';
import { apiAs, loginViaUi, registerViaApi } from '../support/fixtures';

test.describe('installable app', () => {
  test('serves a German manifest that meets the install criteria and activates a service worker', async ({
    page,
    request,
  }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: 'Streckenpass',
      lang: 'de',
      start_url: '/dashboard',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#/);
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true);

    // The app registers the worker; the prerendered public pages run only their small entry (decision 0019).
    await page.goto('/reset-password?token=x');
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 15_000 })
      .toBe('activated');
  });

  test('opens with the network off and shows the signed-in user’s data with an offline hint', async ({
    page,
    context,
    request,
  }) => {
    const user = await registerViaApi(request, { firstname: 'Otto', lastname: 'Offline' });
    await apiAs(request, user.token, 'post', '/api/routes', {
      name: 'Celle - Uelzen',
      startPoint: 'HC',
      endPoint: 'HU',
    });
    await loginViaUi(page, user);
    await expect(page.getByText('Hallo Otto Offline!')).toBeVisible();
    // Open the route list once online, as a driver would have before losing reception.
    await page.getByRole('link', { name: 'Dokumentation', exact: true }).first().click();
    await expect(page.getByRole('link', { name: /Celle - Uelzen/ }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await page.evaluate(async () => navigator.serviceWorker.ready);
    // Let the persister write the cache (throttled to once a second).
    await page.waitForTimeout(1500);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('Hallo Otto Offline!')).toBeVisible();
    await expect(page.getByText(/Offline — Stand vom \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/)).toBeVisible();
    await page.getByRole('link', { name: 'Dokumentation', exact: true }).first().click();
    await expect(page.getByRole('link', { name: /Celle - Uelzen/ }).first()).toBeVisible();
    await context.setOffline(false);
  });
});

test('announces a new build and reloads only when asked', async ({ page }) => {
  await page.goto('/?form=forgot');
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill('nicht-verlieren@example.org');
  // Simulate a deploy: the server now reports another build id.
  await page.route('**/build.json', (route) => route.fulfill({ json: { build: 'ein-neuer-build' } }));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const button = page.getByRole('button', { name: 'Neue Version verfügbar — neu laden' });
  await expect(button).toBeVisible();
  // Nothing reloads under the user's form by itself.
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('nicht-verlieren@example.org');
  const reloaded = page.waitForEvent('load');
  await button.click();
  await reloaded;
});

test.describe('chunk-load guard', () => {
  test.use({ serviceWorkers: 'block' });

  test('reloads once when a page chunk fails to load, and not a second time within 10 s', async ({ page, request }) => {
    // A signed-in page: its links are the app's own navigation, which loads the page chunk (the prerendered public
    // pages would simply be served again after the reload).
    await loginViaUi(page, await registerViaApi(request));
    let loads = 0;
    page.on('load', () => (loads += 1));
    // After a deploy the old chunk of the account page is gone.
    await page.route(/\/assets\/account-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.getByRole('link', { name: 'Konto', exact: true }).first().click();
    await expect(page.getByText(/neue Version von Streckenpass ist verfügbar/)).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(1500);
    expect(loads).toBe(1);
  });
});

test('a documentation saved offline is queued, shown as waiting, and arrives exactly once when back online', async ({
  page,
  context,
  request,
}) => {
  const user = await registerViaApi(request);
  const route = await (
    await apiAs(request, user.token, 'post', '/api/routes', {
      name: 'Lüneburg - Uelzen',
      startPoint: 'ALBG',
      endPoint: 'HU',
    })
  ).json();
  await loginViaUi(page, user);
  await page.goto('/documentation');
  await expect(page.getByRole('button', { name: `Strecke ${route.name} auswählen` })).toBeVisible();
  await page.evaluate(async () => navigator.serviceWorker.ready);

  await context.setOffline(true);
  await page.getByRole('button', { name: `Strecke ${route.name} auswählen` }).click();
  await page
    .getByRole('region', { name: 'Ausgewählte Objekte' })
    .getByRole('button', { name: 'Dokumentation speichern' })
    .click();
  await expect(page.getByText('Offline gespeichert')).toBeVisible();
  const outbox = page.getByRole('region', { name: 'Noch nicht gesendete Dokumentationen' });
  await expect(outbox.getByText('Wartet')).toBeVisible();

  // Survives a reload while still offline.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Noch nicht gesendete Dokumentationen' }).getByText('Wartet'),
  ).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Noch nicht gesendete Dokumentationen' })).toHaveCount(0, {
    timeout: 20_000,
  });
  // Another trigger must not send it again.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(1000);
  const activities = (await (await apiAs(request, user.token, 'get', '/api/route_activities')).json()) as {
    acquiredRoutes: string[];
  }[];
  expect(activities).toHaveLength(1);
  expect(activities[0]?.acquiredRoutes).toEqual([`/api/routes/${route.id}`]);
});
