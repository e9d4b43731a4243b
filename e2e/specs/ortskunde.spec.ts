import { expect, test } from '@playwright/test';
import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import { cutTexts } from '../support/audits';
import { joinBetrieb, verifiedUser } from '../support/betrieb';
import { apiAs, registerViaApi, signIn } from '../support/fixtures';
import { today } from '../support/seed';

/*
 * Issue 41 item 4: a place (Ortskunde: a station, a yard, a siding) as knowledge. The driver creates one in the route
 * form, records a drive of it in "Heute gefahren", sees it on its page and as a ring on the map; a Betrieb that
 * requires it sees it covered.
 */
const german = (date: string) => date.split('-').reverse().join('.');

test('a driver records an Ortskunde, and a Betrieb that requires the place sees it covered', async ({
  page,
  request,
  baseURL,
}) => {
  const driver = await registerViaApi(request, { firstname: 'Olga', lastname: 'Ort' });
  // A route from the same station: it must not meet the Betrieb's place requirement.
  const route = await apiAs(request, driver.token, 'post', '/api/routes', {
    name: 'Frankfurt – Hanau',
    startPoint: 'FF',
    endPoint: 'FH',
    startStation: 'FF',
    endStation: 'FH',
  });
  expect(route.status()).toBe(201);

  // The route form on a phone: "Ortskunde" asks one station and proposes the name.
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, driver, '/route/new');
  const form = page.getByRole('main');
  await form.getByRole('radio', { name: /Ortskunde/ }).check();
  await expect(form.getByText('Bahnhof, Abstellanlage oder Anschluss')).toBeVisible();
  await expect(form.getByRole('combobox', { name: /Ende der Strecke/ })).toHaveCount(0);
  await form.getByRole('combobox', { name: /Betriebsstelle/ }).fill('FF');
  await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Ortskunde Frankfurt (Main) Hbf');
  expect(await cutTexts(page), 'cut texts in the Ortskunde form at 360 px').toEqual([]);
  await form.getByRole('button', { name: 'Strecke erstellen' }).click();
  await expect(page).toHaveURL(/\/route\/\d+$/);
  const placeId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByText('Ortskunde Frankfurt (Main) Hbf (FF)')).toBeVisible();
  await expect(page.getByText('Start der Strecke')).toHaveCount(0);

  // "Heute gefahren": found by its name, one tap to choose, one to save.
  await page.goto('/dashboard');
  const quick = page.getByRole('region', { name: 'Heute gefahren' });
  await quick.getByRole('searchbox', { name: 'Andere Strecke suchen' }).fill('Ortskunde');
  const choice = quick.getByRole('button', { name: /Ortskunde Frankfurt \(Main\) Hbf/ }).first();
  await expect(choice).toContainText('Ortskunde Frankfurt (Main) Hbf (FF)');
  await choice.click();
  await quick.getByRole('button', { name: /^1 Strecke speichern/ }).click();
  await expect(page.getByText('Dokumentation gespeichert', { exact: true })).toBeVisible();

  // Its page: the drive, valid for a year, without a direction.
  await page.goto(`/route/${placeId}`);
  const drives = page.getByRole('list', { name: 'Erfasste Fahrten' });
  await expect(drives.getByRole('listitem')).toHaveCount(1);
  await expect(drives).toContainText(`Gefahren am ${german(today())}`);
  await expect(drives).not.toContainText('Richtung');
  await expect(page.getByText('Ortskunde gültig bis')).toBeVisible();

  // The map: a ring in its state at the station, the route a line.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/map');
  await expect(page.getByRole('img', { name: /mit 1 Strecke zwischen 2 Bahnhöfen und 1 Ortskunde$/ })).toBeVisible();
  await expect(page.locator(`[data-place="${placeId}"]`)).toHaveAttribute('data-status', 'valid');

  // The Betrieb requires the place: only Olga's place meets it, not her route from the same station.
  const admin = await verifiedUser(request, baseURL!, 'Admin');
  const founded = await apiAs(request, admin.token, 'post', '/api/betriebe', {
    name: 'Hafenbahn',
    consentVersion: CONSENT_VERSION,
  });
  expect(founded.status()).toBe(201);
  const betriebId = ((await founded.json()) as { id: number }).id;
  await joinBetrieb(request, admin, betriebId, driver);
  await signIn(page, admin, `/betrieb/${betriebId}`);
  const add = page.getByRole('form', { name: 'Anforderung hinzufügen' });
  await add.getByRole('radio', { name: /Ortskunde/ }).check();
  await expect(add.getByRole('combobox', { name: /Ende \(Betriebsstelle\)/ })).toHaveCount(0);
  await expect(add.getByRole('textbox', { name: 'Streckennummer (optional)' })).toHaveCount(0);
  await add.getByRole('combobox', { name: /Betriebsstelle/ }).fill('FF');
  await add.getByRole('button', { name: 'Anforderung hinzufügen' }).click();
  await expect(page.getByRole('table', { name: 'Anforderungen des Betriebs' })).toContainText(
    'Ortskunde Frankfurt (Main) Hbf (FF)',
  );

  await page.goto(`/betrieb/matrix/${betriebId}`);
  const matrix = page.getByRole('region', { name: 'Matrix' });
  await expect(matrix.getByRole('columnheader', { name: /Ortskunde FF/ })).toBeVisible();
  const valid = german(new Date(Date.parse(`${today()}T00:00:00Z`) + 364 * 86_400_000).toISOString().slice(0, 10));
  await expect(matrix.getByRole('row', { name: /Olga Ort/ })).toContainText(`gültig bis ${valid}`);
});
