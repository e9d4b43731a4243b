import { expect, test } from '@playwright/test';
import { uniqueEmail, registerViaApi } from '../support/fixtures';
import { linkIn, waitForMail } from '../support/mail';

test('register → open the link from the received mail → banner gone', async ({ page, baseURL }) => {
  const email = uniqueEmail('verify');
  await page.goto('/');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByRole('heading', { name: 'Registrieren' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Vorname').fill('Vera');
  await page.getByLabel('Nachname').fill('Prüfer');
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('verify-passwort-1');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Bitte bestätigen Sie Ihre E-Mail-Adresse')).toBeVisible();

  // Resend from the banner.
  const first = await waitForMail(email, /bestätigen/);
  await page.getByRole('button', { name: 'Bestätigung erneut senden' }).click();
  await expect(page.getByText('Prüfen Sie ihr Postfach')).toBeVisible();
  const second = await waitForMail(email, /bestätigen/, 15_000, [first.file]);

  await page.goto(linkIn(second, `${baseURL}/api/users/mail-verification/`));
  await expect(page).toHaveURL(/\/dashboard\?verified=1$/);
  await expect(page.getByText('E-Mail-Adresse bestätigt')).toBeVisible();
  await expect(page.getByText('Bitte bestätigen Sie Ihre E-Mail-Adresse')).toHaveCount(0);
});

test('forgot password → link from the mail → new password → login', async ({ page, request, baseURL }) => {
  const user = await registerViaApi(request, { email: uniqueEmail('reset') });
  await page.goto('/');
  await page.getByRole('button', { name: 'Passwort vergessen' }).click();
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(user.email);
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByText(/Wenn ein Konto mit dieser E-Mail-Adresse existiert/)).toBeVisible();

  const mail = await waitForMail(user.email, /Passwort/);
  const link = linkIn(mail, `${baseURL}/reset-password?token=`);
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('neues-passwort-9');
  await page.getByLabel('Neues Passwort wiederholen').fill('neues-passwort-9');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Ihr Passwort wurde geändert.')).toBeVisible();

  await page.getByLabel('E-Mail-Adresse').fill(user.email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('neues-passwort-9');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works only once.
  await page.getByRole('button', { name: 'Abmelden' }).first().click();
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('drittes-passwort-9');
  await page.getByLabel('Neues Passwort wiederholen').fill('drittes-passwort-9');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText(/ungültig, abgelaufen oder wurde bereits verwendet/)).toBeVisible();
});
