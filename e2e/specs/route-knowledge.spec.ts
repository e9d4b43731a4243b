import { expect, test, type Page } from '@playwright/test';
import { apiAs, signIn, registerViaApi } from '../support/fixtures';
import { dayOffset } from '../support/seed';

const isoDate = dayOffset;
const german = (date: string) => date.split('-').reverse().join('.');

async function screenshots(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Let the layout settle after the resize (Mantine reads breakpoints through media queries).
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/h4-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The entry of a route in the expiring overview. */
const expiringEntry = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Ablaufende Strecken' }).getByRole('link', { name: new RegExp(`^${name}`) });

test('document a tour and a route, watch them expire on the dashboard, add a vehicle later', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  const create = async (path: string, data: unknown) => {
    const response = await apiAs(request, user.token, 'post', path, data);
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const uelzenCelle = await create('/api/routes', {
    name: 'Uelzen - Celle',
    companyRoute: 'N30.1',
    startPoint: 'HU',
    endPoint: 'HC',
  });
  const celleHannover = await create('/api/routes', { name: 'Celle - Hannover', startPoint: 'HC', endPoint: 'HH' });
  const hamburgLuebeck = await create('/api/routes', {
    name: 'Hamburg - Lübeck',
    companyRoute: 'K10.2',
    startPoint: 'AH',
    endPoint: 'AL',
  });
  await create('/api/routes', { name: 'Lübeck - Kiel', startPoint: 'AL', endPoint: 'AK' });
  await create('/api/tours', {
    name: 'Heidetour',
    routes: [`/api/routes/${celleHannover}`, `/api/routes/${hamburgLuebeck}`],
  });
  await create('/api/vehicles', { name: 'BR 146' });

  await signIn(page, user);
  await page.getByRole('link', { name: 'Dokumentation', exact: true }).first().click();
  await expect(page).toHaveURL(/\/documentation$/);
  await expect(page.getByRole('heading', { name: 'Strecken (4 / 4)' })).toBeVisible();
  await expect(page.getByText('Uelzen - Celle · Kürzel N30.1')).toBeVisible();

  // Search narrows the list (case-insensitive), then select a tour and a route.
  await page.getByRole('searchbox', { name: 'Eine Strecke suchen' }).fill('uelzen');
  await expect(page.getByRole('heading', { name: 'Strecken (1 / 4)' })).toBeVisible();
  await page.getByRole('button', { name: 'Strecke Uelzen - Celle auswählen' }).click();
  await page.getByRole('searchbox', { name: 'Eine Strecke suchen' }).fill('');
  await page.getByRole('button', { name: 'Tour Heidetour auswählen' }).click();
  await expect(page.getByRole('button', { name: 'Tour Heidetour auswählen' })).toHaveAttribute('aria-pressed', 'true');

  const selected = page.getByRole('region', { name: 'Ausgewählte Objekte' });
  await expect(selected.getByText('Es werden 3 Strecken dokumentiert.')).toBeVisible();
  const driven = isoDate(-300);
  await expect(selected.getByLabel('Zuletzt gefahren am')).toHaveValue(
    new RegExp(`, ${german(isoDate(0)).replaceAll('.', '\\.')}$`),
  );
  await selected.getByLabel('Zuletzt gefahren am').fill(driven);
  await expect(selected.getByText(`Gültig bis ${german(isoDate(64))}`)).toBeVisible();

  // The selection survives a reload (persisted in the browser).
  await page.reload();
  await expect(selected.getByText('Heidetour')).toBeVisible();
  await selected.getByLabel('Zuletzt gefahren am').fill(driven);
  await screenshots(page, 'documentation');

  // On a phone the selection card is far below the lists: a bar at the bottom counts the selection and leads there.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const bar = page.getByRole('region', { name: 'Auswahl speichern' });
  await expect(bar.getByText('2 ausgewählt')).toBeVisible();
  await page.screenshot({ path: '/tmp/h4-documentation-360-viewport.png' });
  await bar.getByRole('button', { name: /Auswahl ansehen/ }).click();
  await expect(selected.getByRole('button', { name: 'Dokumentation speichern' })).toBeInViewport();
  await expect(bar).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });

  await selected.getByRole('button', { name: 'Dokumentation speichern' }).click();
  await expect(page.getByText('3 Strecken dokumentiert')).toBeVisible();
  await expect(selected.getByText(/Noch nichts ausgewählt/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tour Heidetour auswählen' })).toHaveAttribute('aria-pressed', 'false');

  // Dashboard: 90 days, only recorded routes.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  await expect(page.getByRole('button', { name: '90 Tage' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('checkbox', { name: 'Nur aufgezeichnete Strecken' })).toBeChecked();
  for (const name of ['Uelzen - Celle', 'Celle - Hannover', 'Hamburg - Lübeck']) {
    await expect(expiringEntry(page, name)).toContainText('In 64 Tagen');
  }
  await expect(expiringEntry(page, 'Lübeck - Kiel')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Zusammenfassung' })).toContainText('Anzahl der Strecken4');
  await expect(expiringEntry(page, 'Uelzen - Celle')).toHaveAttribute('href', `/route/${uelzenCelle}`);

  // 30 days: nothing expires that soon.
  await page.getByRole('button', { name: '30 Tage' }).click();
  await expect(page.getByText('In den nächsten 30 Tagen läuft keine Streckenkunde ab.')).toBeVisible();
  await page.getByRole('button', { name: '90 Tage' }).click();

  // Filter off: the never recorded route comes first; the choice survives a reload.
  await page.getByRole('checkbox', { name: 'Nur aufgezeichnete Strecken' }).uncheck();
  const entries = page.getByRole('list', { name: 'Ablaufende Strecken' }).getByRole('link');
  await expect(entries).toHaveCount(4);
  await expect(entries.first()).toContainText('Lübeck - Kiel');
  await expect(entries.first()).toContainText('Keine Aufzeichnung');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Nur aufgezeichnete Strecken' })).not.toBeChecked();
  await expect(entries.first()).toContainText('Keine Aufzeichnung');
  await screenshots(page, 'dashboard');

  // The activity list, reached from the documentation page; add a vehicle afterwards.
  await page.goto('/documentation');
  await page.getByRole('link', { name: 'Alle Dokumentationen' }).click();
  await expect(page).toHaveURL(/\/route-activity$/);
  const activity = page.getByRole('link', { name: `Dokumentation vom ${german(driven)}` });
  await expect(activity).toContainText(`Gültig bis ${german(isoDate(64))} · 3 Strecken · 0 Fahrzeuge`);
  await activity.click();
  await expect(page.getByRole('heading', { name: `Dokumentation vom ${german(driven)}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hamburg - Lübeck' })).toHaveAttribute(
    'href',
    `/route/${hamburgLuebeck}`,
  );
  await page.getByRole('checkbox', { name: 'BR 146' }).check();
  await page.getByRole('button', { name: 'Fahrzeuge hinzufügen' }).click();
  await expect(page.getByRole('region', { name: 'Fahrzeuge' }).getByRole('link', { name: 'BR 146' })).toBeVisible();
  await screenshots(page, 'route-activity');
  await page.getByRole('link', { name: 'Alle Dokumentationen' }).click();
  await expect(activity).toContainText('3 Strecken · 1 Fahrzeug');
});

test('a route activity can be deleted after confirmation', async ({ page, request }) => {
  const user = await registerViaApi(request);
  const route = await apiAs(request, user.token, 'post', '/api/routes', {
    name: 'Celle - Hannover',
    startPoint: 'HC',
    endPoint: 'HH',
  });
  const routeId = ((await route.json()) as { id: number }).id;
  const activity = await apiAs(request, user.token, 'post', '/api/route_activities', {
    acquiredAt: isoDate(-10),
    acquiredRoutes: [`/api/routes/${routeId}`],
  });
  const activityId = ((await activity.json()) as { id: number }).id;

  await signIn(page, user);
  await page.goto(`/route-activity/${activityId}`);
  await page.getByRole('button', { name: 'Dokumentation löschen' }).click();
  await page
    .getByRole('dialog', { name: 'Dokumentation löschen?' })
    .getByRole('button', { name: 'Endgültig löschen' })
    .click();
  await expect(page).toHaveURL(/\/route-activity$/);
  await expect(page.getByText(/Noch keine Dokumentationen/)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText(/Noch keine Strecke dokumentiert/)).toBeVisible();
});
