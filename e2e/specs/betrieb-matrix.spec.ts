import { expect, test, type Page } from '@playwright/test';
import {
  axeViolations,
  cutTexts,
  expectNoCspViolations,
  listenForCspViolations,
  smallTouchTargets,
} from '../support/audits';
import { foundBetriebWithRequirement, joinBetrieb, verifiedUser } from '../support/betrieb';
import { apiAs, registerViaApi, signIn, uniqueEmail, type SeededUser } from '../support/fixtures';
import { dayOffset } from '../support/seed';

/*
 * Issue 28, items 3, 4 and 6, on a phone: a Disponent asks "Wer kann fahren?" in two taps from the Betrieb's page,
 * reads the matrix with its states and coverage, filters it, downloads its CSV, and reads the last matrix again
 * without a connection.
 */

test.use({ viewport: { width: 360, height: 740 } });

async function expectAudited(page: Page, label: string) {
  expect(await axeViolations(page), `axe on ${label}`).toEqual([]);
  expect(await smallTouchTargets(page), `touch targets on ${label}`).toEqual([]);
  await expectNoCspViolations(page, label);
}

const daysFromToday = dayOffset;

/** A driver with a route between the two stations, driven `daysAgo` days ago (or never). */
async function driverWithRoute(
  request: Parameters<typeof registerViaApi>[0],
  lastname: string,
  daysAgo: number | null,
): Promise<SeededUser> {
  const driver = await registerViaApi(request, { email: uniqueEmail('fahrer'), firstname: 'Tom', lastname });
  const route = await apiAs(request, driver.token, 'post', '/api/routes', {
    name: 'Würzburg – Fürth',
    startPoint: 'Würzburg Hbf',
    endPoint: 'Fürth (Bay) Hbf',
    startStation: 'NWH',
    endStation: 'NF',
  });
  expect(route.status()).toBe(201);
  if (daysAgo !== null) {
    const { id } = (await route.json()) as { id: number };
    const drive = await apiAs(request, driver.token, 'post', '/api/route_activities', {
      acquiredAt: daysFromToday(-daysAgo),
      acquiredRoutes: [`/api/routes/${id}`],
    });
    expect(drive.status()).toBe(201);
  }
  return driver;
}

