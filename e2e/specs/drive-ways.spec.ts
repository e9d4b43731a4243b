import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, cutTexts, smallTouchTargets } from '../support/audits';
import { apiAs, signIn } from '../support/fixtures';
import { seedAccount, today, type Seeder } from '../support/seed';

/*
 * Issue 41, items 1 and 2, in the browser: a drive says how it was made. "Heute gefahren" stays two taps (the way used
 * last, the time now); "ändern" records an escorted drive late in the evening, which the route's page lists with its
 * way and "bei Dunkelheit" (the server's darkness, from the route's stations FF → RM). The account's rule decides
 * which ways keep knowledge valid: a simulator session alone leaves a route "nie gefahren" once the rule no longer
 * keeps it. On a phone (360 × 740, touch) and a desktop (1280 × 800); nothing cut.
 */

/** Frankfurt (Main) Hbf → Mannheim Hbf: stations with coordinates, so the server can tell daylight from darkness. */
async function frankfurtMannheim(account: Seeder) {
  return account.post<{ id: number; name: string }>('/api/routes', {
    name: 'Frankfurt – Mannheim',
    startPoint: 'Frankfurt (Main) Hbf',
    endPoint: 'Mannheim Hbf',
    startStation: 'FF',
    endStation: 'RM',
  });
}

