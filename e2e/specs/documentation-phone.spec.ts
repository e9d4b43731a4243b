import { expect, test } from '@playwright/test';
import { apiAs, signIn, registerViaApi } from '../support/fixtures';
import { dayOffset } from '../support/seed';

test.use({ viewport: { width: 360, height: 740 } });

const isoDate = dayOffset;

test('on a phone the selection is saved from the bar at the bottom, date and validity one tap away', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request);
  const post = async (url: string, data: unknown) => (await apiAs(request, user.token, 'post', url, data)).json();
  const routes = [];
  for (let i = 1; i <= 8; i += 1) {
    routes.push(await post('/api/routes', { name: `Strecke ${i}`, startPoint: `A${i}`, endPoint: `B${i}` }));
  }
  await signIn(page, user);
  await page.goto('/documentation');

  // Long lists are collapsed to the first entries; the search comes first; everything is one tap away.
  const list = page.getByRole('region', { name: /^Strecken/ });
  // The lists come first; the ways to the create forms follow them.
  const createHeading = page.getByRole('heading', { name: 'Neue Objekte erstellen' });
  const listTop = (await list.boundingBox())?.y ?? Infinity;
  expect((await createHeading.boundingBox())?.y ?? 0).toBeGreaterThan(listTop);
  await expect(list.getByRole('button', { name: /auswählen$/ })).toHaveCount(5);
  await list.getByRole('button', { name: 'Alle 8 zeigen' }).click();
  await list.getByRole('button', { name: 'Strecke Strecke 8 auswählen' }).click();
  await list.getByRole('button', { name: 'Weniger zeigen' }).click();
  // A selected entry stays in view when the list is collapsed.
  await expect(list.getByRole('button', { name: 'Strecke Strecke 8 auswählen', pressed: true })).toBeVisible();

  const bar = page.getByRole('region', { name: 'Auswahl speichern' });
  await expect(bar.getByText('1 ausgewählt')).toBeVisible();
  await bar.getByRole('button', { name: /– ändern$/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Datum, Art der Fahrt und Gültigkeit' });
  await sheet.getByLabel('Zuletzt gefahren am').fill(isoDate(-1));
  // The date field's calendar closes when the field is left (as a tap beside it does) before the validity is
  // chosen; Escape would close the whole sheet.
  await sheet.getByLabel('Zuletzt gefahren am').blur();
  await sheet.getByText('½ Jahr').click();
  await sheet.getByRole('button', { name: 'Fertig' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(bar.getByRole('button', { name: /gültig ½ Jahr/ })).toBeVisible();
  await bar.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Dokumentation gespeichert', { exact: true })).toBeVisible();
  await expect(bar).toHaveCount(0);

  const activities = (await (await apiAs(request, user.token, 'get', '/api/route_activities')).json()) as {
    acquiredAt: string;
    acquiredUntil: string;
    acquiredRoutes: string[];
  }[];
  expect(activities).toHaveLength(1);
  expect(activities[0]?.acquiredAt.slice(0, 10)).toBe(isoDate(-1));
  expect(activities[0]?.acquiredUntil.slice(0, 10)).toBe(isoDate(181));
  expect(activities[0]?.acquiredRoutes).toEqual([`/api/routes/${routes[7].id}`]);
});

test('on a phone the create forms and the export are one tap from the top of the page', async ({ page, request }) => {
  const user = await registerViaApi(request);
  for (let i = 1; i <= 8; i += 1) {
    await apiAs(request, user.token, 'post', '/api/routes', {
      name: `Strecke ${i}`,
      startPoint: `A${i}`,
      endPoint: `B${i}`,
    });
  }
  await signIn(page, user, '/documentation');
  await expect(page.getByRole('heading', { name: 'Dokumentation', level: 1 })).toBeVisible();
  // "Export": the export buttons scroll into view (issue 40: they sat over 1,000 px down).
  await expect(page.getByRole('button', { name: 'Als PDF exportieren' })).not.toBeInViewport();
  await page.getByRole('link', { name: 'Export' }).click();
  await expect(page.getByRole('button', { name: 'Als PDF exportieren' })).toBeInViewport();
  // "Erstellen": a menu of the three create forms.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Erstellen' }).click();
  await page.getByRole('menuitem', { name: 'Strecke erstellen' }).click();
  await expect(page).toHaveURL(/\/route\/new$/);
  await expect(page.getByRole('heading', { name: 'Strecke erstellen', level: 1 })).toBeVisible();
});
