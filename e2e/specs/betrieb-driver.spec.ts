import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectNoCspViolations, listenForCspViolations, smallTouchTargets } from '../support/audits';
import { foundBetriebWithRequirement, joinBetrieb, verifiedUser } from '../support/betrieb';
import { apiAs, registerViaApi, signIn, uniqueEmail } from '../support/fixtures';
import { dayOffset } from '../support/seed';

/*
 * Issue 38 item 13: a Disponent opens one driver's page from the members list, the matrix and "Wer kann fahren?",
 * on a phone and on a desktop, and reads what the consent shares: the requirements the driver meets, the routes with
 * their validity and rule, the last drives with "gefahren am", "erfasst am" and "nachgetragen", the vehicles.
 */

async function expectDriverPage(page: Page, width: number) {
  await expect(page.getByRole('heading', { name: 'Tom Fahrer', level: 1 })).toBeVisible();
  await expect(page.getByText('Triebfahrzeugführer/in · Frankenbahn')).toBeVisible();
  const requirements = page.getByRole('list', { name: 'Anforderungen' });
  await expect(requirements).toContainText('NF – NWH');
  await expect(requirements).toContainText(`gültig bis ${dayOffset(344).split('-').reverse().join('.')}`);
  const routes = page.getByRole('list', { name: 'Strecken' });
  await expect(routes).toContainText('Würzburg – Fürth (Kürzel K1)');
  await expect(routes).toContainText('Würzburg Hbf – Fürth (Bay) Hbf');
  await expect(routes).toContainText('Gültigkeitsregel: wie im Konto: 1 Jahr (364 Tage)');
  const drives = page.getByRole('list', { name: 'Fahrten' });
  await expect(drives.getByRole('listitem')).toHaveCount(1);
  await expect(drives).toContainText(`gefahren am ${dayOffset(-20).split('-').reverse().join('.')}`);
  await expect(drives).toContainText('Erfasst am:');
  await expect(drives).toContainText('nachgetragen');
  await expect(drives).toContainText('Fahrzeuge: BR 218');
  const vehicles = page.getByRole('list', { name: 'Fahrzeuge' });
  await expect(vehicles).toContainText('BR 218');
  await expect(vehicles).toContainText('1 Fahrt');
  // Nothing is cut or scrolls sideways, at either width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
  if (width === 360) expect(await smallTouchTargets(page), 'touch targets at 360 px').toEqual([]);
}

test('a Disponent reads one driver’s record from the members list, the matrix and "Wer kann fahren?"', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await listenForCspViolations(page);
  const admin = await verifiedUser(request, baseURL!, 'Admin');
  const { betriebId, requirementId } = await foundBetriebWithRequirement(request, admin, {
    startStation: 'NF',
    endStation: 'NWH',
  });

  const driver = await registerViaApi(request, { email: uniqueEmail('fahrer'), firstname: 'Tom', lastname: 'Fahrer' });
  const route = await apiAs(request, driver.token, 'post', '/api/routes', {
    name: 'Würzburg – Fürth',
    companyRoute: 'K1',
    startPoint: 'Würzburg Hbf',
    endPoint: 'Fürth (Bay) Hbf',
    startStation: 'NWH',
    endStation: 'NF',
  });
  expect(route.status()).toBe(201);
  const vehicle = await apiAs(request, driver.token, 'post', '/api/vehicles', { name: 'BR 218' });
  expect(vehicle.status()).toBe(201);
  // Driven 20 days ago, recorded now: "nachgetragen".
  const drive = await apiAs(request, driver.token, 'post', '/api/route_activities', {
    acquiredAt: dayOffset(-20),
    acquiredRoutes: [`/api/routes/${((await route.json()) as { id: number }).id}`],
  });
  expect(drive.status()).toBe(201);
  const used = await apiAs(request, driver.token, 'post', '/api/vehicle_activities', {
    acquiredVehicles: [`/api/vehicles/${((await vehicle.json()) as { id: number }).id}`],
    routeActivity: `/api/route_activities/${((await drive.json()) as { id: number }).id}`,
  });
  expect(used.status()).toBe(201);
  await joinBetrieb(request, admin, betriebId, driver);
  const disponent = await registerViaApi(request, {
    email: uniqueEmail('disponent'),
    firstname: 'Dora',
    lastname: 'Disponentin',
  });
  await joinBetrieb(request, admin, betriebId, disponent, 'disponent');

  await signIn(page, disponent, `/betrieb/${betriebId}`);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });

    // From the members list.
    await page.goto(`/betrieb/${betriebId}`);
    await page.getByRole('region', { name: 'Tom Fahrer' }).getByRole('link', { name: 'Tom Fahrer' }).click();
    await expect(page).toHaveURL(new RegExp(`/betrieb/${betriebId}/fahrer/\\d+$`));
    await expectDriverPage(page, width);

    // From the matrix.
    await page.goto(`/betrieb/matrix/${betriebId}`);
    await page.getByRole('region', { name: 'Matrix' }).getByRole('link', { name: 'Tom Fahrer' }).click();
    await expectDriverPage(page, width);

    // From "Wer kann fahren?".
    await page.goto(`/betrieb/wer-kann-fahren/${betriebId}?requirement=${requirementId}`);
    await page
      .getByRole('list', { name: 'Streckenkundige Fahrer/innen' })
      .getByRole('link', { name: 'Tom Fahrer' })
      .click();
    await expectDriverPage(page, width);
  }

  // After the driver has left, the Betrieb sees nothing more of them: "nicht gefunden".
  const address = new URL(page.url()).pathname;
  expect((await apiAs(request, driver.token, 'delete', `/api/betriebe/${betriebId}/membership`)).status()).toBe(204);
  await page.goto(address);
  await expect(page.getByRole('heading', { name: 'Fahrer/in nicht gefunden' })).toBeVisible();
  await expect(page.getByText('Würzburg Hbf')).toHaveCount(0);
  await expectNoCspViolations(page, 'Fahrer/in');
});
