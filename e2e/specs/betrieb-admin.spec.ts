import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, smallTouchTargets } from '../support/audits';
import { joinBetrieb, verifiedUser } from '../support/betrieb';
import { apiAs, createdAs, registerViaApi, signIn, uniqueEmail } from '../support/fixtures';

/*
 * Issue 28, the admin's flows not covered by betrieb.spec.ts: a member's role changed (the Disponent then reads the
 * matrix, which a driver may not), requirements imported from a CSV file as German Excel saves it (Windows-1252, `;`),
 * and a member who deletes their account, gone from the Betrieb at once. Issue 29 item 3: a requirement naming a line
 * section, met by a driver's route whose path runs along it.
 */

async function expectAudited(page: Page, what: string) {
  expect(await axeViolations(page), `axe: ${what}`).toEqual([]);
  expect(await smallTouchTargets(page), `touch targets: ${what}`).toEqual([]);
}

test('an admin makes a driver Disponent, imports requirements from Excel, and a member who deletes the account is gone', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const admin = await verifiedUser(request, baseURL!, 'Admin');
  const founded = await apiAs(request, admin.token, 'post', '/api/betriebe', {
    name: 'Rhön Bahn',
    depots: [],
    consentVersion: CONSENT_VERSION,
  });
  expect(founded.status()).toBe(201);
  const betriebId = ((await founded.json()) as { id: number }).id;
  const dora = await registerViaApi(request, { email: uniqueEmail('dora'), firstname: 'Dora', lastname: 'Dispo' });
  const tom = await registerViaApi(request, { email: uniqueEmail('tom'), firstname: 'Tom', lastname: 'Fahrer' });
  await joinBetrieb(request, admin, betriebId, dora);
  await joinBetrieb(request, admin, betriebId, tom);
  const matrixAs = (token: string) => apiAs(request, token, 'get', `/api/betriebe/${betriebId}/matrix`);
  expect((await matrixAs(dora.token)).status()).toBe(403);

  // The role: a driver becomes Disponent/in in the member's card.
  await signIn(page, admin, `/betrieb/${betriebId}`);
  await expect(page.getByRole('heading', { name: 'Rhön Bahn', level: 1 })).toBeVisible();
  const doraCard = page.getByRole('region', { name: 'Dora Dispo', exact: true });
  await doraCard.getByRole('combobox', { name: 'Rolle von Dora Dispo' }).click();
  await page.getByRole('option', { name: 'Disponent/in' }).click();
  await expect(doraCard.getByRole('combobox', { name: 'Rolle von Dora Dispo' })).toHaveValue('Disponent/in');
  await expect.poll(async () => (await matrixAs(dora.token)).status()).toBe(200);
  expect((await matrixAs(tom.token)).status()).toBe(403);

  // Requirements from a file saved by German Excel: Windows-1252 (ü as one byte), semicolons, CRLF, a bad line.
  const csv = Buffer.from(
    [
      'Strecke;Von;Bis;Streckenkürzel',
      'Würzburg - Fürth;NWH;NF;K1',
      'Gemünden - Lauf;NGM;NLR;',
      'Unbekannt;QQQQ;NF;',
    ].join('\r\n'),
    'latin1',
  );
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Anforderungen aus CSV-Datei prüfen' }).click();
  await (await chooser).setFiles({ name: 'anforderungen.csv', mimeType: 'text/csv', buffer: csv });
  const preview = page.getByRole('list', { name: 'Vorschau der Anforderungen' });
  await expect(preview).toContainText('Kürzel K1');
  await expect(page.getByText(/2 neue Anforderungen, 0 schon vorhanden, 1 fehlerhaft/)).toBeVisible();
  await expectAudited(page, 'Vorschau des Imports');
  await page.getByRole('button', { name: '2 Anforderungen importieren' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 Anforderungen hinzugefügt' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Anforderungen des Betriebs' });
  await expect(table).toContainText('Kürzel K1');
  await expect(table.getByRole('row')).toHaveCount(3);

  // Tom deletes his account on his phone; the Betrieb no longer has him, at once.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'de-DE' });
  const tomPage = await phone.newPage();
  await signIn(tomPage, tom, '/account/data');
  await tomPage.getByRole('textbox', { name: 'Passwort', exact: true }).fill(tom.password);
  await tomPage.getByLabel('Zur Bestätigung „KONTO LÖSCHEN“ eingeben').fill('KONTO LÖSCHEN');
  await tomPage.getByRole('button', { name: 'Konto löschen …' }).click();
  await tomPage.getByRole('dialog').getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(tomPage.getByText('Ihr Konto und alle Ihre Daten wurden gelöscht.')).toBeVisible();
  await phone.close();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Dora Dispo', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tom Fahrer', exact: true })).toHaveCount(0);
  const members = (await (await apiAs(request, admin.token, 'get', `/api/betriebe/${betriebId}/members`)).json()) as {
    name: string;
  }[];
  expect(members.map((member) => member.name).sort()).toEqual(['Anna Admin', 'Dora Dispo']);
});

