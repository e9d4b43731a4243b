import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/audits';
import { foundBetriebWithRequirement, joinBetrieb, verifiedUser } from '../support/betrieb';
import { apiAs, registerViaApi, signIn, uniqueEmail, type SeededUser } from '../support/fixtures';

/*
 * Issue 41 items 2, 3 and 5 on the employer's side, at 360 px: an admin gives a requirement its own rules in the
 * "Regeln" dialog (only self-driven drives count; a first acquisition of one drive each way); the matrix then shows a
 * driver whose only drives were escorted as "nie gefahren", one who drove it one way as "in Ausbildung", one who drove
 * it both ways as valid — and under every name when the next check of the infrastructure knowledge is due.
 */

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function driverWith(
  request: Parameters<typeof registerViaApi>[0],
  lastname: string,
  drives: { way?: string; direction: 'forward' | 'reverse' }[],
): Promise<SeededUser> {
  const driver = await registerViaApi(request, { email: uniqueEmail('fahrer'), firstname: 'Jan', lastname });
  const route = await apiAs(request, driver.token, 'post', '/api/routes', {
    name: 'Würzburg – Fürth',
    startPoint: 'NWH',
    endPoint: 'NF',
    startStation: 'NWH',
    endStation: 'NF',
  });
  const routeId = ((await route.json()) as { id: number }).id;
  for (const [index, drive] of drives.entries()) {
    const made = await apiAs(request, driver.token, 'post', '/api/route_activities', {
      acquiredAt: daysAgo(10 - index),
      acquiredRoutes: [`/api/routes/${routeId}`],
      ...drive,
    });
    expect(made.status()).toBe(201);
  }
  return driver;
}

test('an admin sets a requirement’s own rules, and the matrix follows them with each driver’s next check', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const admin = await verifiedUser(request, baseURL!, 'Admin');
  const { betriebId } = await foundBetriebWithRequirement(request, admin, { startStation: 'NWH', endStation: 'NF' });
  for (const [lastname, drives] of [
    [
      'Begleitet',
      [
        { way: 'escorted', direction: 'forward' },
        { way: 'escorted', direction: 'reverse' },
      ],
    ],
    ['Einweg', [{ direction: 'forward' }]],
    ['Beide', [{ direction: 'forward' }, { direction: 'reverse' }]],
  ] as const) {
    await joinBetrieb(request, admin, betriebId, await driverWith(request, lastname, [...drives]));
  }

  await signIn(page, admin, `/betrieb/${betriebId}`);
  await page.getByRole('button', { name: /^Regeln für .*NWH.*NF/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Regeln der Anforderung' });
  await dialog.getByRole('combobox', { name: /Welche Fahrten zählen/ }).click();
  await page.getByRole('option', { name: 'Eigene Auswahl des Betriebs' }).click();
  await dialog.getByRole('checkbox', { name: 'begleitete Fahrt' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Ersterwerb verlangen, bevor die Anforderung als erfüllt gilt' }).check();
  await dialog.getByRole('textbox', { name: 'Fahrten je Richtung' }).fill('1');
  await dialog.getByRole('textbox', { name: 'davon bei Dunkelheit' }).fill('0');
  expect(await axeViolations(page), 'axe on the rules dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/zählt: selbst gefahren · Ersterwerb: 1 Fahrt je Richtung/).first()).toBeVisible();

  await page.goto(`/betrieb/matrix/${betriebId}`);
  const card = (lastname: string) =>
    page
      .getByRole('listitem')
      .filter({ hasText: `Jan ${lastname}` })
      .first();
  await expect(card('Begleitet')).toContainText('nie gefahren');
  await expect(card('Einweg')).toContainText('in Ausbildung');
  await expect(card('Beide')).toContainText('gültig bis');
  // No check recorded for anyone: the matrix says so, in words, under each name.
  for (const lastname of ['Begleitet', 'Einweg', 'Beide']) {
    await expect(card(lastname)).toContainText('Überprüfung: keine Überprüfung erfasst');
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
