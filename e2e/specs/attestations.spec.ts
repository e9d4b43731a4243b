import { expect, test, type Page } from '@playwright/test';
import { axeViolations, expectNoCspViolations, listenForCspViolations } from '../support/audits';
import { foundBetriebWithRequirement, joinBetrieb, verifiedUser } from '../support/betrieb';
import { apiAs, registerViaApi, signIn, uniqueEmail } from '../support/fixtures';

/*
 * Issue 41 item 5, the main path: an examiner (Prüfer/in) attests a driver's periodic check on the driver's page; the
 * driver finds it in "Meine Daten" with its check page, which says it is genuine; the examiner withdraws it after a
 * confirmation, and the check page says "widerrufen". At 360 px nothing is cut.
 */

async function expectFits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('an examiner attests a driver, the driver holds it, the check page verifies it and then says "widerrufen"', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await listenForCspViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  const admin = await verifiedUser(request, baseURL!, 'Admin');
  const { betriebId } = await foundBetriebWithRequirement(request, admin, { startStation: 'NF', endStation: 'NWH' });
  const driver = await registerViaApi(request, { email: uniqueEmail('fahrer'), firstname: 'Tom', lastname: 'Fahrer' });
  const examiner = await registerViaApi(request, {
    email: uniqueEmail('pruefer'),
    firstname: 'Paula',
    lastname: 'Prüfer',
  });
  await joinBetrieb(request, admin, betriebId, driver);
  await joinBetrieb(request, admin, betriebId, examiner, 'examiner');
  const members = (await (await apiAs(request, admin.token, 'get', `/api/betriebe/${betriebId}/members`)).json()) as {
    id: number;
    name: string;
  }[];
  const membershipId = members.find((member) => member.name === 'Tom Fahrer')!.id;

  // The examiner opens the driver from the Betrieb's members and attests the check.
  await signIn(page, examiner, `/betrieb/${betriebId}`);
  await expect(page.getByRole('heading', { name: 'Register (§ 10 Abs. 4 TfV)' })).toBeVisible();
  await page.getByRole('link', { name: 'Tom Fahrer' }).click();
  await expect(page.getByRole('heading', { name: 'Tom Fahrer', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/betrieb/${betriebId}/fahrer/${membershipId}$`));
  const form = page.getByRole('form', { name: 'Bescheinigung ausstellen' });
  await expect(form.getByLabel('Name der Prüferin/des Prüfers')).toHaveValue('Paula Prüfer');
  await form.getByRole('checkbox', { name: /NF – NWH/ }).check();
  await form.getByLabel('Weitere Strecken').fill('3601 Frankfurt–Mannheim');
  await form.getByLabel('Bemerkung (optional)').fill('Ohne Beanstandung.');
  await expectFits(page, 360);
  expect(await axeViolations(page), 'axe on the driver’s page').toEqual([]);
  await form.getByRole('button', { name: 'Bescheinigung ausstellen' }).click();
  const issued = page.getByRole('list', { name: 'Bescheinigungen für Tom Fahrer' }).getByRole('listitem');
  await expect(issued).toHaveCount(1);
  await expect(issued).toContainText('Überprüfung der Streckenkenntnis bestanden');
  await expect(issued).toContainText('gültig');
  await expect(issued).toContainText('3601 Frankfurt–Mannheim');
  await expectNoCspViolations(page, 'driver’s page');

  // The driver holds it: "Meine Daten" lists it, and its check page says genuine.
  await signIn(page, driver, '/account/data');
  const own = page.getByRole('list', { name: 'Ihre Bescheinigungen' }).getByRole('listitem');
  await expect(own).toHaveCount(1);
  await expect(own).toContainText('Paula Prüfer');
  await expect(own.getByRole('switch', { name: /vor späteren Betrieben verbergen/ })).not.toBeChecked();
  await expectFits(page, 360);
  const checkUrl = await own.getByRole('link').getAttribute('href');
  expect(checkUrl).toMatch(/\/pruefen\/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await page.goto(new URL(checkUrl!).pathname);
  await expect(page.getByRole('status')).toContainText('Echt und unverändert');
  await expect(page.getByText('Überprüfung der Streckenkenntnis bestanden')).toBeVisible();
  await expect(page.getByText('Tom Fahrer')).toBeVisible();
  await expectFits(page, 360);

  // The examiner withdraws it, after a confirmation; the check page says "widerrufen".
  await signIn(page, examiner, `/betrieb/${betriebId}/fahrer/${membershipId}`);
  await page.getByRole('button', { name: /Überprüfung der Streckenkenntnis bestanden vom .* widerrufen/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Bescheinigung widerrufen?' });
  await dialog.getByRole('button', { name: 'Widerrufen' }).click();
  await expect(dialog).toBeHidden();
  await expect(issued).toContainText('widerrufen');
  await page.goto(new URL(checkUrl!).pathname);
  await expect(page.getByRole('status')).toContainText('Widerrufen');
  await expect(page.getByRole('status')).toContainText('Der Betrieb, der diese Bescheinigung ausgestellt hat');
  await expectNoCspViolations(page, 'check page');
});