test('an admin requires a line section, and a driver’s route along that line meets it', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await verifiedUser(request, baseURL!, 'Admin');
  const { id: betriebId } = await createdAs(request, admin.token, '/api/betriebe', {
    name: 'Spessart Bahn',
    depots: [],
    consentVersion: CONSENT_VERSION,
  });
  const tom = await registerViaApi(request, { email: uniqueEmail('tom'), firstname: 'Tom', lastname: 'Strecke' });
  await joinBetrieb(request, admin, betriebId, tom);
  // Tom's route runs along line 5200 from km 41,2 down to km 0,3 (given by line, as the route form allows).
  await createdAs(request, tom.token, '/api/routes', {
    name: 'Lohr – Würzburg',
    startPoint: 'NLR',
    endPoint: 'NWH',
    startStation: 'NLR',
    endStation: 'NWH',
    path: { km: 40.9, sections: [{ line: 5200, fromKm: 41.2, toKm: 0.3 }] },
  });

  await signIn(page, admin, `/betrieb/${betriebId}`);
  const form = page.getByRole('form', { name: 'Anforderung hinzufügen' });
  await form.getByRole('combobox', { name: /Start \(Betriebsstelle\)/ }).fill('NWH');
  await expect(form.getByText(/Würzburg Hbf \(NWH\)/)).toBeVisible();
  await form.getByRole('combobox', { name: /Ende \(Betriebsstelle\)/ }).fill('NGM');
  await expect(form.getByText(/Gemünden \(Main\) \(NGM\)/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Streckennummer (optional)' }).fill('5200');
  await form.getByRole('button', { name: 'Anforderung hinzufügen' }).click();
  await expect(form.getByText('Bitte einen km-Wert angeben.')).toHaveCount(2);
  await form.getByRole('textbox', { name: 'Von km' }).fill('0');
  await form.getByRole('textbox', { name: 'Bis km' }).fill('40,5');
  await expectAudited(page, 'Anforderung mit Streckenabschnitt');
  await form.getByRole('button', { name: 'Anforderung hinzufügen' }).click();
  const table = page.getByRole('table', { name: 'Anforderungen des Betriebs' });
  await expect(table).toContainText('Strecke 5200, km 0,0 – 40,5');

  // Tom, on his phone, sees his route meet it by the section (its stations are another pair).
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'de-DE' });
  const tomPage = await phone.newPage();
  await signIn(tomPage, tom, `/betrieb/${betriebId}`);
  await expect(tomPage.getByText(/Lohr – Würzburg \(über den Streckenabschnitt, noch nicht gefahren\)/)).toBeVisible();
  await expectAudited(tomPage, 'Anforderung mit Streckenabschnitt, Fahrer/in, 360 px');
  await phone.close();
});
