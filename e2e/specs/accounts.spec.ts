import { expect, test } from '@playwright/test';
import { registerViaApi, uniqueEmail } from '../support/fixtures';

test('register → dashboard → logout → login → change password → login with the new password', async ({ page }) => {
  const email = uniqueEmail('journey');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();

  await page.getByRole('button', { name: 'Registrieren' }).click();
  // The prerendered start page loads the app for this form (src/public-entry.ts).
  await expect(page.getByRole('heading', { name: 'Registrieren' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Vorname').fill('  Jörg ');
  await page.getByLabel('Nachname').fill(' Weiß ');
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('erstes-passwort-1');
  await page.getByRole('button', { name: 'Registrieren' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Hallo Jörg Weiß!')).toBeVisible();
  await expect(page.getByText('Bitte bestätigen Sie Ihre E-Mail-Adresse')).toBeVisible();

  await page.getByRole('link', { name: 'Konto', exact: true }).first().click();
  await expect(page.getByRole('cell', { name: 'Benutzer' })).toBeVisible();
  await expect(page.getByRole('cell', { name: email })).toBeVisible();

  await page.getByRole('button', { name: 'Abmelden' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('streckenpass:') && k !== 'streckenpass:color-scheme'),
    ),
  ).toEqual([]);

  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('falsches-passwort');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Benutzername oder Passwort ist falsch.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('erstes-passwort-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/account/change-password');
  await page.getByLabel('Aktuelles Passwort').fill('nicht-richtig');
  await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('zweites-passwort-2');
  await page.getByLabel('Neues Passwort wiederholen').fill('zweites-passwort-2');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Das aktuelle Passwort ist falsch.')).toBeVisible();

  await page.getByLabel('Aktuelles Passwort').fill('erstes-passwort-1');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Passwort erfolgreich geändert.')).toBeVisible();

  await page.getByRole('button', { name: 'Abmelden' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('zweites-passwort-2');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a signed-out visitor is sent to the start page and returns to the wanted page after login', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  await page.goto('/account/settings');
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel('E-Mail-Adresse').fill(user.email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();

  await page.getByLabel('Wöchentliche Berichte erhalten').uncheck();
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByText('Einstellungen erfolgreich gespeichert.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Wöchentliche Berichte erhalten')).not.toBeChecked();

  // Signed in, the start and information pages lead to the dashboard.
  await page.goto('/about');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an unknown route shows 'Page Not Found'", async ({ page }) => {
  await page.goto('/gibt/es/nicht');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
});

test('public pages are reachable from the navigation', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Informationen' }).first().click();
  await expect(page.getByRole('heading', { name: 'Über Streckenpass' })).toBeVisible();
  await page.getByRole('link', { name: 'Rechtliches' }).first().click();
  await expect(page.getByRole('heading', { name: 'Rechtliches', level: 1 })).toBeVisible();
  await page.goto('/donate');
  await expect(page.getByRole('heading', { name: 'Streckenpass unterstützen' })).toBeVisible();
});

test('no CSP violations on the start page', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  expect(violations).toEqual([]);
});
