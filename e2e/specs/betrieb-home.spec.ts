import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, cutTexts, expectNoCspViolations, listenForCspViolations } from '../support/audits';
import { foundBetriebWithRequirement, joinBetrieb, verifiedUser } from '../support/betrieb';
import { apiAs, registerViaApi, uniqueEmail } from '../support/fixtures';
import { dayOffset } from '../support/seed';

/** YYYY-MM-DD as the app writes it, dd.mm.yyyy. */
const formatDate = (date: string) => date.split('-').reverse().join('.');

/*
 * Issue 40, item 1: the Disponent's day. Logged in, a Disponent lands on the Betrieb's page, which shows what needs
 * doing (requirements under their minimum, knowledge that lapses within 30 days, who joined or left); the matrix is
 * one tap away, "Wer kann morgen FF → RM fahren?" two. On a phone (360 × 740, touch) and a desktop (1280 × 800);
 * nothing of the page is cut or outside the viewport, and axe finds nothing in light and dark.
 */

for (const { width, height, touch } of [
  { width: 360, height: 740, touch: true },
  { width: 1280, height: 800, touch: false },
]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height }, hasTouch: touch, isMobile: touch });

    test('a Disponent lands on the Betrieb, reaches the matrix in 1 tap and who can drive tomorrow in 2', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await listenForCspViolations(page);
      const admin = await verifiedUser(request, baseURL!, 'Admin');
      const { betriebId, requirementId } = await foundBetriebWithRequirement(request, admin, {
        startStation: 'FF',
        endStation: 'RM',
      });
      // The requirement's own minimum (issue 40): two drivers, whatever the Disponent's coverage alert says.
      const minimum = await apiAs(
        request,
        admin.token,
        'patch',
        `/api/betriebe/${betriebId}/requirements/${requirementId}`,
        {
          minDrivers: 2,
        },
      );
      expect(minimum.status()).toBe(200);
      const disponent = await registerViaApi(request, {
        email: uniqueEmail('dispo'),
        firstname: 'Dora',
        lastname: 'Disponentin',
      });
      await joinBetrieb(request, admin, betriebId, disponent, 'disponent');
      const driver = await registerViaApi(request, { email: uniqueEmail('tf'), firstname: 'Tom', lastname: 'Fahrer' });
      await joinBetrieb(request, admin, betriebId, driver);
      // Tom drove FF → RM 350 days ago: valid until in 14 days, so it lapses soon and covers no one beyond 30 days.
      const route = await apiAs(request, driver.token, 'post', '/api/routes', {
        name: 'Frankfurt – Mannheim',
        startPoint: 'Frankfurt (Main) Hbf',
        endPoint: 'Mannheim Hbf',
        startStation: 'FF',
        endStation: 'RM',
      });
      const routeId = ((await route.json()) as { id: number }).id;
      const drive = await apiAs(request, driver.token, 'post', '/api/route_activities', {
        acquiredAt: dayOffset(-350),
        acquiredRoutes: [`/api/routes/${routeId}`],
      });
      expect(drive.status()).toBe(201);
      const validUntil = dayOffset(14);

      let taps = 0;
      const tap = async (target: Locator) => {
        taps += 1;
        await (touch ? target.tap() : target.click());
      };
      const login = async (current: Page) => {
        await current.goto('/');
        await current.getByLabel('E-Mail-Adresse').fill(disponent.email);
        await current.getByRole('textbox', { name: 'Passwort', exact: true }).fill(disponent.password);
        await current.getByRole('button', { name: 'Anmelden' }).click();
        await expect(current).toHaveURL(new RegExp(`/betrieb/${betriebId}$`));
        taps = 0;
      };

      // After the login: the Betrieb's page, with what needs doing.
      await login(page);
      const overview = page.getByRole('region', { name: 'Heute im Betrieb' });
      await expect(overview).toBeVisible();
      const gaps = overview.getByRole('list', { name: 'Anforderungen unter dem Minimum' });
      await expect(gaps).toContainText('FF – RM');
      await expect(gaps).toContainText('Niemand über 30 Tage hinaus streckenkundig · 1 läuft bald ab · Minimum 2');
      await expect(overview.getByRole('list', { name: 'Ablaufende Streckenkunde' })).toContainText(
        `Tom Fahrer · FF – RM · läuft ab am ${formatDate(validUntil)} (in 14 Tagen)`,
      );
      const changes = overview.getByRole('list', { name: 'Letzte Änderungen' });
      await expect(changes).toContainText(/Tom Fahrer · beigetreten am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr/);
      await expect(changes.getByRole('link', { name: 'Tom Fahrer' })).toBeVisible();
      // Lea joins and leaves again (issue 40): the Disponent's home says so, her name no longer a link to her page.
      const leaver = await registerViaApi(request, { email: uniqueEmail('weg'), firstname: 'Lea', lastname: 'Weg' });
      await joinBetrieb(request, admin, betriebId, leaver);
      await page.reload();
      await expect(changes.getByRole('link', { name: 'Lea Weg' })).toBeVisible();
      const left = await apiAs(request, leaver.token, 'delete', `/api/betriebe/${betriebId}/membership`);
      expect(left.status()).toBe(204);
      await page.reload();
      await expect(changes.getByRole('listitem').first()).toHaveText(
        /^Lea Weg · hat den Betrieb verlassen am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr$/,
      );
      await expect(changes.getByRole('link', { name: 'Lea Weg' })).toHaveCount(0);
      await expect(changes).toContainText('Lea Weg · beigetreten am');
      // The Betrieb is in the navigation (on a phone, in the menu), and "Konto" is not lit for its pages.
      if (touch) await page.getByRole('button', { name: 'Menü öffnen' }).tap();
      const nav = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Betrieb' }) });
      await expect(nav.getByRole('link', { name: 'Betrieb' })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Konto' })).not.toHaveAttribute('aria-current', 'page');
      if (touch) await page.getByRole('button', { name: 'Menü schließen' }).tap();

      // Nothing cut or outside the viewport; axe in light and dark.
      expect(await cutTexts(page), 'cut texts on the Betrieb').toEqual([]);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.reload();
        await expect(overview.getByRole('list', { name: 'Ablaufende Streckenkunde' })).toBeVisible();
        expect(await axeViolations(page), `axe on the Betrieb, ${colorScheme}`).toEqual([]);
      }
      await expectNoCspViolations(page, 'Betrieb');

      // The matrix: one tap.
      await tap(page.getByRole('link', { name: 'Matrix' }).first());
      await expect(page.getByRole('heading', { name: 'Matrix', level: 1 })).toBeVisible();
      expect(taps).toBe(1);

      // "Wer kann morgen FF → RM fahren?": from a fresh login, two taps.
      await page.evaluate(() => localStorage.clear());
      await login(page);
      await tap(page.getByRole('link', { name: 'Wer kann morgen fahren?' }));
      await expect(page.getByRole('button', { name: 'Morgen', pressed: true })).toBeVisible();
      await tap(page.getByRole('button', { name: /Frankfurt \(Main\) Hbf \(FF\) – Mannheim Hbf \(RM\)/ }));
      await expect(page.getByRole('status')).toHaveText(`1 Fahrer/in kann am ${formatDate(dayOffset(1))} fahren`);
      await expect(page.getByRole('list', { name: 'Streckenkundige Fahrer/innen' })).toContainText('Tom Fahrer');
      expect(taps).toBe(2);
      // "Heute" is one tap back.
      await tap(page.getByRole('button', { name: 'Heute' }));
      await expect(page.getByRole('status')).toHaveText(`1 Fahrer/in kann am ${formatDate(dayOffset(0))} fahren`);
    });
  });
}
