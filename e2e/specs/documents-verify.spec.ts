import fs from 'node:fs/promises';
import { expect, test, type Browser, type Download, type Page } from '@playwright/test';
import { apiAs, registerViaApi, signIn } from '../support/fixtures';

/**
 * Issue 38, "Every signed word is true": every button that issues a document gives a file that the public check page
 * (/pruefen, upload) finds genuine, showing what the file says — the Nachweis PDF of the documentation page, the share
 * link's page and its PDF, the transfer PDF with each drive and its own route, and the backup download. The matrix's
 * "PDF (signiert)" is covered by betrieb-matrix-pdf.spec.ts.
 */

const ROUTES = ['Aschaffenburg – Laufach', 'Bamberg – Forchheim', 'Crailsheim – Ansbach'];
const DAYS = ['2026-10-03', '2026-10-02', '2026-10-01'];
const german = (day: string) => day.split('-').reverse().join('.');

async function fileOf(page: Page, click: () => Promise<void>): Promise<{ name: string; buffer: Buffer }> {
  const next: Promise<Download> = page.waitForEvent('download');
  await click();
  const download = await next;
  return { name: download.suggestedFilename(), buffer: await fs.readFile(await download.path()) };
}

/** The check page lists the route (its name cell also holds start and end). */
const expectRoute = (check: Page, name: string) =>
  expect(check.locator('td.name-cell', { hasText: name }).first()).toBeVisible();

/** Uploads `file` on the check page of a fresh browser (no account) and returns that page with the answer. */
async function checkUpload(browser: Browser, file: { name: string; buffer: Buffer }, mimeType: string) {
  const context = await browser.newContext({ locale: 'de-DE' });
  const check = await context.newPage();
  await check.goto('/pruefen');
  await check.getByLabel('PDF-Datei hochladen').setInputFiles({ name: file.name, mimeType, buffer: file.buffer });
  await check.getByRole('button', { name: 'Datei prüfen' }).click();
  await expect(check.getByRole('status')).toContainText('Echt und unverändert');
  return { check, close: () => context.close() };
}

test('every document a button issues verifies on the check page, with what it says', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await registerViaApi(request, { firstname: 'Vera', lastname: 'Prüfer' });
  const ids: number[] = [];
  for (const [index, name] of ROUTES.entries()) {
    const route = await apiAs(request, user.token, 'post', '/api/routes', { name, startPoint: 'A', endPoint: 'B' });
    expect(route.status()).toBe(201);
    ids.push(((await route.json()) as { id: number }).id);
    const drive = await apiAs(request, user.token, 'post', '/api/route_activities', {
      acquiredAt: DAYS[index],
      acquiredRoutes: [`/api/routes/${ids[index]}`],
    });
    expect(drive.status()).toBe(201);
  }
  await signIn(page, user);

  // The Nachweis PDF of the documentation page.
  await page.goto('/documentation');
  const card = page.getByRole('region', { name: 'Ausgewählte Objekte' });
  const pdf = await fileOf(page, () => card.getByRole('button', { name: 'Als PDF exportieren' }).click());
  {
    const { check, close } = await checkUpload(browser, pdf, 'application/pdf');
    await expect(check.getByText('Vera Prüfer')).toBeVisible();
    for (const name of ROUTES) await expectRoute(check, name);
    await close();
  }

  // The transfer PDF ("Nachweis für den Arbeitgeberwechsel"): every drive with its own route, as signed.
  await page.goto('/account/data');
  await expect(page.getByRole('heading', { name: 'Meine Daten', level: 1 })).toBeVisible();
  const transfer = await fileOf(page, () => page.getByRole('button', { name: 'PDF mit Verlauf' }).click());
  {
    const { check, close } = await checkUpload(browser, transfer, 'application/pdf');
    await expect(check.getByRole('heading', { name: 'Alle Fahrten (3)' })).toBeVisible();
    for (const [index, name] of ROUTES.entries()) {
      const drive = check
        .locator('tr')
        .filter({ has: check.locator('td.name-cell', { hasText: new RegExp(`^${german(DAYS[index]!)}$`) }) });
      await expect(drive).toHaveCount(1);
      await expect(drive.locator('td[data-label="Strecken"]')).toHaveText(name);
    }
    await expect(check.getByText('Strecken inzwischen gelöscht')).toHaveCount(0);
    await close();
  }

  // The backup download: the signed JSON verifies too.
  const backup = await fileOf(page, () => page.getByRole('button', { name: 'Sicherung herunterladen' }).click());
  {
    const { check, close } = await checkUpload(browser, backup, 'application/json');
    await expect(check.getByText('Vera Prüfer')).toBeVisible();
    for (const name of ROUTES) await expectRoute(check, name);
    expect(await check.content()).not.toContain(user.email);
    await close();
  }

  // A share link: its page names its code and check page, and its PDF verifies by upload.
  await page.getByLabel('Bezeichnung (optional)').fill('Prüfung');
  await page.getByRole('button', { name: 'Link erstellen' }).click();
  const url = await page.getByRole('textbox', { name: 'Link', exact: true }).inputValue();
  const visitor = await browser.newContext({ locale: 'de-DE' });
  try {
    const view = await visitor.newPage();
    expect((await view.goto(new URL(url).pathname))?.status()).toBe(200);
    await view.getByRole('link', { name: 'Echtheit prüfen' }).click();
    await expect(view).toHaveURL(/\/pruefen\/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await expect(view.getByRole('status')).toContainText('Echt und unverändert');
    for (const name of ROUTES) await expectRoute(view, name);
    await view.goBack();
    const shared = await fileOf(view, () => view.getByRole('link', { name: 'Als PDF herunterladen' }).click());
    const { check, close } = await checkUpload(browser, shared, 'application/pdf');
    for (const name of ROUTES) await expectRoute(check, name);
    await close();
  } finally {
    await visitor.close();
  }
});
