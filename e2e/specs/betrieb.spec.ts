import { expect, test, type Page } from '@playwright/test';
import {
  axeViolations,
  cutTexts,
  expectNoCspViolations,
  listenForCspViolations,
  smallTouchTargets,
} from '../support/audits';
import { joinBetrieb, verifiedUser } from '../support/betrieb';
import { apiAs, registerViaApi, signIn, uniqueEmail } from '../support/fixtures';

/*
 * Issue 28, item 1, on a phone: an admin founds a Betrieb and invites; a driver opens the link signed out, reads what
 * the Betrieb will see, logs in, comes back and joins; the admin sees the member; the driver leaves; the admin no
 * longer sees them. Item 2: an admin adds a required route, and a driver sees which of their routes meets it.
 */

test.use({ viewport: { width: 360, height: 740 } });

async function expectAudited(page: Page, label: string) {
  expect(await axeViolations(page), `axe on ${label}`).toEqual([]);
  expect(await smallTouchTargets(page), `touch targets on ${label}`).toEqual([]);
  await expectNoCspViolations(page, label);
}

test('a driver joins a Betrieb by its link after reading the consent, and leaves again', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  // Two browsers and five axe audits: about 30 s on a quiet machine, over 60 s beside another run.
  test.setTimeout(150_000);
  await listenForCspViolations(page);
  const admin = await verifiedUser(request, baseURL!, 'Admin');
  const driver = await registerViaApi(request, { email: uniqueEmail('fahrer'), firstname: 'Tom', lastname: 'Fahrer' });

  // The admin founds the Betrieb under Konto › Meine Betriebe.
  await signIn(page, admin, '/account/betriebe');
  await expect(page.getByRole('heading', { name: 'Meine Betriebe', level: 1 })).toBeVisible();
  await expect(page.getByText('Sie sind in keinem Betrieb.', { exact: false })).toBeVisible();
  await expectAudited(page, 'Meine Betriebe (leer)');
  await page.getByRole('textbox', { name: 'Name des Betriebs' }).fill('Regio Franken');
  await page.getByRole('button', { name: 'Zustimmen und Betrieb gründen' }).click();
  await expect(page).toHaveURL(/\/betrieb\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Regio Franken', level: 1 })).toBeVisible();
  const betriebUrl = page.url();

  // … and makes an invitation: link and code, shown once, with copy buttons.
  await page.getByRole('button', { name: 'Einladung erstellen' }).click();
  const created = page.getByRole('status').filter({ hasText: 'Einladung erstellt' });
  await expect(created).toBeVisible();
  const link = await created.getByRole('textbox', { name: 'Link zum Beitreten' }).inputValue();
  expect(link).toMatch(/\/beitreten\/[A-Za-z0-9_-]{43}$/);
  await expect(created.getByRole('textbox', { name: 'Code zum Eintippen' })).toHaveValue(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
  await expect(created.getByRole('button', { name: 'Link kopieren' })).toBeVisible();
  await expect(created.getByRole('button', { name: 'Code kopieren' })).toBeVisible();
  await expectAudited(page, 'Betrieb (Admin)');

  // The driver opens the link on another phone, signed out, and reads what the Betrieb will see.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'de-DE' });
  const driverPage = await phone.newPage();
  await listenForCspViolations(driverPage);
  await driverPage.goto(new URL(link).pathname);
  await expect(driverPage.getByRole('heading', { name: 'Einladung von „Regio Franken“', level: 1 })).toBeVisible();
  await expect(driverPage.getByRole('heading', { name: 'Was der Betrieb von Ihren Daten sieht' })).toBeVisible();
  await expect(driverPage.getByRole('list', { name: 'Was der Betrieb sieht' })).toContainText('Erfasst am');
  await expect(driverPage.getByRole('list', { name: 'Was der Betrieb nie sieht' })).toContainText('Kalender-Abo');
  await expectAudited(driverPage, 'Einladung (abgemeldet)');

  // Logging in brings the driver back to the invitation.
  await driverPage.getByRole('link', { name: 'Anmelden' }).click();
  await driverPage.getByLabel('E-Mail-Adresse').fill(driver.email);
  await driverPage.getByRole('textbox', { name: 'Passwort', exact: true }).fill(driver.password);
  await driverPage.getByRole('button', { name: 'Anmelden' }).click();
  await expect(driverPage).toHaveURL(new URL(link).pathname);
  await driverPage.getByRole('button', { name: 'Zustimmen und beitreten' }).click();
  await expect(driverPage).toHaveURL(/\/betrieb\/\d+$/);
  await expect(driverPage.getByRole('heading', { name: 'Regio Franken', level: 1 })).toBeVisible();
  // A driver sees no members.
  await expect(driverPage.getByRole('heading', { name: 'Mitglieder' })).toHaveCount(0);
  await expectAudited(driverPage, 'Betrieb (Triebfahrzeugführer/in)');

  // The admin sees the new member.
  await page.goto(betriebUrl);
  await expect(page.getByRole('region', { name: 'Tom Fahrer', exact: true })).toBeVisible();

  // The driver leaves under Meine Betriebe, after confirming.
  await driverPage.goto('/account/betriebe');
  await expect(driverPage.getByRole('heading', { name: 'Regio Franken' })).toBeVisible();
  await expectAudited(driverPage, 'Meine Betriebe (Mitglied)');
  await driverPage.getByRole('button', { name: 'Betrieb „Regio Franken“ verlassen' }).click();
  const dialog = driverPage.getByRole('dialog', { name: 'Betrieb verlassen?' });
  await expect(dialog).toContainText('sieht Ihre Daten ab sofort nicht mehr');
  await dialog.getByRole('button', { name: 'Verlassen' }).click();
  await expect(driverPage.getByText('Sie sind in keinem Betrieb.', { exact: false })).toBeVisible();

  // The admin no longer sees them.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mitglieder' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Anna Admin', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tom Fahrer', exact: true })).toHaveCount(0);

  await expectNoCspViolations(page, 'Admin');
  await expectNoCspViolations(driverPage, 'Fahrer');
  await phone.close();
});

test('an admin adds a required route, and a driver sees which of their routes meets it', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  await listenForCspViolations(page);
  const admin = await verifiedUser(request, baseURL!, 'Admin');
  const driver = await registerViaApi(request, { email: uniqueEmail('fahrer'), firstname: 'Tom', lastname: 'Fahrer' });

  // The admin founds the Betrieb and adds a requirement: start and end from the station list, and the Kürzel.
  await signIn(page, admin, '/account/betriebe');
  await page.getByRole('textbox', { name: 'Name des Betriebs' }).fill('Mainfranken Bahn');
  await page.getByRole('button', { name: 'Zustimmen und Betrieb gründen' }).click();
  await expect(page).toHaveURL(/\/betrieb\/\d+$/);
  const betriebId = Number(new URL(page.url()).pathname.split('/').pop());
  const requirements = page.getByRole('heading', { name: 'Anforderungen', exact: true });
  await requirements.scrollIntoViewIfNeeded();
  await page.getByRole('combobox', { name: /Start \(Betriebsstelle\)/ }).fill('NWH');
  await page
    .getByRole('option', { name: /Würzburg Hbf/ })
    .first()
    .click();
  await page.getByRole('combobox', { name: /Ende \(Betriebsstelle\)/ }).fill('NF');
  await page.getByRole('option', { name: /Fürth/ }).first().click();
  await page.getByRole('textbox', { name: 'Kürzel des Betriebs (optional)' }).fill('K1');
  await page.getByRole('button', { name: 'Anforderung hinzufügen' }).click();
  await expect(page.getByRole('list', { name: 'Anforderungen des Betriebs' })).toContainText('Kürzel K1');
  await expectAudited(page, 'Betrieb mit Anforderungen (Admin)');

  // The driver joins through an invitation and has a route between the two stations, the other way round.
  await joinBetrieb(request, admin, betriebId, driver);
  const route = await apiAs(request, driver.token, 'post', '/api/routes', {
    name: 'Fürth – Würzburg',
    startPoint: 'Fürth (Bay) Hbf',
    endPoint: 'Würzburg Hbf',
    startStation: 'NF',
    endStation: 'NWH',
  });
  expect(route.status()).toBe(201);

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'de-DE' });
  const driverPage = await phone.newPage();
  await listenForCspViolations(driverPage);
  await signIn(driverPage, driver, `/betrieb/${betriebId}`);
  const list = driverPage.getByRole('list', { name: 'Anforderungen des Betriebs' });
  await expect(list).toContainText('Fürth – Würzburg (über Start und Ende');
  await expect(list).toContainText('erfüllt');
  await expectAudited(driverPage, 'Betrieb mit Anforderungen (Triebfahrzeugführer/in)');
  // The badges keep their words at 360 px (issue 40: "F…", "ER…"), measured.
  expect(await cutTexts(driverPage), 'cut texts on the driver’s Betrieb page').toEqual([]);

  await expectNoCspViolations(page, 'Admin');
  await expectNoCspViolations(driverPage, 'Fahrer');
  await phone.close();
});
