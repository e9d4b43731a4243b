import { expect, test } from '@playwright/test';
import { expectNoCspViolations, listenForCspViolations, smallTouchTargets } from '../support/audits';
import { apiAs, signIn, registerViaApi } from '../support/fixtures';

for (const width of [360, 1280]) {
  test.describe(`Erinnerungen & Kalender at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the validity rule and the reminders are saved on their pages; the calendar feed is created with a QR code, regenerated and revoked', async ({
      page,
      request,
    }) => {
      await listenForCspViolations(page);
      const user = await registerViaApi(request, { firstname: 'Rita', lastname: 'Erinnerung' });
      const route = await (
        await apiAs(request, user.token, 'post', '/api/routes', {
          name: 'Fulda – Bebra',
          startPoint: 'FFU',
          endPoint: 'FBE',
        })
      ).json();
      await apiAs(request, user.token, 'post', '/api/route_activities', {
        acquiredAt: '2026-06-01',
        acquiredRoutes: [`/api/routes/${route.id}`],
      });
      await signIn(page, user);

      // The account's validity rule has one page of its own.
      await page.goto('/account');
      await page.getByRole('link', { name: 'Gültigkeit' }).click();
      await expect(page).toHaveURL(/\/account\/validity$/);
      await page.getByRole('radio', { name: '½ Jahr (182 Tage)' }).first().check();
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Einstellungen erfolgreich gespeichert.')).toBeVisible();
      if (width === 360) expect.soft(await smallTouchTargets(page), 'small targets').toEqual([]);

      await page.goto('/account');
      await page.getByRole('link', { name: 'Erinnerungen & Kalender' }).click();
      await expect(page).toHaveURL(/\/account\/notifications$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Erinnerungen & Kalender' })).toBeVisible();

      // Reminders.
      await page.getByRole('checkbox', { name: 'am Ablauftag' }).check();
      await page.getByRole('checkbox', { name: '30 Tage vorher' }).uncheck();
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Einstellungen erfolgreich gespeichert.')).toBeVisible();
      const settings = await (await apiAs(request, user.token, 'get', '/api/notifications/settings')).json();
      expect(settings).toMatchObject({ validityDays: 182, reminderThresholds: [7, 0] });

      // The address is unverified: the mail test is not offered yet; push has no device.
      await expect(page.getByRole('button', { name: 'Test-Benachrichtigung senden (E-Mail)' })).toBeDisabled();

      // Calendar feed with QR code; the address answers an iCalendar with the route.
      await page.getByRole('button', { name: 'Kalender-Abo einrichten' }).click();
      const address = page.getByRole('textbox', { name: 'Adresse des Kalender-Abos' });
      await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      await expect(page.getByRole('img', { name: 'QR-Code der Adresse des Kalender-Abos' })).toBeVisible();
      const first = new URL(await address.inputValue());
      const feed = await request.get(first.pathname);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect(await feed.text()).toContain('Fulda – Bebra');

      if (width === 360) expect.soft(await smallTouchTargets(page), 'small targets').toEqual([]);
      await expectNoCspViolations(page, '/account/notifications');

      await page.getByRole('button', { name: 'Neue Adresse erzeugen' }).click();
      await expect(address).not.toHaveValue(first.href);
      expect((await request.get(first.pathname)).status()).toBe(404);
      const renewed = new URL(await address.inputValue());
      expect((await request.get(renewed.pathname)).status()).toBe(200);

      await page.getByRole('button', { name: 'Kalender-Abo widerrufen' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /löschen|widerrufen/i })
        .click();
      await expect(page.getByRole('button', { name: 'Kalender-Abo einrichten' })).toBeVisible();
      expect((await request.get(renewed.pathname)).status()).toBe(404);
    });
  });
}
