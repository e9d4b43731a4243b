import { expect, test } from '@playwright/test';
import { aboutPage, donatePage, legalPage, startPage } from '../../apps/web/src/content/public-pages';
import { expectNoCspViolations, listenForCspViolations } from '../support/audits';
import { loginViaUi, registerViaApi } from '../support/fixtures';

// Issue 15, item 8: the public pages paint their content from prerendered HTML before the app bundle has loaded
// (apps/web/src/content/prerender.ts, served by apps/server/src/plugins/spa.ts); the app then replaces it.
const pages = [
  { path: '/', heading: startPage.loginTitle, text: startPage.features[0], title: 'Anmelden – Streckenpass' },
  { path: '/about', heading: aboutPage.title, text: aboutPage.howSteps[2], title: 'Informationen – Streckenpass' },
  { path: '/legal', heading: legalPage.title, text: legalPage.privacy[2], title: 'Rechtliches – Streckenpass' },
  { path: '/donate', heading: donatePage.title, text: donatePage.help[0], title: 'Unterstützen – Streckenpass' },
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading, text, title } of pages) {
    test(`${path} shows its content from the prerendered HTML`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('no-cache');
      const csp = response?.headers()['content-security-policy'] ?? '';
      const nonce = await page.locator('meta[name="csp-nonce"]').getAttribute('content');
      expect(nonce).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
      expect(csp).toContain(`'nonce-${nonce}'`);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
      // Styled by the nonce'd block: the copy is not unstyled browser default.
      expect(await page.locator('.pp').evaluate((el) => getComputedStyle(el).fontFamily)).toContain('system-ui');
    });
  }

  test('a signed-in page is not prerendered', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test.describe('with JavaScript', () => {
  for (const { path, heading, text } of pages) {
    test(`${path} becomes the app's page, without CSP violations`, async ({ page }) => {
      await listenForCspViolations(page);
      await page.goto(path);
      // The static copy is gone once React has rendered, and the app's theme (primary colour "signal") applies –
      // the deferred stylesheet must not override Mantine's injected variables.
      await expect(page.locator('#root .pp')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
      );
      // signal[7] (apps/web/src/app/theme.ts), not Mantine's default blue #228be6.
      expect(primary.toLowerCase()).toBe('#c81a1b');
      const stylesheet = page.locator('link[rel="stylesheet"][href*="/assets/index-"]');
      await expect(stylesheet).toHaveAttribute('media', 'all');
      await expectNoCspViolations(page, path);
    });
  }

  test('the login form on the start page signs in; a signed-in user opening /about goes to the dashboard', async ({
    page,
    request,
  }) => {
    await listenForCspViolations(page);
    const user = await registerViaApi(request, { password: 'Prerender prüft die Anmeldung' });
    await loginViaUi(page, user);
    await page.goto('/about');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectNoCspViolations(page, 'login and redirect');
  });
});
