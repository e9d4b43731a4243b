import { expect, test, type Page } from '@playwright/test';
import { signIn, registerViaApi } from '../support/fixtures';
import { dayOffset } from '../support/seed';

const DAY_MS = 86_400_000;

const isoDate = dayOffset;
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const german = (date: string) => date.split('-').reverse().join('.');

async function createRoute(
  page: Page,
  route: { name: string; code?: string; start: string; end: string; lastDriven?: string; halfYear?: boolean },
): Promise<number> {
  await page.goto('/route/new');
  await page.getByLabel('Name der Strecke').fill(route.name);
  if (route.code) await page.getByLabel('Kürzel (optional)').fill(route.code);
  // Start and end are station comboboxes (issue 17); their suggestion list carries the same label.
  await page.getByRole('combobox', { name: 'Start der Strecke' }).fill(route.start);
  await page.getByRole('combobox', { name: 'Ende der Strecke' }).fill(route.end);
  if (route.lastDriven) await page.getByLabel('Zuletzt gefahren am (optional)').fill(route.lastDriven);
  if (route.halfYear) {
    // One place for validity: the route's own rule, which its first drive follows too.
    await page.getByRole('combobox', { name: 'Gültigkeitsregel' }).click();
    await page.getByRole('option', { name: '½ Jahr (182 Tage)' }).click();
  }
  await page.getByRole('button', { name: 'Strecke erstellen' }).click();
  await expect(page).toHaveURL(/\/route\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Stammdaten der Strecke' })).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** The value cell next to a label in a "Stammdaten" table. */
const detail = (page: Page, label: string) => page.getByRole('row', { name: label }).getByRole('cell');

test('routes, tours and vehicles: create, view, edit, delete', async ({ page, request }) => {
  const user = await registerViaApi(request);
  await signIn(page, user);

  // Routes: one with a first date (a year), one with a half year, one never recorded.
  const drivenA = isoDate(-20);
  const a = await createRoute(page, {
    name: 'Uelzen - Lüneburg',
    code: 'N30.2',
    start: 'HU',
    end: 'ALBG',
    lastDriven: drivenA,
  });
  await expect(detail(page, 'Streckenkunde gültig bis')).toHaveText(german(shift(drivenA, 364)));
  await expect(page.getByRole('list', { name: 'Erfasste Fahrten' })).toContainText(`Gefahren am ${german(drivenA)}`);
  // Issue 27: the drive recorded 20 days after it was driven is "nachgetragen"; the route's "Verlauf" says when it
  // was recorded and that the drive was.
  const drives = page.getByRole('list', { name: 'Erfasste Fahrten' });
  await expect(drives).toContainText('erfasst am');
  await expect(drives.getByText('nachgetragen')).toBeVisible();
  const history = page.getByRole('list', { name: 'Verlauf der Strecke' });
  await expect(history).toContainText(/Erfasst am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(in der App\)/);
  await expect(history).toContainText(`Fahrt vom ${german(drivenA)} erfasst am`);

  const drivenB = isoDate(-3);
  const b = await createRoute(page, {
    name: 'Uelzen - Celle',
    code: 'N30.1',
    start: 'HU',
    end: 'HCE',
    lastDriven: drivenB,
    halfYear: true,
  });
  await expect(detail(page, 'Streckenkunde gültig bis')).toHaveText(german(shift(drivenB, 182)));

  const c = await createRoute(page, { name: 'Lübeck - Kiel', start: 'HL', end: 'AK' });
  await expect(detail(page, 'Streckenkunde gültig bis')).toHaveText('Nicht erfasst');
  await expect(detail(page, 'Kürzel')).toHaveText('Nicht angegeben');

  // A tour needs two routes.
  await page.goto('/tour/new');
  await page.getByLabel('Name der Tour').fill('Hamburg - Hannover');
  const search = page.getByRole('searchbox', { name: 'Nach einer Strecke suchen' });
  await search.fill('uelzen');
  await expect(page.getByRole('button', { name: 'Lübeck - Kiel auswählen' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Uelzen - Lüneburg auswählen' }).click();
  await expect(page.getByRole('button', { name: 'Uelzen - Lüneburg auswählen' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Tour erstellen' }).click();
  await expect(page.getByText(/Eine Tour braucht mindestens 2 Strecken/)).toBeVisible();
  await page.getByRole('button', { name: 'Uelzen - Celle auswählen' }).click();
  await page.getByRole('button', { name: 'Tour erstellen' }).click();
  await expect(page).toHaveURL(/\/tour\/\d+$/);
  const tourId = Number(new URL(page.url()).pathname.split('/').pop());
  const included = page.getByRole('list', { name: 'Strecken der Tour' });
  await expect(included.getByRole('link')).toHaveText([
    'Uelzen - Celle · Kürzel N30.1',
    'Uelzen - Lüneburg · Kürzel N30.2',
  ]);

  // The route view lists the tour (client-side navigation from here on: lists update without reload).
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
  await included.getByRole('link', { name: 'Uelzen - Lüneburg · Kürzel N30.2' }).click();
  await expect(page).toHaveURL(new RegExp(`/route/${a}$`));
  await expect(page.getByRole('list', { name: 'Touren dieser Strecke' }).getByRole('link')).toHaveText([
    'Hamburg - Hannover',
  ]);

  // Edit the route; the tour shows the new name without a reload.
  await page.getByRole('link', { name: 'Strecke bearbeiten' }).click();
  await expect(page.getByLabel('Name der Strecke')).toHaveValue('Uelzen - Lüneburg');
  await page.getByLabel('Name der Strecke').fill('Uelzen - Lüneburg (Ost)');
  await page.getByRole('button', { name: 'Strecke speichern' }).click();
  await expect(page).toHaveURL(new RegExp(`/route/${a}$`));
  await expect(detail(page, 'Name der Strecke')).toHaveText('Uelzen - Lüneburg (Ost)');
  await page.getByRole('link', { name: 'Hamburg - Hannover' }).click();
  await expect(included.getByRole('link')).toHaveText([
    'Uelzen - Celle · Kürzel N30.1',
    'Uelzen - Lüneburg (Ost) · Kürzel N30.2',
  ]);

  // Edit the tour: an unsaved selection survives a visit to another screen…
  await page.getByRole('link', { name: 'Tour bearbeiten' }).click();
  await expect(page).toHaveURL(new RegExp(`/tour/edit/${tourId}$`));
  await page.getByRole('button', { name: 'Lübeck - Kiel auswählen' }).click();
  await expect(page.getByText('Nicht gespeichert')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Gespeicherte Auswahl' }).getByRole('link')).toHaveCount(2);
  await page
    .getByRole('list', { name: 'Zu speichernde Strecken' })
    .getByRole('link', { name: 'Lübeck - Kiel' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/route/${c}$`));
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Lübeck - Kiel auswählen' })).toHaveAttribute('aria-pressed', 'true');
  // …and "Zurück zur Ansicht" discards it.
  await page.getByRole('button', { name: 'Zurück zur Ansicht' }).click();
  await expect(page).toHaveURL(new RegExp(`/tour/${tourId}$`));
  await page.getByRole('link', { name: 'Tour bearbeiten' }).click();
  await expect(page.getByRole('button', { name: 'Lübeck - Kiel auswählen' })).toHaveAttribute('aria-pressed', 'false');

  // Save a selection of three routes and a new name.
  await page.getByRole('button', { name: 'Lübeck - Kiel auswählen' }).click();
  await page.getByLabel('Name der Tour').fill('Hamburg - Kiel');
  await page.getByRole('button', { name: 'Tour speichern' }).click();
  await expect(page).toHaveURL(new RegExp(`/tour/${tourId}$`));
  await expect(detail(page, 'Name der Tour')).toHaveText('Hamburg - Kiel');
  await expect(included.getByRole('link')).toHaveCount(3);

  // Delete route C (cancel first, then confirm); the tour loses it without a reload.
  await included.getByRole('link', { name: 'Lübeck - Kiel' }).click();
  await page.getByRole('link', { name: 'Strecke bearbeiten' }).click();
  await page.getByRole('button', { name: 'Eintrag löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Strecke löschen?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/route/edit/${c}$`));
  await page.getByRole('button', { name: 'Eintrag löschen' }).click();
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(page).toHaveURL(/\/documentation$/);
  await page.goBack(); // /route/edit/c
  await expect(page.getByRole('heading', { name: 'Strecke nicht gefunden' })).toBeVisible();
  await page.goBack(); // /route/c
  await expect(page.getByRole('heading', { name: 'Strecke nicht gefunden' })).toBeVisible();
  await page.goBack(); // /tour/id
  await expect(included.getByRole('link')).toHaveText([
    'Uelzen - Celle · Kürzel N30.1',
    'Uelzen - Lüneburg (Ost) · Kürzel N30.2',
  ]);
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);

  // Delete the tour; its routes stay.
  await page.getByRole('link', { name: 'Tour bearbeiten' }).click();
  await page.getByRole('button', { name: 'Eintrag löschen' }).click();
  await page.getByRole('dialog', { name: 'Tour löschen?' }).getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(page).toHaveURL(/\/documentation$/);
  await page.goBack(); // /tour/edit/id
  await expect(page.getByRole('heading', { name: 'Tour nicht gefunden' })).toBeVisible();
  await page.goBack(); // /tour/id
  await expect(page.getByRole('heading', { name: 'Tour nicht gefunden' })).toBeVisible();
  await page.goto(`/route/${b}`);
  await expect(detail(page, 'Name der Strecke')).toHaveText('Uelzen - Celle');
  await expect(page.getByText('Diese Strecke gehört zu keiner Tour.')).toBeVisible();

  // Vehicles.
  await page.goto('/vehicle/new');
  await page.getByRole('button', { name: 'Fahrzeug erstellen' }).click();
  await expect(page.getByText('Der Name des Fahrzeugs darf nicht leer sein.')).toBeVisible();
  await page.getByLabel('Name des Fahrzeugs').fill('BR 146');
  await page.getByRole('button', { name: 'Fahrzeug erstellen' }).click();
  await expect(page).toHaveURL(/\/vehicle\/\d+$/);
  const vehicleId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(detail(page, 'Zuletzt dokumentiert am')).toHaveText('Noch nicht dokumentiert');

  // Documented through the API: the view shows the latest driving date of its route activities.
  const activities = (await (
    await request.get('/api/route_activities', { headers: { authorization: `Bearer ${user.token}` } })
  ).json()) as { id: number; acquiredAt: string }[];
  for (const activity of activities) {
    const response = await request.post('/api/vehicle_activities', {
      headers: { authorization: `Bearer ${user.token}` },
      data: { acquiredVehicles: [`/api/vehicles/${vehicleId}`], routeActivity: `/api/route_activities/${activity.id}` },
    });
    expect(response.status()).toBe(201);
  }
  await page.reload();
  await expect(detail(page, 'Zuletzt dokumentiert am')).toHaveText(german(drivenB));

  await page.getByRole('link', { name: 'Fahrzeug bearbeiten' }).click();
  await page.getByLabel('Name des Fahrzeugs').fill('BR 146.2');
  await page.getByRole('button', { name: 'Fahrzeug speichern' }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicle/${vehicleId}$`));
  await expect(detail(page, 'Name des Fahrzeugs')).toHaveText('BR 146.2');
  await page.getByRole('link', { name: 'Fahrzeug bearbeiten' }).click();
  await page.getByRole('button', { name: 'Eintrag löschen' }).click();
  await page
    .getByRole('dialog', { name: 'Fahrzeug löschen?' })
    .getByRole('button', { name: 'Endgültig löschen' })
    .click();
  await expect(page).toHaveURL(/\/documentation$/);
  await page.goBack(); // /vehicle/edit/id
  await page.goBack(); // /vehicle/id
  await expect(page.getByRole('heading', { name: 'Fahrzeug nicht gefunden' })).toBeVisible();
  // Asked afresh, the server agrees.
  const gone = await request.get(`/api/vehicles/${vehicleId}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(gone.status()).toBe(404);
});

test("another user's route answers 403 and shows 'nicht gefunden'", async ({ page, request }) => {
  const owner = await registerViaApi(request);
  const created = await request.post('/api/routes', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { name: 'Fremde Strecke', startPoint: 'A', endPoint: 'B' },
  });
  const { id } = (await created.json()) as { id: number };
  const other = await registerViaApi(request);
  await signIn(page, other);
  await page.goto(`/route/${id}`);
  await expect(page.getByRole('heading', { name: 'Strecke nicht gefunden' })).toBeVisible();
  await page.goto(`/route/edit/${id}`);
  await expect(page.getByRole('heading', { name: 'Strecke nicht gefunden' })).toBeVisible();
  await page.goto('/tour/999999');
  await expect(page.getByRole('heading', { name: 'Tour nicht gefunden' })).toBeVisible();
});

test('screenshots of route view and tour edit at 360 and 1280 px', async ({ page, request }) => {
  const user = await registerViaApi(request);
  const auth = { authorization: `Bearer ${user.token}` };
  const ids: number[] = [];
  for (const [name, companyRoute, startPoint, endPoint] of [
    ['Uelzen - Celle', 'N30.1', 'HU', 'HCE'],
    ['Uelzen - Lüneburg', 'N30.2', 'HU', 'ALBG'],
    ['Lüneburg - Hamburg-Harburg über Winsen (Luhe)', 'N31.0', 'ALBG', 'AHAR'],
    ['Celle - Hannover', 'N40.0', 'HCE', 'HH'],
  ]) {
    const response = await request.post('/api/routes', {
      headers: auth,
      data: { name, companyRoute, startPoint, endPoint },
    });
    ids.push(((await response.json()) as { id: number }).id);
  }
  await request.post('/api/route_activities', {
    headers: auth,
    data: { acquiredAt: isoDate(-400), acquiredRoutes: [`/api/routes/${ids[1]}`] },
  });
  await request.post('/api/route_activities', {
    headers: auth,
    data: { acquiredAt: isoDate(-10), acquiredRoutes: [`/api/routes/${ids[1]}`, `/api/routes/${ids[0]}`] },
  });
  const tour = await request.post('/api/tours', {
    headers: auth,
    data: { name: 'Hamburg - Hannover', routes: ids.slice(0, 3).map((id) => `/api/routes/${id}`) },
  });
  const tourId = ((await tour.json()) as { id: number }).id;
  await signIn(page, user);

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/route/${ids[1]}`);
    await expect(page.getByRole('list', { name: 'Erfasste Fahrten' }).getByRole('listitem')).toHaveCount(2);
    await page.screenshot({ path: `/tmp/h3-route-view-${width}.png`, fullPage: true });
    await page.goto(`/tour/edit/${tourId}`);
    await page.getByRole('button', { name: 'Celle - Hannover auswählen' }).click();
    await page.getByRole('button', { name: 'Uelzen - Celle auswählen' }).click();
    await page.screenshot({ path: `/tmp/h3-tour-edit-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Zurück zur Ansicht' }).click();
    await expect(page).toHaveURL(new RegExp(`/tour/${tourId}$`));
  }
  // No horizontal scrolling on a narrow phone.
  await page.setViewportSize({ width: 360, height: 800 });
  for (const path of [
    `/route/${ids[1]}`,
    `/tour/edit/${tourId}`,
    `/route/edit/${ids[1]}`,
    '/route/new',
    `/tour/${tourId}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
