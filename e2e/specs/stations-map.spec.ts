import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectNoCspViolations, listenForCspViolations, smallTouchTargets } from '../support/audits';
import { apiAs, createdAs, signIn, registerViaApi } from '../support/fixtures';

/** Issue 17: the DS100 station combobox, the CSV codes and the map "Karte", at phone and desktop width. */

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

async function axeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

for (const width of [360, 1280] as const) {
  test(`station combobox: "ff" → Frankfurt (Main) Hbf (FF), free text stays; the CSV has the codes (${width} px)`, async ({
    page,
    request,
  }) => {
    await listenForCspViolations(page);
    await page.setViewportSize({ width, height: 900 });
    const user = await registerViaApi(request);
    await signIn(page, user);
    await page.goto('/route/new');
    await page.getByRole('textbox', { name: 'Name der Strecke' }).fill('Frankfurt – Abzweig');

    const start = page.getByRole('combobox', { name: /Start der Strecke/ });
    await start.fill('ff');
    const option = page.getByRole('option', { name: /Frankfurt \(Main\) Hbf/ }).first();
    await expect(option).toBeVisible();
    // Suggestions are touch targets too.
    expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await axeClean(page, `route form with open suggestions at ${width}px`);
    if (width === 360) await option.tap().catch(() => option.click());
    else {
      // Keyboard: the first suggestion is the exact code match.
      await start.press('ArrowDown');
      await start.press('Enter');
    }
    await expect(start).toHaveValue('Frankfurt (Main) Hbf');
    await expect(page.getByText('Bahnhof: Frankfurt (Main) Hbf (FF)')).toBeVisible();

    const end = page.getByRole('combobox', { name: /Ende der Strecke/ });
    await end.fill('Abzw. Nord');
    await page.getByRole('button', { name: 'Strecke erstellen' }).click();
    await expect(page).toHaveURL(/\/route\/\d+$/);
    await expect(page.getByText('Frankfurt (Main) Hbf (FF)')).toBeVisible();
    await expect(page.getByText('Abzw. Nord', { exact: true })).toBeVisible();
    await axeClean(page, `route view at ${width}px`);

    // The export: the typed text in "Start", the code in "Start DS100".
    const csv = await apiAs(request, user.token, 'post', '/api/export/csv', {});
    const [header, row] = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    const cells = header!.split(';');
    const values = row!.split(';');
    expect(values[cells.indexOf('Start')]).toBe('Frankfurt (Main) Hbf');
    expect(values[cells.indexOf('Start DS100')]).toBe('FF');
    expect(values[cells.indexOf('Ende DS100')]).toBe('');
    await expectNoCspViolations(page, `route form at ${width}px`);
  });

  test(`map "Karte": lines by state with a legend, tap a line or a station, unplaced routes beside (${width} px)`, async ({
    page,
    request,
  }) => {
    await listenForCspViolations(page);
    await page.setViewportSize({ width, height: 900 });
    const user = await registerViaApi(request);
    const post = (url: string, data: unknown) => createdAs(request, user.token, url, data);
    const valid = await post('/api/routes', {
      name: 'Frankfurt – Karlsruhe',
      startPoint: 'FF',
      endPoint: 'RK',
      startStation: 'FF',
      endStation: 'RK',
    });
    const expired = await post('/api/routes', {
      name: 'Karlsruhe – München',
      startPoint: 'RK',
      endPoint: 'München Hbf',
      startStation: 'RK',
      endStation: 'MH',
    });
    await post('/api/routes', {
      name: 'Köln – Frankfurt',
      startPoint: 'KK',
      endPoint: 'FF',
      startStation: 'KK',
      endStation: 'FF',
    });
    await post('/api/routes', { name: 'Abzweig – Anschluss', startPoint: 'Abzw. Nord', endPoint: 'Anst. Süd' });
    await post('/api/route_activities', { acquiredAt: daysAgo(10), acquiredRoutes: [`/api/routes/${valid.id}`] });
    await post('/api/route_activities', { acquiredAt: daysAgo(400), acquiredRoutes: [`/api/routes/${expired.id}`] });

    await signIn(page, user);
    if (width === 360) await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('link', { name: 'Karte', exact: true }).first().click();
    await expect(page).toHaveURL(/\/map$/);
    const map = page.getByRole('img', { name: /Karte Deutschlands mit 3 Strecken zwischen 4 Bahnhöfen/ });
    await expect(map).toBeVisible();
    // Readable at 360 px: the map spans the width.
    expect((await map.boundingBox())!.width).toBeGreaterThan(width === 360 ? 280 : 500);

    // One path per state, with as many lines as routes in that state.
    await expect(page.locator('path[data-status="valid"]')).toHaveAttribute('data-lines', '1');
    await expect(page.locator('path[data-status="expired"]')).toHaveAttribute('data-lines', '1');
    await expect(page.locator('path[data-status="unrecorded"]')).toHaveAttribute('data-lines', '1');
    const legend = page.getByRole('list', { name: 'Legende' });
    await expect(legend).toContainText('gültig (durchgezogen): 1');
    await expect(legend).toContainText('abgelaufen (gepunktet): 1');
    await expect(legend).toContainText('nie gefahren (Strich-Punkt): 2');
    const unplaced = page.getByRole('list', { name: 'Strecken ohne Koordinaten' });
    await expect(unplaced.getByRole('link', { name: 'Abzweig – Anschluss' })).toBeVisible();

    // No inline style on the drawing (strict CSP): colour and dashes come from classes.
    expect(await page.locator('svg[role=img] [style]').count()).toBe(0);
    await axeClean(page, `map at ${width}px`);
    // Touch targets matter on the phone (the desktop navigation is for a mouse, as on every page).
    if (width === 360) expect(await smallTouchTargets(page)).toEqual([]);
    await expectNoCspViolations(page, `map at ${width}px`);

    // A station: its routes, then one of them (a real tap or click at the station's place on the screen).
    const centre = async (code: string) => {
      const box = (await page.locator(`circle[data-station="${code}"]`).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };

    // The map opens fitted to the user's stations, zoomed in: Köln – Frankfurt is a line, not a stub, and the
    // stations carry their names. The buttons zoom in and out and back to all routes; the wheel zooms too.
    const [kkAt, ffAt] = [await centre('KK'), await centre('FF')];
    expect(Math.hypot(kkAt.x - ffAt.x, kkAt.y - ffAt.y)).toBeGreaterThan(width === 360 ? 60 : 100);
    await expect(page.locator('text[data-label="KK"]')).toHaveText('Köln Hbf');
    const zoomOf = async () => Number(await map.getAttribute('data-zoom'));
    const fitted = await zoomOf();
    await page.getByRole('button', { name: 'Karte vergrößern' }).click();
    await expect.poll(zoomOf).toBeCloseTo(fitted * 2, 1);
    await page.getByRole('button', { name: 'Karte verkleinern' }).click();
    await page.getByRole('button', { name: 'Karte verkleinern' }).click();
    await expect.poll(zoomOf).toBeLessThan(fitted);
    if (width === 1280) {
      const box = (await map.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const before = await zoomOf();
      await page.mouse.wheel(0, -400);
      await expect.poll(zoomOf).toBeGreaterThan(before);
    }
    await page.getByRole('button', { name: 'Alle Strecken zeigen' }).click();
    await expect.poll(zoomOf).toBeCloseTo(fitted, 1);
    await expect(
      page.getByText('Eine Linie antippen öffnet ihre Strecke, ein Bahnhof zeigt die Strecken dort.'),
    ).toBeVisible();
    const tapAt = async ({ x, y }: { x: number; y: number }) => {
      if (width === 360) await page.touchscreen.tap(x, y).catch(() => page.mouse.click(x, y));
      else await page.mouse.click(x, y);
    };
    await page.locator('circle[data-station="FF"]').scrollIntoViewIfNeeded();
    await tapAt(await centre('FF'));
    const panel = page.getByRole('heading', { name: 'Frankfurt (Main) Hbf (FF)' });
    await expect(panel).toBeVisible();
    await page.getByRole('button', { name: /Köln – Frankfurt/ }).click();
    await expect(page).toHaveURL(/\/route\/\d+$/);
    await expect(page.getByText('Köln Hbf (KK)')).toBeVisible();

    // A line opens its route: the middle of Karlsruhe – München.
    await page.goBack();
    await expect(map).toBeVisible();
    await page.locator('circle[data-station="MH"]').scrollIntoViewIfNeeded();
    const [rk, mh] = [await centre('RK'), await centre('MH')];
    await tapAt({ x: (rk.x + mh.x) / 2, y: (rk.y + mh.y) / 2 });
    await expect(page).toHaveURL(new RegExp(`/route/${expired.id}$`));

    // Keyboard: "Ort wählen" picks a station without the pointer.
    await page.goBack();
    const choose = page.getByRole('combobox', { name: 'Ort wählen' });
    await choose.fill('Karlsruhe');
    await choose.press('ArrowDown');
    await choose.press('Enter');
    await expect(page.getByRole('heading', { name: 'Karlsruhe Hbf (RK)' })).toBeVisible();
    // … and moves the map to it; "+" then zooms about it, so it stays in view (issue 40).
    await page.locator('circle[data-station="RK"]').scrollIntoViewIfNeeded();
    const offCentre = async () => {
      const frame = (await map.boundingBox())!;
      const at = await centre('RK');
      return Math.hypot(at.x - (frame.x + frame.width / 2), at.y - (frame.y + frame.height / 2)) / frame.width;
    };
    await expect.poll(offCentre).toBeLessThan(0.1);
    const before = await zoomOf();
    await page.getByRole('button', { name: 'Karte vergrößern' }).click();
    await expect.poll(zoomOf).toBeGreaterThan(before);
    await expect.poll(offCentre).toBeLessThan(0.1);
  });
}

test('the map draws 1,000 routes (time printed) and works offline', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  const user = await registerViaApi(request);
  const stations = (await (await apiAs(request, user.token, 'get', '/api/stations/all')).json()) as {
    stations: [string, string, number, number, number][];
  };
  // 1,000 routes between the 400 busiest stations: sent in parallel batches.
  const busiest = [...stations.stations].sort((a, b) => b[4] - a[4]).slice(0, 400);
  for (let batch = 0; batch < 1000; batch += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, k) => {
        const i = batch + k;
        const a = busiest[i % 400]!;
        const b = busiest[(i * 7 + 13) % 400]!;
        return apiAs(request, user.token, 'post', '/api/routes', {
          name: `Strecke ${i}`,
          startPoint: a[1],
          endPoint: b[1],
          startStation: a[0],
          endStation: b[0],
        }).then((response) => expect(response.status()).toBe(201));
      }),
    );
  }
  await signIn(page, user);
  // Three fresh loads of the page: the machine is shared (CI runs beside other work), so the best of three counts.
  const draws: number[] = [];
  const layouts: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    await page.goto('/map');
    await expect(page.getByRole('img', { name: /Karte Deutschlands mit 1000 Strecken/ })).toBeVisible();
    await expect(page.locator('path[data-status="unrecorded"]')).toHaveAttribute('data-lines', '1000');
    const timing = await page.evaluate(() => ({
      draw: performance.getEntriesByName('map-draw').map((entry) => entry.duration),
      layout: performance.getEntriesByName('map-layout').map((entry) => entry.duration),
    }));
    draws.push(timing.draw.at(-1)!);
    layouts.push(timing.layout.at(-1)!);
  }
  const best = Math.min(...draws);
  // Figures, not a timed assertion (performance is recorded in docs/quality.md with the machine's load).
  console.info(
    `map 1000 routes: draw ${draws.map((d) => d.toFixed(1)).join(' / ')} ms (best ${best.toFixed(1)}; target < 100 ms: ` +
      `${best < 100 ? 'met' : 'MISSED'}), layout ${layouts.map((d) => d.toFixed(1)).join(' / ')} ms`,
  );

  // Offline: the app shell, the map chunk and the cached data draw the same map without the network, and the
  // station lookup answers from the cached list.
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.goto('/route/new');
  await page.getByRole('combobox', { name: /Start der Strecke/ }).fill('muenchen');
  await expect(page.getByRole('option', { name: /München Hbf/ }).first()).toBeVisible();
  await page.goto('/map');
  await expect(page.getByRole('img', { name: /Karte Deutschlands mit 1000 Strecken/ })).toBeVisible();
  await page.waitForTimeout(1500); // the query cache is persisted with a 1 s throttle
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('img', { name: /Karte Deutschlands mit 1000 Strecken/ })).toBeVisible();
  await page.goto('/route/new');
  await page.getByRole('combobox', { name: /Start der Strecke/ }).fill('FF');
  await expect(page.getByRole('option', { name: /Frankfurt \(Main\) Hbf/ }).first()).toBeVisible();
  await context.setOffline(false);
});
