import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectNoCspViolations, listenForCspViolations, smallTouchTargets } from '../support/audits';
import { apiAs, loginViaUi, signIn, registerViaApi, uniqueEmail } from '../support/fixtures';
import { waitForMail } from '../support/mail';

/** "Meine Daten" (/account/data): backup and restore, CSV import, share links, account deletion (issue 18). */

async function openDataPage(page: Page) {
  await page.goto('/account');
  await page.getByRole('link', { name: 'Meine Daten' }).click();
  await expect(page).toHaveURL(/\/account\/data$/);
  await expect(page.getByRole('heading', { name: 'Meine Daten', level: 1 })).toBeVisible();
}

/** Mantine's FileInput is a button that opens the browser's file chooser. */
async function choose(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label }).click();
  await (await chooser).setFiles(file);
}
const importFile = (page: Page, file: { name: string; mimeType: string; buffer: Buffer }) =>
  choose(page, 'CSV-Datei prüfen', file);
const csvFile = (name: string, content: string | Buffer) => ({
  name,
  mimeType: 'text/csv',
  buffer: typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
});

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('imports a CSV list after the preview, listing bad lines', async ({ page, request }) => {
      const user = await registerViaApi(request);
      await signIn(page, user);
      await listenForCspViolations(page);
      await openDataPage(page);

      // The template is a download.
      const next = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Vorlage herunterladen' }).click();
      const template = await next;
      expect(template.suggestedFilename()).toBe('streckenpass-vorlage.csv');
      expect(await fs.readFile(await template.path(), 'utf8')).toContain(
        'Strecke;Kürzel;Start;Ende;gefahren am;gültig bis;Fahrzeuge',
      );

      const csv = [
        'Strecke;Kürzel;Start;Ende;gefahren am;gültig bis;Fahrzeuge',
        'Würzburg – Fürth;K1;NWH;NF;01.03.2026;;BR 218',
        'Unmöglich;K2;A;B;31.02.2026;;',
        '=HYPERLINK("http://evil.example");K3;A;B;;;',
        '',
        'Gemünden – Lohr;;NGM;NLR;2026-02-15;;',
      ].join('\r\n');
      await importFile(page, csvFile('liste.csv', csv));
      await expect(page.getByText('4 Zeilen gelesen')).toBeVisible();
      await expect(page.getByText('Zeile 3: „gefahren am“: Das Datum 31.02.2026 gibt es nicht.')).toBeVisible();
      await expect(page.getByText(/Zeile 4: „Strecke“ beginnt mit „=“/)).toBeVisible();
      // Nothing written yet.
      expect(await (await apiAs(request, user.token, 'get', '/api/routes')).json()).toEqual([]);

      await page.getByRole('button', { name: '2 Zeilen importieren' }).click();
      await expect(page.getByRole('status').filter({ hasText: '2 Zeilen eingelesen' })).toBeVisible();
      const routes = (await (await apiAs(request, user.token, 'get', '/api/routes')).json()) as { name: string }[];
      expect(routes.map((r) => r.name).sort()).toEqual(['Gemünden – Lohr', 'Würzburg – Fürth']);
      await expectNoCspViolations(page, '/account/data');
      // Phones: every target at least 44 × 44 px (the global rule applies below the desktop breakpoint).
      if (width === 360) expect(await smallTouchTargets(page)).toEqual([]);
    });
  });
}

