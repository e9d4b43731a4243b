import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/fixtures';
import { seedAccount } from '../support/seed';

/**
 * Issue 26, item 3: after each action the driver's feedback is inside the viewport of a phone (360 × 740), not
 * somewhere below or above it.
 */
test.use({ viewport: { width: 360, height: 740 } });

async function inViewport(page: Page, locator: Locator, label: string) {
  await expect(locator, label).toBeVisible();
  const box = (await locator.boundingBox())!;
  const height = page.viewportSize()!.height;
  expect(box.y, `${label}: top`).toBeGreaterThanOrEqual(0);
  expect(box.y + Math.min(box.height, 40), `${label}: bottom`).toBeLessThanOrEqual(height);
}

async function seed(request: APIRequestContext) {
  const account = await seedAccount(request);
  const routes = [];
  for (let i = 1; i <= 12; i += 1) {
    routes.push(await account.route(`Strecke ${i}`, { startPoint: `Ort ${i}`, endPoint: `Ort ${i + 1}` }));
  }
  await account.drive([routes[0]!], 400);
  await account.vehicle('BR 218');
  return account.user;
}

test('"Speichern" on the phone bar with only a vehicle chosen says why beside the bar', async ({ page, request }) => {
  await signIn(page, await seed(request), '/documentation');
  await page.getByRole('button', { name: 'Fahrzeug BR 218 auswählen' }).click();
  const bar = page.getByRole('region', { name: 'Auswahl speichern' });
  await bar.getByRole('button', { name: 'Speichern' }).click();
  await inViewport(page, bar.getByRole('alert'), 'message on the bar');
  await expect(bar.getByRole('alert')).toContainText('mindestens eine Strecke');
});

test('the "abgelaufen" tile brings the filtered list into view and focuses it', async ({ page, request }) => {
  await signIn(page, await seed(request));
  await page
    .getByRole('group', { name: 'Nach Zustand filtern' })
    .getByRole('button', { name: /abgelaufen/ })
    .click();
  const heading = page.getByRole('heading', { name: 'Verfallsübersicht' });
  await inViewport(page, heading, 'list heading');
  await expect(heading).toBeFocused();
  await inViewport(page, page.getByRole('list', { name: 'Ablaufende Strecken' }).getByText('Strecke 1'), 'entry');
});

test('"Strecke erstellen" opens the route at its top with a message and "Heute gefahren" in view', async ({
  page,
  request,
}) => {
  await signIn(page, await seed(request), '/route/new');
  await page.getByLabel('Name der Strecke').fill('Neue Strecke am Ende');
  await page.getByRole('combobox', { name: /Start der Strecke/ }).fill('Anfang');
  await page.getByRole('combobox', { name: /Ende der Strecke/ }).fill('Ende');
  await page.getByRole('button', { name: 'Strecke erstellen' }).click();
  await expect(page).toHaveURL(/\/route\/\d+$/);
  await inViewport(page, page.getByText('Strecke „Neue Strecke am Ende“ erstellt'), 'message');
  await inViewport(page, page.getByRole('heading', { level: 1 }), 'page heading');
  await inViewport(page, page.getByRole('button', { name: 'Heute gefahren' }), 'main action');
});

test('a page opened from far down a long page starts at its top: "Tour erstellen" shows its name field', async ({
  page,
  request,
}) => {
  await signIn(page, await seed(request), '/documentation');
  const link = page.getByRole('link', { name: 'Tour erstellen' }).first();
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await link.click();
  await expect(page).toHaveURL(/\/tour\/new$/);
  await inViewport(page, page.getByLabel('Name der Tour'), 'name field');
  // Back returns to where the driver was.
  await page.goBack();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});

test('"Alle Dokumentationen" lists drives by the day driven, latest first, each naming its routes', async ({
  page,
  request,
}) => {
  const account = await seedAccount(request);
  // Recorded in this order; driven 10, 1 and 30 days ago.
  for (const [name, ago] of [
    ['Zehn Tage her', 10],
    ['Gestern gefahren', 1],
    ['Nachgetragen', 30],
  ] as const) {
    await account.drive([await account.route(name, { startPoint: 'A', endPoint: 'B' })], ago);
  }
  await signIn(page, account.user, '/route-activity');
  const rows = page.getByRole('link', { name: /^Dokumentation vom/ });
  await expect(rows).toHaveCount(3);
  expect(await rows.allInnerTexts()).toEqual([
    expect.stringContaining('Gestern gefahren'),
    expect.stringContaining('Zehn Tage her'),
    expect.stringContaining('Nachgetragen'),
  ]);
});
