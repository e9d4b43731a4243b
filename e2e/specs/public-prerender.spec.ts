import { expect, test } from '@playwright/test';
import { aboutPage, donatePage, legalPage, siteHeader, startPage } from '../../apps/web/src/content/public-pages';
import { expectNoCspViolations, listenForCspViolations } from '../support/audits';
import { registerViaApi } from '../support/fixtures';

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

  test('on a phone the header lists its links: the menu button and the colour toggle need the script', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/legal');
    const navigation = page.getByRole('navigation', { name: siteHeader.navigation });
    await expect(navigation.getByRole('link')).toHaveText(siteHeader.links.map((link) => link.label));
    await expect(navigation.getByRole('link', { name: 'Rechtliches' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: siteHeader.openMenu })).toHaveCount(0);
    await expect(page.getByRole('button', { name: siteHeader.toLight })).toHaveCount(0);
  });

  test('a signed-in page is not prerendered: only the boot splash (the name) until the app runs', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toHaveText('Streckenpass');
    await expect(page.getByRole('heading')).toHaveCount(0);
  });
});

test.describe('with JavaScript, signed out', () => {
  for (const { path, heading, text } of pages) {
    test(`${path} runs only the small public entry, not the app, without CSP violations`, async ({ page }) => {
      await listenForCspViolations(page);
      const scripts: string[] = [];
      const prefetched: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (request.resourceType() === 'script') scripts.push(path);
        else if (/\/assets\/index-[^/]+\.js$/.test(path)) prefetched.push(path);
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The static copy stays; the app's entry chunk is never requested (decision 0019).
      await expect(page.locator('#root .pp')).toHaveCount(1);
      expect(scripts.some((script) => /\/assets\/public-[^/]+\.js$/.test(script))).toBe(true);
      expect(scripts.filter((script) => /\/assets\/index-[^/]+\.js$/.test(script))).toEqual([]);
      // …but it is prefetched into the cache once the page is idle, for the dashboard after a login.
      await expect.poll(() => prefetched.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await expect(page.locator('#root .pp')).toHaveCount(1);
      await expectNoCspViolations(page, path);
    });
  }

  test('the prerendered login form checks its fields, says so when the password is wrong, and signs in without the app', async ({
    page,
    request,
  }) => {
    await listenForCspViolations(page);
    const user = await registerViaApi(request, { password: 'Prerender prüft die Anmeldung' });
    await page.goto('/');
    const submit = page.getByRole('button', { name: 'Anmelden' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText(startPage.login.emailMissing)).toBeVisible();
    await expect(page.getByText(startPage.login.passwordMissing)).toBeVisible();
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('E-Mail-Adresse').fill(user.email);
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('ein falsches Passwort');
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: startPage.login.wrongCredentials })).toBeVisible();
    expect(page.url()).not.toContain('Passwort');

    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(user.password);
    await submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // A signed-in user opening a public page gets the app (its guard sends "/about" to the dashboard).
    await page.goto('/about');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/legal');
    await expect(page.locator('#root .pp')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: legalPage.title })).toBeVisible();
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
    );
    // signal[7] (apps/web/src/app/theme.ts), not Mantine's default blue #228be6: the deferred stylesheet must not
    // override Mantine's injected variables.
    expect(primary.toLowerCase()).toBe('#c81a1b');
    await expect(page.locator('link[rel="stylesheet"][href*="/assets/index-"]')).toHaveAttribute('media', 'all');
    await expectNoCspViolations(page, 'login and the app on a public page');
  });

  test('notices from links show on the static page; "Registrieren" loads the app with its form', async ({ page }) => {
    await page.goto('/?verified=0');
    await expect(page.getByRole('alert').filter({ hasText: startPage.verificationFailed })).toBeVisible();
    await page.goto('/?reset=1');
    await expect(page.getByRole('status').filter({ hasText: startPage.passwordChanged })).toBeVisible();
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();
    await expect(page.getByLabel('Vorname')).toBeVisible();
    await expect(page).toHaveURL(/form=register/);
  });
});
