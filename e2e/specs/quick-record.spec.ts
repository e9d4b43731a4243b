import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cutTexts } from '../support/audits';
import { apiAs, signIn, type SeededUser } from '../support/fixtures';
import { seedAccount, today } from '../support/seed';

test.use({ viewport: { width: 360, height: 800 } });

interface Seeded {
  user: SeededUser;
  tour: { id: number; name: string };
  routes: { id: number; name: string }[];
}

async function seed(request: APIRequestContext): Promise<Seeded> {
  const account = await seedAccount(request, { firstname: 'Quirin', lastname: 'Schnell' });
  const r1 = await account.route('Bremen – Verden', { startPoint: 'HB', endPoint: 'HVE' });
  const r2 = await account.route('Verden – Nienburg', { startPoint: 'HVE', endPoint: 'HNB' });
  const tour = await account.tour('Weserbogen', [r1, r2]);
  // Driven 300 days ago: "In 64 Tagen" on the overview until it is driven again.
  await account.drive([r1], 300);
  return { user: account.user, tour, routes: [r1, r2] };
}

/** Counts the driver's taps: every click and tap on the page. */
async function countTaps(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counter = window as unknown as { __taps: number; __tapsListening?: boolean };
    counter.__taps = 0;
    // One listener per page, however often the count starts again.
    if (counter.__tapsListening) return;
    counter.__tapsListening = true;
    document.addEventListener('click', () => (counter.__taps += 1), true);
  });
  return () => page.evaluate(() => (window as unknown as { __taps: number }).__taps);
}

test('records a tour driven today in at most three taps after the app opens', async ({ page, request }) => {
  const { user, tour, routes } = await seed(request);
  await signIn(page, user);
  // Opening the installed app lands on its start page, the dashboard.
  await page.goto('/dashboard');
  const quick = page.getByRole('region', { name: 'Heute gefahren' });
  await expect(quick.getByRole('button', { name: new RegExp(tour.name) })).toBeVisible();
  const overview = page.getByRole('list', { name: 'Ablaufende Strecken' });
  await expect(overview.getByText(routes[0]!.name)).toBeVisible();
  const taps = await countTaps(page);

  await quick.getByRole('button', { name: new RegExp(tour.name) }).click();
  await quick.getByRole('button', { name: /^2 Strecken speichern/ }).click();
  await expect(page.getByText('Dokumentation gespeichert', { exact: true })).toBeVisible();
  expect(await taps()).toBeLessThanOrEqual(3);

  const activities = (await (await apiAs(request, user.token, 'get', '/api/route_activities')).json()) as {
    acquiredAt: string;
    acquiredRoutes: string[];
  }[];
  expect(activities).toHaveLength(2);
  expect(activities[0]?.acquiredAt.slice(0, 10)).toBe(today());
  expect([...(activities[0]?.acquiredRoutes ?? [])].sort()).toEqual(routes.map((r) => `/api/routes/${r.id}`).sort());
  // The choice is cleared for the next drive; the overview already shows the renewed routes.
  await expect(quick.getByRole('button', { name: new RegExp(tour.name), pressed: true })).toHaveCount(0);
  await expect(overview.getByText(routes[0]!.name)).toHaveCount(0);
});

