import { expect, test, type Page } from '@playwright/test';
import { expectNoCspViolations, listenForCspViolations, smallTouchTargets } from '../support/audits';
import { apiAs, signIn, registerViaApi } from '../support/fixtures';

test.use({ viewport: { width: 360, height: 800 } });

test.beforeEach(async ({ page }) => {
  await listenForCspViolations(page);
});

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Wird geladen' })).toHaveCount(0);
}

test('public pages at 360 px: every target is at least 44 × 44 px, no CSP violation', async ({ page }) => {
  for (const path of ['/', '/about', '/legal', '/donate', '/reset-password?token=x']) {
    await page.goto(path);
    await settle(page);
    expect.soft(await smallTouchTargets(page), `small targets on ${path}`).toEqual([]);
    await expectNoCspViolations(page, path);
  }
  // The app's mobile menu, opened (the prerendered public pages' menu: start-header.spec.ts).
  await page.goto('/reset-password?token=x');
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  expect.soft(await smallTouchTargets(page), 'small targets in the open menu').toEqual([]);
});

// Every signed-in page at both widths, light and dark, with its CSP: audit-screens.spec.ts (issue 39).
test('the delete dialog at 360 px: 44 px targets, no CSP violation, page locked', async ({ page, request }) => {
  const user = await registerViaApi(request, { firstname: 'Daumen', lastname: 'Breit' });
  const post = async (url: string, data: unknown) => (await apiAs(request, user.token, 'post', url, data)).json();
  const route = await post('/api/routes', { name: 'Hannover – Celle', startPoint: 'HH', endPoint: 'HC' });
  const activity = await post('/api/route_activities', {
    acquiredAt: '2026-06-01',
    acquiredRoutes: [`/api/routes/${route.id}`],
  });
  await signIn(page, user);
  await page.goto(`/route-activity/${activity.id}`);
  await settle(page);

  // The delete dialog: its scroll lock injects a <style>, which needs the nonce.
  await page.getByRole('button', { name: 'Dokumentation löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dokumentation löschen?' });
  await expect(dialog).toBeVisible();
  expect.soft(await smallTouchTargets(page), 'small targets in the delete dialog').toEqual([]);
  await expectNoCspViolations(page, 'delete dialog');
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
});