for (const { width, height, touch } of [
  { width: 360, height: 740, touch: true },
  { width: 1280, height: 800, touch: false },
]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height }, hasTouch: touch, isMobile: touch });

    const tap = (target: Locator) => (touch ? target.tap() : target.click());
    /** Picks `option` in the Mantine select named `label`. */
    const choose = async (page: Page, scope: Locator, label: string, option: string) => {
      await tap(scope.getByRole('combobox', { name: label }));
      await tap(page.getByRole('option', { name: option, exact: true }));
    };

    test('records an escorted drive late in the evening in "Heute gefahren" and lists it "bei Dunkelheit"', async ({
      page,
      request,
    }) => {
      const account = await seedAccount(request, { firstname: 'Dana', lastname: 'Dunkel' });
      const route = await frankfurtMannheim(account);
      await signIn(page, account.user);
      const quick = page.getByRole('region', { name: 'Heute gefahren' });
      // How it will record, without a tap: selbst gefahren (nothing recorded yet), now.
      await expect(quick.getByText(/^selbst gefahren · \d\d:\d\d Uhr ·/)).toBeVisible();

      await tap(quick.getByRole('button', { name: new RegExp(route.name) }));
      await tap(quick.getByRole('button', { name: /^ändern/ }));
      await choose(page, quick, 'Art der Fahrt', 'begleitete Fahrt');
      // After 23:00 it is dark in Frankfurt on every day of the year (civil twilight ends by 22:30 in June).
      await quick.getByRole('textbox', { name: 'Uhrzeit' }).fill('23:30');
      await expect(quick.getByRole('combobox', { name: 'Art der Fahrt' })).toHaveValue('begleitete Fahrt');
      expect(await cutTexts(page), 'cut texts in "Heute gefahren" with its way and time').toEqual([]);
      expect(await smallTouchTargets(page), 'small targets in "Heute gefahren"').toEqual([]);
      expect(await axeViolations(page), 'axe on the dashboard with the way and time fields').toEqual([]);
      await page.screenshot({ path: `/tmp/drive-ways-quick-${width}.png`, fullPage: true });
      await tap(quick.getByRole('button', { name: /^1 Strecke speichern/ }));
      await expect(quick.getByText(/dokumentiert \(begleitete Fahrt · 23:30 Uhr · bei Dunkelheit\)/)).toBeVisible();

      const drives = (await (await apiAs(request, account.user.token, 'get', '/api/route_activities')).json()) as {
        acquiredAt: string;
        way: string;
        time: string | null;
        dark: boolean | null;
      }[];
      expect(drives).toEqual([
        expect.objectContaining({ acquiredAt: today(), way: 'escorted', time: '23:30', dark: true }),
      ]);
      // The next drive starts with the way used last.
      await expect(quick.getByText(/^begleitete Fahrt · \d\d:\d\d Uhr ·/)).toBeVisible();

      await page.goto(`/route/${route.id}`);
      const list = page.getByRole('list', { name: 'Erfasste Fahrten' });
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list.getByRole('listitem').first()).toContainText('begleitete Fahrt · 23:30 Uhr · bei Dunkelheit');
      await expect(page.getByRole('row', { name: /Erhält die Streckenkunde/ })).toContainText(
        'wie im Konto: selbst gefahren, begleitete Fahrt',
      );
      expect(await cutTexts(page), 'cut texts on the route page').toEqual([]);
      await page.screenshot({ path: `/tmp/drive-ways-route-${width}.png`, fullPage: true });

      // The drive's own page names way, time and darkness in a card of its own.
      await tap(list.getByRole('link').first());
      const manner = page.getByRole('region', { name: 'Art der Fahrt' });
      await expect(manner.getByRole('row', { name: /Licht/ })).toContainText('bei Dunkelheit');
      await expect(manner.getByRole('row', { name: /Richtung/ })).toContainText('nicht angegeben');
      expect(await cutTexts(page), 'cut texts on the drive page').toEqual([]);
      expect(await axeViolations(page), 'axe on the drive page').toEqual([]);
      await page.screenshot({ path: `/tmp/drive-ways-drive-${width}.png`, fullPage: true });
    });

    test('a simulator drive alone leaves a route "nie gefahren" once the account’s rule no longer keeps it', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const account = await seedAccount(request, { firstname: 'Simon', lastname: 'Simulator' });
      const route = await frankfurtMannheim(account);
      await account.post('/api/route_activities', {
        acquiredAt: today(),
        acquiredRoutes: [`/api/routes/${route.id}`],
        way: 'simulator',
        time: '10:00',
      });
      await signIn(page, account.user);
      const tiles = page.getByRole('group', { name: 'Nach Zustand filtern' });
      // By the default rule (selbst gefahren, begleitete Fahrt) the session counts only for a first acquisition.
      await expect(tiles.getByRole('button', { name: '1 nie gefahren' })).toBeVisible();

      /** Sets the account's rule on its page, then goes back to the dashboard inside the app. */
      const simulatorKeeps = async (keeps: boolean) => {
        await page.goto('/account/validity');
        const simulator = page.getByRole('checkbox', { name: 'Simulator' });
        await expect(simulator).toBeChecked({ checked: !keeps });
        await tap(simulator);
        await expect(simulator).toBeChecked({ checked: keeps });
        await tap(page.getByRole('button', { name: 'Speichern' }));
        await expect(page.getByText('Einstellungen erfolgreich gespeichert.')).toBeVisible();
        await page.screenshot({ path: `/tmp/drive-ways-rule-${width}.png`, fullPage: true });
        // Through the app, not a reload: the lists it holds are asked again after the rule changed.
        await tap(page.getByRole('link', { name: 'Streckenpass – zum Dashboard' }));
        await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      };

      await simulatorKeeps(true);
      await expect(tiles.getByRole('button', { name: '1 gültig' })).toBeVisible();
      await page.goto(`/route/${route.id}`);
      const drive = page.getByRole('list', { name: 'Erfasste Fahrten' }).getByRole('listitem').first();
      await expect(drive).toContainText('Simulator · 10:00 Uhr · bei Tageslicht');
      await expect(drive).not.toContainText('Ersterwerb');
      await expect(page.getByRole('row', { name: /Streckenkunde gültig bis/ })).not.toContainText('Nicht erfasst');

      await simulatorKeeps(false);
      await expect(tiles.getByRole('button', { name: '1 nie gefahren' })).toBeVisible();
      await page.goto(`/route/${route.id}`);
      await expect(page.getByRole('row', { name: /Streckenkunde gültig bis/ })).toContainText('Nicht erfasst');
      await expect(drive).toContainText('zählt nur für den Ersterwerb, nicht für die Gültigkeit');
      expect(await cutTexts(page), 'cut texts on the route page').toEqual([]);
      const routes = (await (await apiAs(request, account.user.token, 'get', '/api/routes')).json()) as {
        validUntil?: string | null;
      }[];
      expect(routes[0]?.validUntil ?? null).toBeNull();
    });

    test('a route asking a first acquisition is "In Ausbildung" until a drive in each direction, then known', async ({
      page,
      request,
    }) => {
      const account = await seedAccount(request, { firstname: 'Eva', lastname: 'Ersterwerb' });
      const route = await frankfurtMannheim(account);
      await signIn(page, account.user);
      // The rule is set in the route's form: one drive per direction, none in darkness, no period.
      await page.goto(`/route/edit/${route.id}`);
      await tap(page.getByRole('checkbox', { name: /Ersterwerb verlangen/ }));
      const dark = page.getByLabel('davon bei Dunkelheit');
      await dark.fill('0');
      await page.getByLabel('Fahrten je Richtung').fill('1');
      await page.getByLabel(/innerhalb von Tagen/).fill('');
      expect(await cutTexts(page), 'cut texts in the route form with a first acquisition').toEqual([]);
      await page.screenshot({ path: `/tmp/first-acquisition-form-${width}.png`, fullPage: true });
      await tap(page.getByRole('button', { name: 'Strecke speichern' }));
      await expect(page).toHaveURL(new RegExp(`/route/${route.id}$`));

      await account.post('/api/route_activities', {
        acquiredAt: today(),
        acquiredRoutes: [`/api/routes/${route.id}`],
        direction: 'forward',
      });
      await page.reload();
      await expect(page.getByRole('row', { name: /Streckenkunde gültig bis/ })).toContainText(
        'In Ausbildung: noch nicht bekannt',
      );
      const progress = page.getByRole('list', { name: 'Fortschritt des Ersterwerbs' });
      await expect(progress).toContainText('1 von 1 Fahrt Richtung Mannheim Hbf');
      await expect(progress).toContainText('0 von 1 Fahrt Richtung Frankfurt (Main) Hbf');
      expect(await cutTexts(page), 'cut texts on a route in training').toEqual([]);
      expect(await axeViolations(page), 'axe on a route in training').toEqual([]);
      await page.screenshot({ path: `/tmp/first-acquisition-route-${width}.png`, fullPage: true });

      await account.post('/api/route_activities', {
        acquiredAt: today(),
        acquiredRoutes: [`/api/routes/${route.id}`],
        direction: 'reverse',
      });
      await page.reload();
      await expect(page.getByRole('row', { name: /Ersterwerb/ })).toContainText('Erfüllt am');
      await expect(page.getByRole('row', { name: /Streckenkunde gültig bis/ })).not.toContainText('Ausbildung');
    });
  });
}
