import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { foundBetriebWithRequirement, joinBetrieb, verifiedUser } from '../support/betrieb';
import { apiAs, registerViaApi, signIn, uniqueEmail, type SeededUser } from '../support/fixtures';
import { dayOffset } from '../support/seed';

/*
 * Issue 38 item 2: the matrix's "PDF (signiert)" button, on a phone and on a desktop, with and without filters. The
 * downloaded file verifies as genuine when uploaded on the check page /pruefen, which shows what it was issued with.
 */

/** A driver with a route between Würzburg and Fürth, driven `daysAgo` days ago (or no route at all). */
async function driver(request: APIRequestContext, lastname: string, daysAgo: number | null): Promise<SeededUser> {
  const user = await registerViaApi(request, { email: uniqueEmail('fahrer'), firstname: 'Tom', lastname });
  if (daysAgo === null) return user;
  const route = await apiAs(request, user.token, 'post', '/api/routes', {
    name: 'Würzburg – Fürth',
    startPoint: 'Würzburg Hbf',
    endPoint: 'Fürth (Bay) Hbf',
    startStation: 'NWH',
    endStation: 'NF',
  });
  expect(route.status()).toBe(201);
  const drive = await apiAs(request, user.token, 'post', '/api/route_activities', {
    acquiredAt: dayOffset(-daysAgo),
    acquiredRoutes: [`/api/routes/${((await route.json()) as { id: number }).id}`],
  });
  expect(drive.status()).toBe(201);
  return user;
}

/** Clicks "PDF (signiert)" and answers the downloaded file. */
async function downloadPdf(page: Page): Promise<Buffer> {
  const next = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF (signiert)' }).click();
  const download = await next;
  expect(download.suggestedFilename()).toMatch(/^streckenkunde-matrix-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const pdf = await fs.readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdf;
}

/** Uploads the file on /pruefen in a browser without a session and answers the page's text. */
async function verified(browser: Browser, pdf: Buffer, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'de-DE' });
  const check = await context.newPage();
  await check.goto('/pruefen');
  await check.getByLabel('PDF-Datei hochladen').setInputFiles({
    name: 'matrix.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await check.getByRole('button', { name: 'Datei prüfen' }).click();
  await expect(check.getByRole('status')).toContainText('Echt und unverändert');
  return check;
}

test('the matrix PDF downloads, filtered or not, on a phone and a desktop, and verifies at /pruefen', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await verifiedUser(request, baseURL!, 'Admin');
  const { betriebId } = await foundBetriebWithRequirement(request, admin, { startStation: 'NF', endStation: 'NWH' });
  for (const member of [await driver(request, 'Gültig', 10), await driver(request, 'Fehlt', null)]) {
    await joinBetrieb(request, admin, betriebId, member);
  }
  const disponent = await registerViaApi(request, {
    email: uniqueEmail('disponent'),
    firstname: 'Dora',
    lastname: 'Disponentin',
  });
  await joinBetrieb(request, admin, betriebId, disponent, 'disponent');
  await signIn(page, disponent, `/betrieb/matrix/${betriebId}`);

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });

    // Unfiltered: both drivers.
    await page.goto(`/betrieb/matrix/${betriebId}`);
    await expect(page.getByRole('region', { name: 'Matrix' })).toContainText('Tom Fehlt');
    const all = await verified(browser, await downloadPdf(page), width);
    await expect(all.getByText('Frankenbahn')).toBeVisible();
    await expect(all.getByText('Dora Disponentin')).toBeVisible();
    await expect(all.getByText('alle Depots · nach Namen')).toBeVisible();
    await expect(all.getByRole('cell', { name: 'Tom Gültig' })).toBeVisible();
    await expect(all.getByRole('cell', { name: 'Tom Fehlt' })).toBeVisible();
    await expect(all.getByText('1 von 2 Fahrer/innen streckenkundig')).toBeVisible();
    await all.context().close();

    // Filtered by state and name, chosen on the page (on a phone behind one button): only the missing one, and the
    // file says so.
    if (width === 360) await page.getByRole('button', { name: 'Filter und Sortierung' }).click();
    await page.getByRole('combobox', { name: 'Zustand' }).click();
    await page.getByRole('option', { name: 'fehlt' }).click();
    await expect(page).toHaveURL(/state=fehlt/);
    await page.getByRole('searchbox', { name: 'Name' }).fill('Fehlt');
    await expect(page).toHaveURL(/q=Fehlt/);
    const matrix = page.getByRole('region', { name: 'Matrix' });
    // A table on a desktop (header and one row), a card per driver on a phone.
    await expect(
      width === 360
        ? matrix.getByRole('list', { name: 'Fahrer/innen' }).locator(':scope > li')
        : matrix.getByRole('row'),
    ).toHaveCount(width === 360 ? 1 : 2);
    const filtered = await verified(browser, await downloadPdf(page), width);
    await expect(filtered.getByText('alle Depots · mit „fehlt“ · Name enthält „Fehlt“ · nach Namen')).toBeVisible();
    await expect(filtered.getByRole('cell', { name: 'Tom Fehlt' })).toBeVisible();
    await expect(filtered.getByRole('cell', { name: 'Tom Gültig' })).toHaveCount(0);
    expect(await filtered.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await filtered.context().close();
  }

  // Both issued documents of each run are listed for their issuer.
  const proofs = (await (await apiAs(request, disponent.token, 'get', '/api/proofs')).json()) as unknown[];
  expect(proofs).toHaveLength(4);
});
