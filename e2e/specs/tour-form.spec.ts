import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/fixtures';
import { seedAccount } from '../support/seed';

/**
 * Issue 26, item 4: the tour form on a phone (360 × 740) reads top to bottom – name, the routes to pick, then
 * "Tour erstellen" pinned at the bottom of the screen – so a driver picks routes and saves without scrolling back up.
 */
test.use({ viewport: { width: 360, height: 740 } });

async function expectInViewport(page: Page, locator: Locator, label: string) {
  await expect(locator, label).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.y, `${label}: top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${label}: bottom`).toBeLessThanOrEqual(page.viewportSize()!.height);
}

async function seedRoutes(request: Parameters<typeof seedAccount>[0]) {
  const account = await seedAccount(request);
  const routes = [];
  // Enough routes that the list runs well below the first screen.
  for (let i = 1; i <= 10; i += 1) {
    routes.push(await account.route(`Strecke ${String(i).padStart(2, '0')}`, { startPoint: `Ort ${i}` }));
  }
  return { account, routes };
}

test('creating a tour: name, pick two routes far down the list, "Tour erstellen" is in view at once', async ({
  page,
  request,
}) => {
  const { account } = await seedRoutes(request);
  await signIn(page, account.user, '/tour/new');
  const name = page.getByLabel('Name der Tour');
  await name.fill('Abendrunde');
  const picker = page.getByRole('list', { name: 'Strecken', exact: true });
  // The list comes after the name, the help after the list (the phone's reading order).
  const nameBox = (await name.boundingBox())!;
  expect((await picker.boundingBox())!.y).toBeGreaterThan(nameBox.y);
  const help = page.getByRole('heading', { name: 'Hilfe zu den Touren' });
  expect((await help.boundingBox())!.y).toBeGreaterThan((await picker.boundingBox())!.y);

  await picker.getByRole('button', { name: 'Strecke 09 auswählen' }).click();
  await picker.getByRole('button', { name: 'Strecke 10 auswählen' }).click();
  await expect(picker.getByRole('button', { name: 'Strecke 10 auswählen' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => window.scrollY), 'the list is below the first screen').toBeGreaterThan(200);
  const save = page.getByRole('button', { name: 'Tour erstellen' });
  await expectInViewport(page, save, '"Tour erstellen" right after picking');

  await save.click();
  await expect(page).toHaveURL(/\/tour\/\d+$/);
  await expect(page.getByText('Abendrunde', { exact: true })).toBeVisible();
  const saved = page.getByRole('list', { name: 'Strecken der Tour' }).getByRole('link');
  await expect(saved).toHaveText(['Strecke 09', 'Strecke 10']);
});

test('editing a tour: a route picked far down the list is saved with "Tour speichern" in view', async ({
  page,
  request,
}) => {
  const { account, routes } = await seedRoutes(request);
  const tour = await account.tour('Morgenrunde', routes.slice(0, 2));
  await signIn(page, account.user, `/tour/edit/${tour.id}`);
  const picker = page.getByRole('list', { name: 'Strecken', exact: true });
  await picker.getByRole('button', { name: 'Strecke 10 auswählen' }).click();
  await expect(picker.getByRole('button', { name: 'Strecke 10 auswählen' })).toHaveAttribute('aria-pressed', 'true');
  const save = page.getByRole('button', { name: 'Tour speichern' });
  await expectInViewport(page, save, '"Tour speichern" right after picking');

  await save.click();
  await expect(page).toHaveURL(new RegExp(`/tour/${tour.id}$`));
  const saved = page.getByRole('list', { name: 'Strecken der Tour' }).getByRole('link');
  await expect(saved).toHaveText(['Strecke 01', 'Strecke 02', 'Strecke 10']);
});