test('a Disponent finds who can drive a route in two taps, and reads the matrix online and offline', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await listenForCspViolations(page);
  const admin = await verifiedUser(request, baseURL!, 'Admin');
  const { betriebId, requirementId } = await foundBetriebWithRequirement(request, admin, {
    startStation: 'NF',
    endStation: 'NWH',
    companyRoute: 'K1',
  });

  // Three drivers: valid for months, expiring soon (driven 350 days ago), and one without the route at all.
  const valid = await driverWithRoute(request, 'Gültig', 10);
  const expiring = await driverWithRoute(request, 'Bald', 350);
  const missing = await registerViaApi(request, { email: uniqueEmail('fahrer'), firstname: 'Tom', lastname: 'Fehlt' });
  for (const driver of [valid, expiring, missing]) await joinBetrieb(request, admin, betriebId, driver);
  const disponent = await registerViaApi(request, {
    email: uniqueEmail('disponent'),
    firstname: 'Dora',
    lastname: 'Disponentin',
  });
  await joinBetrieb(request, admin, betriebId, disponent, 'disponent');
  // A required vehicle type (issue 40 item 4): the valid driver has one of it ("BR442" is "BR 442").
  const vehicleType = await apiAs(request, admin.token, 'post', `/api/betriebe/${betriebId}/vehicle-requirements`, {
    vehicleType: 'BR 442',
  });
  expect(vehicleType.status()).toBe(201);
  expect((await apiAs(request, valid.token, 'post', '/api/vehicles', { name: 'BR442' })).status()).toBe(201);

  // Tap 1: "Wer kann fahren?" on the Betrieb's page; tap 2: the requirement. Today both can.
  await signIn(page, disponent, `/betrieb/${betriebId}`);
  await page.getByRole('link', { name: 'Wer kann heute fahren?' }).click();
  await expect(page.getByRole('heading', { name: 'Wer kann fahren?', level: 1 })).toBeVisible();
  await expectAudited(page, 'Wer kann fahren? (Auswahl)');
  await page.getByRole('button', { name: /Fürth.*Würzburg|Würzburg.*Fürth/ }).click();
  await expect(page.getByRole('status')).toHaveText(/2 Fahrer\/innen können am .* fahren/);
  const answer = page.getByRole('list', { name: 'Streckenkundige Fahrer/innen' });
  await expect(answer).toContainText('Tom Gültig');
  await expect(answer).toContainText('Tom Bald');
  await expect(answer).not.toContainText('Tom Fehlt');
  await expectAudited(page, 'Wer kann fahren? (Antwort)');

  // In 20 days the one driven 350 days ago no longer can.
  await page.goto(`/betrieb/wer-kann-fahren/${betriebId}?requirement=${requirementId}&date=${daysFromToday(20)}`);
  await expect(page.getByRole('status')).toHaveText(/1 Fahrer\/in kann am .* fahren/);
  await expect(answer).not.toContainText('Tom Bald');

  // The matrix on a phone (issue 40): a card per driver, each state in words, nothing to scroll sideways.
  await page.goto(`/betrieb/matrix/${betriebId}`);
  await expect(page.getByRole('heading', { name: 'Matrix der Streckenkunde', level: 1 })).toBeVisible();
  const matrix = page.getByRole('region', { name: 'Matrix' });
  const drivers = matrix.getByRole('list', { name: 'Fahrer/innen' }).locator(':scope > li');
  await expect(drivers.filter({ hasText: 'Tom Gültig' })).toContainText('gültig bis');
  await expect(drivers.filter({ hasText: 'Tom Bald' })).toContainText('läuft ab am');
  await expect(drivers.filter({ hasText: 'Tom Fehlt' })).toContainText('fehlt');
  await expect(drivers.filter({ hasText: 'Tom Gültig' })).toContainText('Fahrzeugtyp BR 442bekannt (BR442)');
  await expect(drivers.filter({ hasText: 'Tom Bald' })).toContainText('Fahrzeugtyp BR 442fehlt');
  expect(await cutTexts(page), 'cut texts on the phone matrix').toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAudited(page, 'Matrix (je Fahrer/in)');
  // Per requirement: its coverage in one line, opened to its drivers.
  await matrix.getByText('Je Anforderung').click();
  const requirement = matrix.getByRole('button', { name: /2 von 3 Fahrer\/innen streckenkundig/ });
  await expect(requirement).toContainText('2 von 3 · 1 läuft bald ab');
  await requirement.click();
  await expect(matrix.getByRole('region').filter({ hasText: 'Tom Bald' })).toContainText('läuft ab am');
  const type = matrix.getByRole('button', { name: /Fahrzeugtyp BR 442, 1 von 3 Fahrer\/innen kennt den Typ/ });
  await expect(type).toContainText('1 von 3 kennt ihn');
  expect(await cutTexts(page), 'cut texts on the phone matrix per requirement').toEqual([]);
  await expectAudited(page, 'Matrix (je Anforderung)');
  await matrix.getByText('Je Fahrer/in').click();

  // On a desktop, the table: the vehicle type a column of its own, with its coverage, each cell in words.
  await page.setViewportSize({ width: 1280, height: 800 });
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: /Fahrzeugtyp BR 442/ })).toContainText(
    '1 von 3 Fahrer/innen kennt den Typ',
  );
  await expect(table.getByRole('row', { name: /Tom Gültig/ })).toContainText('bekannt (BR442)');
  await expect(table.getByRole('row', { name: /Tom Fehlt/ })).toContainText('fehlt');
  expect(await cutTexts(page), 'cut texts on the desktop matrix').toEqual([]);
  // The columns share the frame: nothing to scroll sideways (cells wrap their words).
  const frame = page.getByRole('region', { name: 'Matrix' });
  expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 360, height: 740 });

  // Filtered by state (the filters folded into one button), only the missing one stays; the filter is in the address.
  await page.getByRole('button', { name: 'Filter und Sortierung' }).click();
  await page.getByRole('combobox', { name: 'Zustand' }).click();
  await page.getByRole('option', { name: 'fehlt' }).click();
  await expect(page).toHaveURL(/state=fehlt/);
  await expect(page.getByRole('button', { name: 'Filter und Sortierung (1 aktiv)' })).toBeVisible();
  await expect(drivers).toHaveCount(1);
  await expect(matrix).toContainText('Tom Fehlt');

  // The CSV of what the filters select.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);

  // Without a connection, the last matrix read is still there.
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Matrix' })).toContainText('Tom Fehlt');
  await expect(page.getByText('Gezeigt wird die zuletzt geladene Matrix')).toBeVisible();
  await context.setOffline(false);

  await expectNoCspViolations(page, 'Disponent');
});
