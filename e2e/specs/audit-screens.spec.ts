import { expect, test, type Page } from '@playwright/test';
import { axeViolations, smallTouchTargets } from '../support/audits';
import { signIn } from '../support/fixtures';
import { seedAccount } from '../support/seed';

/**
 * Issue 26, "Done when": every main screen has no axe violation and no target under 44 × 44 px, in the light and the
 * dark colour scheme (the app follows the system's, emulated here), on a phone (360 px) and a desktop (1280 px).
 */

/** Waits until the page has rendered its heading (lazy chunk and data loaded). */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Wird geladen' })).toHaveCount(0);
}

async function audit(page: Page, label: string) {
  expect.soft(await axeViolations(page), `axe on ${label}`).toEqual([]);
  expect.soft(await smallTouchTargets(page), `small targets on ${label}`).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [360, 1280] as const) {
    test.describe(`main screens, ${colorScheme}, ${width} px`, () => {
      test.use({ colorScheme, viewport: { width, height: 800 } });

      test('no axe violation and every target at least 44 × 44 px', async ({ page, request }) => {
        test.setTimeout(180_000);
        const account = await seedAccount(request, { firstname: 'Aurelia', lastname: 'Prüfstand' });
        const r1 = await account.route('Würzburg – Fürth', {
          companyRoute: 'KBS 805',
          startPoint: 'NWH',
          endPoint: 'NF',
        });
        const r2 = await account.route('Fürth – Nürnberg', { startPoint: 'NF', endPoint: 'NN' });
        await account.route('Nürnberg – Ansbach', { startPoint: 'NN', endPoint: 'NA' });
        const tour = await account.tour('Frankenrunde', [r1, r2]);
        const vehicle = await account.vehicle('BR 442 Talent 2');
        // Route 1 driven a month ago with the vehicle (valid), route 2 long ago (expired), route 3 never.
        const drive = await account.drive([r1], 30, [vehicle]);
        await account.drive([r2], 400);
        const proof = await account.shareLink();

        await signIn(page, account.user);
        const screens: [string, string][] = [
          ['Dashboard', '/dashboard'],
          ['Dokumentation', '/documentation'],
          ['Alle Dokumentationen', '/route-activity'],
          ['Dokumentation (eine Fahrt)', `/route-activity/${drive.id}`],
          ['Strecke', `/route/${r1.id}`],
          ['Strecke erstellen', '/route/new'],
          ['Strecke bearbeiten', `/route/edit/${r1.id}`],
          ['Tour', `/tour/${tour.id}`],
          ['Tour erstellen', '/tour/new'],
          ['Tour bearbeiten', `/tour/edit/${tour.id}`],
          ['Fahrzeug', `/vehicle/${vehicle.id}`],
          ['Fahrzeug erstellen', '/vehicle/new'],
          ['Fahrzeug bearbeiten', `/vehicle/edit/${vehicle.id}`],
          ['Karte', '/map'],
          ['Konto', '/account'],
          ['Passwort ändern', '/account/change-password'],
          ['Gültigkeit', '/account/validity'],
          ['Erinnerungen & Kalender', '/account/notifications'],
          ['Einstellungen', '/account/settings'],
          ['Meine Daten', '/account/data'],
        ];
        for (const [name, path] of screens) {
          await page.goto(path);
          await settle(page);
          // The emulated system scheme is the one shown (nothing stored overrides it).
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
          await audit(page, `${name} (${path})`);
        }
        if (width === 360) {
          await page.getByRole('button', { name: 'Menü öffnen' }).click();
          await expect(page.getByRole('button', { name: 'Menü schließen' })).toBeVisible();
          await audit(page, 'Menü (open)');
        }

        // The supervisor's page, signed out, in the browser where the app's service worker runs: the server's page,
        // not the app's shell.
        await page.evaluate(() => localStorage.clear());
        await page.goto(proof);
        await expect(page.getByRole('heading', { name: 'Streckenkundenachweis', level: 1 })).toBeVisible();
        await audit(page, 'Nachweis für Vorgesetzte');
      });
    });
  }
}