test('refuses bad files with clear German messages', async ({ page, request }) => {
  const user = await registerViaApi(request);
  await signIn(page, user);
  await openDataPage(page);

  // Unknown columns are named.
  await importFile(page, csvFile('farben.csv', 'Strecke;Start;Ende;Farbe\nA;B;C;rot\n'));
  await expect(page.getByRole('alert').filter({ hasText: 'Unbekannte Spalte: „Farbe“.' })).toBeVisible();

  // 20 MB: refused by its size.
  const big = Buffer.alloc(20 * 1024 * 1024, 'Strecke;Start;Ende\n');
  await importFile(page, csvFile('gross.csv', big));
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Die Datei ist zu groß: höchstens 10 MB. Teilen Sie die Liste bitte auf.' }),
  ).toBeVisible();

  // Windows-1252 (what German Excel saves) is read, umlauts intact (Node's latin1 = Windows-1252 for these).
  const latin = Buffer.from('Strecke;Kürzel;Start;Ende\r\nGießen - Straßberg;K2;FG;FS\r\n', 'latin1');
  await importFile(page, csvFile('excel.csv', latin));
  await expect(page.getByText(/1 Zeile gelesen \(Windows-1252/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Gießen - Straßberg · Kürzel K2' })).toBeVisible();

  // Not a CSV at all (binary): no valid line.
  await importFile(page, csvFile('bild.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe])));
  await expect(page.getByRole('alert').first()).toBeVisible();
  expect(await (await apiAs(request, user.token, 'get', '/api/routes')).json()).toEqual([]);
});

test('backup, delete the account, restore into a new account', async ({ page, request }) => {
  const email = uniqueEmail('daten');
  const user = await registerViaApi(request, { email, firstname: 'Dora' });
  const route = (await (
    await apiAs(request, user.token, 'post', '/api/routes', {
      name: 'Aschaffenburg – Hanau',
      startPoint: 'NAH',
      endPoint: 'FH',
    })
  ).json()) as { id: number };
  await apiAs(request, user.token, 'post', '/api/route_activities', {
    acquiredAt: '2026-05-01',
    acquiredRoutes: [`/api/routes/${route.id}`],
  });
  await apiAs(request, user.token, 'post', '/api/vehicles', { name: 'BR 146' });

  await signIn(page, user);
  await openDataPage(page);
  const next = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Sicherung herunterladen' }).click();
  const download = await next;
  expect(download.suggestedFilename()).toMatch(/^streckenpass-sicherung-\d{4}-\d{2}-\d{2}\.json$/);
  const backup = await fs.readFile(await download.path());

  // Delete: the password and the typed confirmation, then the last question.
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(user.password);
  await page.getByLabel('Zur Bestätigung „KONTO LÖSCHEN“ eingeben').fill('KONTO LÖSCHEN');
  await page.getByRole('button', { name: 'Konto löschen …' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Ihr Konto und alle Ihre Daten wurden gelöscht.')).toBeVisible();
  const mail = await waitForMail(email, /Konto wurde gelöscht/);
  expect(mail.text).toContain('Hallo Dora');
  expect(
    (await request.post('/api/login_check', { data: { username: email, password: user.password } })).status(),
  ).toBe(401);

  // A new account with the same address; the backup restored after a preview.
  const renewed = await registerViaApi(request, { email });
  // A fresh history entry: the start page still remembers /account/data as where the signed-out user came from.
  await page.goto('/about');
  await loginViaUi(page, renewed);
  await openDataPage(page);
  await choose(page, 'Sicherung einspielen', { name: 'sicherung.json', mimeType: 'application/json', buffer: backup });
  await expect(page.getByRole('table', { name: 'Vorschau: das käme hinzu' })).toBeVisible();
  await expect(page.getByText('Strecken: neu: Aschaffenburg – Hanau: NAH – FH')).toBeVisible();
  // The backup is signed (issue 27): the new account knows it is unaltered, but as it was issued for the deleted
  // account, the drives count as recorded now (issue 38) – and the notice says so.
  await expect(page.getByRole('status').filter({ hasText: 'Signierte Sicherung' })).toContainText(
    /für Dora .*: unverändert, aber für ein anderes Konto ausgestellt\. .*als heute erfasst/,
  );
  await page.getByRole('button', { name: 'Sicherung wiederherstellen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sicherung eingespielt' })).toBeVisible();
  const expiring = (await (await apiAs(request, renewed.token, 'get', '/api/routes/expiring')).json()) as {
    name: string;
    acquired_until: string;
  }[];
  expect(expiring).toEqual([expect.objectContaining({ name: 'Aschaffenburg – Hanau', acquired_until: '2027-04-30' })]);
  const vehicles = (await (await apiAs(request, renewed.token, 'get', '/api/vehicles')).json()) as { name: string }[];
  expect(vehicles.map((v) => v.name)).toEqual(['BR 146']);
});

test('the transfer document: a signed PDF with the whole history, listed as issued, on a phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await registerViaApi(request, { firstname: 'Emil', lastname: 'Wechsel' });
  const route = (await (
    await apiAs(request, user.token, 'post', '/api/routes', { name: 'Gemünden – Lohr' })
  ).json()) as { id: number };
  await apiAs(request, user.token, 'post', '/api/route_activities', {
    acquiredAt: '2026-10-01',
    acquiredRoutes: [`/api/routes/${route.id}`],
  });

  // From the top of the account page, one tap to the card (issue 40: it sat 6,000 px down "Meine Daten").
  await signIn(page, user, '/account');
  await page.getByRole('link', { name: 'Arbeitgeber wechseln' }).click();
  await expect(page).toHaveURL(/\/account\/data#arbeitgeberwechsel$/);
  await expect(page.getByRole('heading', { name: 'Nachweis für den Arbeitgeberwechsel' })).toBeInViewport();
  // "Meine Daten" lists its parts at its top.
  await page.getByRole('navigation', { name: 'Auf dieser Seite' }).getByRole('link', { name: 'Sicherung' }).click();
  await expect(page.getByRole('heading', { name: 'Sicherung', exact: true })).toBeInViewport();
  const next = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF mit Verlauf' }).click();
  const download = await next;
  expect(download.suggestedFilename()).toMatch(/^streckenpass-arbeitgeberwechsel-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await fs.readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('%StreckenpassProof {');
  // Listed among the issued documents (the card's heading and the new entry).
  await expect(page.getByText('Nachweis für den Arbeitgeberwechsel', { exact: true })).toHaveCount(2);

  const json = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Signierte Sicherung' }).click();
  const backup = JSON.parse(await fs.readFile(await (await json).path(), 'utf8')) as { signature?: { kind: string } };
  expect(backup.signature?.kind).toBe('backup');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a share link shows the proof without an account until it is revoked', async ({ page, browser, request }) => {
  const user = await registerViaApi(request, { firstname: 'Jörg', lastname: 'Weiß' });
  await apiAs(request, user.token, 'post', '/api/routes', {
    name: 'Würzburg – Fürth',
    companyRoute: 'K1',
    startPoint: 'NWH',
    endPoint: 'NF',
  });
  await signIn(page, user);
  await openDataPage(page);

  await page.getByLabel('Bezeichnung (optional)').fill('Teamleitung');
  await page.getByRole('button', { name: 'Link erstellen' }).click();
  const url = await page.getByRole('textbox', { name: 'Link', exact: true }).inputValue();
  expect(url).toMatch(/\/nachweis\/[A-Za-z0-9_-]{43}$/);
  const path = new URL(url).pathname;

  // A visitor without an account (a fresh browser context).
  const visitor = await browser.newContext();
  const view = await visitor.newPage();
  await listenForCspViolations(view);
  const answer = await view.goto(path);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['x-robots-tag']).toContain('noindex');
  expect(answer?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(view.getByRole('heading', { name: 'Streckenkundenachweis' })).toBeVisible();
  await expect(view.getByText('Jörg Weiß')).toBeVisible();
  await expect(view.getByRole('cell', { name: 'Würzburg – Fürth' })).toBeVisible();
  await expectNoCspViolations(view, path);
  expect(await smallTouchTargets(view)).toEqual([]);
  const axe = await new AxeBuilder({ page: view }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  // On a phone every route is a card: nothing scrolls sideways, and its validity and status are on screen.
  await view.setViewportSize({ width: 360, height: 740 });
  expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const card = view.getByRole('row').filter({ hasText: 'Würzburg – Fürth' });
  for (const label of ['Gültig bis', 'Status']) {
    const box = await card.locator(`td[data-label="${label}"]`).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360, label).toBe(true);
  }
  await expect(card.locator('.status')).toHaveText('nicht erfasst');
  expect(await smallTouchTargets(view)).toEqual([]);
  const pdf = view.waitForEvent('download');
  await view.getByRole('link', { name: 'Als PDF herunterladen' }).click();
  expect((await fs.readFile(await (await pdf).path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The owner sees when it was opened, and revokes it.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: 'Teamleitung' });
  await expect(row.getByText('aktiv', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'noch nie' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Link „Teamleitung“ widerrufen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Widerrufen' }).click();
  await expect(row.getByText('widerrufen', { exact: true })).toBeVisible();

  const gone = await view.goto(path);
  expect(gone?.status()).toBe(404);
  await expect(view.getByRole('heading', { name: 'Link nicht gefunden' })).toBeVisible();
  await visitor.close();
});

test('on a phone the share links are cards whose "Widerrufen" is on screen', async ({ page, request }) => {
  const user = await registerViaApi(request);
  const created = await apiAs(request, user.token, 'post', '/api/share_links', { label: 'Disposition Würzburg' });
  expect(created.status()).toBe(201);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, user, '/account/data');
  const list = page.getByRole('list', { name: 'Ihre Freigabe-Links' });
  const card = list.getByRole('listitem').filter({ hasText: 'Disposition Würzburg' });
  await expect(card.getByText('aktiv', { exact: true })).toBeVisible();
  const revoke = card.getByRole('button', { name: 'Link „Disposition Würzburg“ widerrufen' });
  await revoke.scrollIntoViewIfNeeded();
  const box = (await revoke.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await smallTouchTargets(page)).toEqual([]);
  await revoke.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Widerrufen' }).click();
  await expect(card.getByText('widerrufen', { exact: true })).toBeVisible();
});