test('records offline through the outbox and tells the driver when it has been sent', async ({
  page,
  context,
  request,
}) => {
  const { user, tour } = await seed(request);
  await signIn(page, user);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Heute gefahren' })).toBeVisible();
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.waitForTimeout(1200);

  await context.setOffline(true);
  await page.reload();
  const quick = page.getByRole('region', { name: 'Heute gefahren' });
  await quick.getByRole('button', { name: new RegExp(tour.name) }).click();
  await quick.getByRole('button', { name: /^2 Strecken speichern/ }).click();
  await expect(page.getByText('Offline gespeichert', { exact: true })).toBeVisible();
  // Queued drives show on the dashboard too.
  const outbox = page.getByRole('region', { name: 'Noch nicht gesendete Dokumentationen' });
  await expect(outbox.getByText('Wartet')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('Nachgesendet', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(outbox).toHaveCount(0);
  const activities = (await (await apiAs(request, user.token, 'get', '/api/route_activities')).json()) as unknown[];
  expect(activities).toHaveLength(2);
});

test('records an expired, a never-driven and a searched route in two taps each, online and offline (360 px)', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await seedAccount(request, { firstname: 'Zora', lastname: 'Zweitipp' });
  const { user } = account;
  const route = async (name: string, drivenDaysAgo?: number) => {
    const created = await account.route(name);
    if (drivenDaysAgo !== undefined) await account.drive([created], drivenDaysAgo);
    return created.id;
  };
  // Six routes driven last week fill "Zuletzt gefahren"; the searched ones were driven longer ago.
  for (let i = 1; i <= 6; i += 1) await route(`Alltag ${i}`, 7);
  const ids = {
    expiredOnline: await route('Abgelaufen Online', 400),
    expiredOffline: await route('Abgelaufen Offline', 390),
    neverOnline: await route('Neu Online'),
    neverOffline: await route('Neu Offline'),
    searchOnline: await route('Selten Bergstrecke', 100),
    searchOffline: await route('Selten Talstrecke', 120),
  };
  await signIn(page, user);
  const quick = page.getByRole('region', { name: 'Heute gefahren' });
  const due = quick.getByRole('group', { name: 'Fällige Strecken' });
  await expect(due.getByRole('button', { name: /Abgelaufen Online/ })).toBeVisible();
  await expect(due.getByRole('button', { name: /Neu Online/ })).toBeVisible();
  await expect(quick.getByRole('button', { name: /Selten Bergstrecke/ })).toHaveCount(0);

  const recordDue = async (name: string) => {
    const taps = await countTaps(page);
    await due.getByRole('button', { name: new RegExp(name) }).click();
    await quick.getByRole('button', { name: /^1 Strecke speichern/ }).click();
    expect(await taps(), name).toBeLessThanOrEqual(2);
  };
  const recordSearched = async (name: string) => {
    const taps = await countTaps(page);
    const search = quick.getByRole('searchbox', { name: 'Andere Strecke suchen' });
    await search.click();
    await search.pressSequentially(name.slice(0, 9));
    await search.press('Enter');
    await expect(quick.getByRole('button', { name: new RegExp(name), pressed: true })).toBeVisible();
    await quick.getByRole('button', { name: /^1 Strecke speichern/ }).click();
    expect(await taps(), name).toBeLessThanOrEqual(2);
  };

  // Online: each drive is saved and says so, with "Rückgängig" beside the message.
  for (const [name, record] of [
    ['Abgelaufen Online', recordDue],
    ['Neu Online', recordDue],
    ['Selten Bergstrecke', recordSearched],
  ] as const) {
    await record(name);
    await expect(page.getByText('Dokumentation gespeichert', { exact: true }).last()).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Rückgängig' }).first()).toBeVisible();
  // "Rückgängig" and the message beside it keep their words at 360 px (issue 40: "Rückg"), measured.
  expect(await cutTexts(page), 'cut texts in the quick record').toEqual([]);
  const drivenToday = async () => {
    const activities = (await (await apiAs(request, user.token, 'get', '/api/route_activities')).json()) as {
      acquiredAt: string;
      acquiredRoutes: string[];
    }[];
    return activities
      .filter((activity) => activity.acquiredAt.slice(0, 10) === today())
      .flatMap((activity) => activity.acquiredRoutes)
      .sort();
  };
  const iris = (...list: number[]) => list.map((id) => `/api/routes/${id}`).sort();
  await expect.poll(drivenToday).toEqual(iris(ids.expiredOnline, ids.neverOnline, ids.searchOnline));

  // Offline: the same two taps put each drive into the outbox, sent when the connection is back.
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await context.setOffline(true);
  for (const [name, record] of [
    ['Abgelaufen Offline', recordDue],
    ['Neu Offline', recordDue],
    ['Selten Talstrecke', recordSearched],
  ] as const) {
    await record(name);
    await expect(page.getByText('Offline gespeichert', { exact: true }).last()).toBeVisible();
  }
  await context.setOffline(false);
  await expect
    .poll(drivenToday, { timeout: 30_000 })
    .toEqual(
      iris(
        ids.expiredOnline,
        ids.neverOnline,
        ids.searchOnline,
        ids.expiredOffline,
        ids.neverOffline,
        ids.searchOffline,
      ),
    );
});

test('"Rückgängig" in the save message deletes the drive just recorded, and the validity choice resets', async ({
  page,
  request,
}) => {
  const { user, routes } = await seed(request);
  await signIn(page, user);
  const quick = page.getByRole('region', { name: 'Heute gefahren' });
  await quick.getByText('½ Jahr', { exact: true }).click();
  await expect(quick.getByRole('radio', { name: '½ Jahr' })).toBeChecked();
  await quick
    .getByRole('button', { name: new RegExp(routes[1]!.name) })
    .first()
    .click();
  await quick.getByRole('button', { name: /^1 Strecke speichern/ }).click();
  await expect(page.getByText('Dokumentation gespeichert', { exact: true })).toBeVisible();
  // The next drive gets the rule again, not the half year of this one.
  await expect(quick.getByRole('radio', { name: 'Regel' })).toBeChecked();
  const count = async () =>
    ((await (await apiAs(request, user.token, 'get', '/api/route_activities')).json()) as unknown[]).length;
  expect(await count()).toBe(2);
  await page.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(page.getByText('Rückgängig gemacht', { exact: true })).toBeVisible();
  expect(await count()).toBe(1);
});

test('an expired route is recorded in one tap from its page and from its row in the expiry list', async ({
  page,
  request,
}) => {
  const account = await seedAccount(request);
  const { user } = account;
  const onPage = await account.route('Abgelaufen Seite');
  const inList = await account.route('Abgelaufen Liste', { startPoint: 'Ost', endPoint: 'West' });
  await account.drive([onPage], 400);
  await account.drive([inList], 380);
  const recordedToday = async () =>
    (
      (await (await apiAs(request, user.token, 'get', '/api/route_activities')).json()) as {
        acquiredAt: string;
        acquiredRoutes: string[];
      }[]
    )
      .filter((activity) => activity.acquiredAt.slice(0, 10) === today())
      .flatMap((activity) => activity.acquiredRoutes);

  await signIn(page, user);
  const list = page.getByRole('list', { name: 'Ablaufende Strecken' });
  await list.getByRole('button', { name: 'Abgelaufen Liste heute gefahren' }).click();
  await expect(page.getByText('Dokumentation gespeichert', { exact: true })).toBeVisible();
  await expect.poll(recordedToday).toEqual([`/api/routes/${inList.id}`]);

  await page.goto(`/route/${onPage.id}`);
  await expect(page.getByText('abgelaufen', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Heute gefahren' }).click();
  await expect(page.getByRole('button', { name: 'Heute erfasst' })).toBeDisabled();
  await expect
    .poll(async () => (await recordedToday()).sort())
    .toEqual([`/api/routes/${inList.id}`, `/api/routes/${onPage.id}`].sort());
  // The page shows the renewed validity at once.
  await expect(page.getByText('abgelaufen', { exact: true })).toHaveCount(0);
});
