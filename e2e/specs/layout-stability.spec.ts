import { expect, test, type Page } from '@playwright/test';
import { apiAs, loginViaUi, registerViaApi } from '../support/fixtures';
import { dayOffset } from '../support/seed';

// A phone, and answers that take a moment as on a mobile network: a page painted before its answers arrive would
// then grow and push what the driver already sees down the screen (Lighthouse measured 0.74 cumulative layout shift
// on the dashboard's first load before decision 0029).
test.use({ viewport: { width: 360, height: 800 } });

declare global {
  interface Window {
    __layoutShifts?: number[];
  }
}

async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__layoutShifts?.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window.__layoutShifts ?? []).reduce((sum, value) => sum + value, 0));

test('the first signed-in load paints the dashboard and the documentation page once, without layout shifts', async ({
  page,
  request,
}) => {
  // Not verified: the banner above the navigation depends on the account's answer.
  const user = await registerViaApi(request, { firstname: 'Stefan', lastname: 'Stabil' });
  const post = async (url: string, data: unknown) => (await apiAs(request, user.token, 'post', url, data)).json();
  const routes = [];
  for (const name of ['Hamburg – Lübeck', 'Lübeck – Kiel', 'Kiel – Flensburg']) {
    routes.push(await post('/api/routes', { name, startPoint: 'A', endPoint: 'B' }));
  }
  await post('/api/tours', { name: 'Nordtour', routes: routes.map((route) => `/api/routes/${route.id}`) });
  await post('/api/vehicles', { name: 'BR 112' });
  await post('/api/route_activities', {
    acquiredAt: dayOffset(-340),
    acquiredRoutes: [`/api/routes/${routes[0].id}`],
  });

  await recordLayoutShifts(page);
  await page.route('**/api/**', async (route) => {
    if (!route.request().url().includes('/api/login_check')) await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });

  await loginViaUi(page, user);
  await expect(page.getByRole('region', { name: 'E-Mail-Bestätigung' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Nach Zustand filtern' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Heute gefahren' })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await layoutShift(page), 'layout shift of the dashboard').toBeLessThan(0.01);

  // The documentation page's vehicles were not loaded by the dashboard: the page waits for them too.
  await page.goto('/documentation');
  await expect(page.getByRole('heading', { name: 'Dokumentation', level: 1 })).toBeVisible();
  await expect(page.getByText('BR 112')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await layoutShift(page), 'layout shift of the documentation page').toBeLessThan(0.01);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('moving between pages whose data is already there shows no spinner in between', async ({ page, request }) => {
    const user = await registerViaApi(request, { firstname: 'Nora', lastname: 'Nahtlos' });
    await apiAs(request, user.token, 'post', '/api/routes', { name: 'Aachen – Köln', startPoint: 'A', endPoint: 'K' });
    await loginViaUi(page, user);
    await page.getByRole('link', { name: 'Dokumentation', exact: true }).click();
    await expect(page.getByText('Aachen – Köln').first()).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Heute gefahren' })).toBeVisible();

    // From now on every answer is in the cache: a page must appear with it at once, not after a spinner.
    await page.evaluate(() => {
      const seen = { spinner: 0 };
      (window as unknown as { __spinner: typeof seen }).__spinner = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="status"][aria-label="Wird geladen"]')) seen.spinner += 1;
      }).observe(document.body, { subtree: true, childList: true });
    });
    await page.getByRole('link', { name: 'Dokumentation', exact: true }).click();
    await expect(page.getByText('Aachen – Köln').first()).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Heute gefahren' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __spinner: { spinner: number } }).__spinner.spinner)).toBe(
      0,
    );
  });
});
