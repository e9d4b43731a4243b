import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { joinBetrieb, verifiedUser } from '../support/betrieb';
import { apiAs, loginViaUi, registerViaApi, signIn, uniqueEmail, type SeededUser } from '../support/fixtures';
import { realNetworkPresent, startNetworkServer } from '../support/network-server';

/**
 * Regenerates docs/screens/*.png at 360 and 1280 px: the start page, dashboard, quick record, documentation page,
 * map, a route with its history, "Meine Betriebe", "Gültigkeit", "Erinnerungen & Kalender", "Meine Daten" and the
 * public verification page of an issued PDF; a Betrieb as its admin sees it (issue 28): its page, the matrix and
 * "Wer kann fahren?", and one driver's page (issue 38); the map along the tracks (issue 29).
 */
const out = path.resolve(import.meta.dirname, '../../docs/screens');

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Wird geladen' })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

test.use({ colorScheme: 'light' });

for (const width of [360, 1280] as const) {
  test(`screens at ${width} px`, async ({ page, request, baseURL }) => {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const user = await registerViaApi(request, { firstname: 'Erika', lastname: 'Mustermann' });
    const post = async (url: string, data: unknown) => (await apiAs(request, user.token, 'post', url, data)).json();
    const names: [string, string, string, string | null][] = [
      ['Uelzen – Celle', 'HU', 'HC', 'N30.1'],
      ['Uelzen – Lüneburg', 'HU', 'ALBG', 'N30.2'],
      ['Lüneburg – Hamburg', 'ALBG', 'AH', 'N31.0'],
      ['Celle – Hannover', 'HC', 'HH', 'N40.0'],
      ['Hamburg – Lübeck', 'AH', 'AL', 'K10.2'],
      ['Lübeck – Kiel', 'AL', 'AK', null],
    ];
    const routes: { id: number }[] = [];
    // The DS100 codes typed are chosen as stations too (issue 17), so the map has lines.
    for (const [name, startPoint, endPoint, companyRoute] of names) {
      routes.push(
        await post('/api/routes', {
          name,
          startPoint,
          endPoint,
          companyRoute,
          startStation: startPoint,
          endStation: endPoint,
        }),
      );
    }
    await post('/api/routes', { name: 'Anschluss Hafen', startPoint: 'Abzw. Hafen', endPoint: 'AK' });
    const iri = (i: number) => `/api/routes/${routes[i]!.id}`;
    await post('/api/tours', { name: 'Heide-Runde', routes: [iri(0), iri(1)] });
    await post('/api/tours', { name: 'Hamburg – Hannover', routes: [iri(2), iri(1), iri(0), iri(3)] });
    await post('/api/vehicles', { name: 'BR 146' });
    await post('/api/route_activities', { acquiredAt: daysAgo(380), acquiredRoutes: [iri(4)] });
    await post('/api/route_activities', { acquiredAt: daysAgo(345), acquiredRoutes: [iri(2), iri(3)] });
    await post('/api/route_activities', { acquiredAt: daysAgo(300), acquiredRoutes: [iri(0), iri(1)] });
    await post('/api/route_activities', { acquiredAt: daysAgo(20), acquiredRoutes: [iri(5)] });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Anmelden', level: 1 })).toBeVisible();
    await page.screenshot({ path: path.join(out, `start-${width}.png`), fullPage: true });
    await loginViaUi(page, user);

    await page.goto('/dashboard');
    await settle(page);
    await page.screenshot({ path: path.join(out, `dashboard-${width}.png`), fullPage: true });

    const quick = page.getByRole('region', { name: 'Heute gefahren' });
    await expect(quick).toBeVisible();
    await quick.getByRole('button', { name: /Heide-Runde/ }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(out, `quick-record-${width}.png`) });

    await page.goto('/documentation');
    await settle(page);
    await page.getByRole('button', { name: 'Tour Heide-Runde auswählen' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    // On a phone, what the driver sees: the lists and the action bar at the bottom; on a desktop, the whole page.
    await page.screenshot({ path: path.join(out, `documentation-${width}.png`), fullPage: width > 360 });

    await page.goto('/map');
    await settle(page);
    await expect(page.getByRole('img', { name: /Karte Deutschlands/ })).toBeVisible();
    await page.screenshot({ path: path.join(out, `map-${width}.png`), fullPage: true });

    // A route with its drives and "Verlauf" (issue 27).
    await page.goto(`/route/${routes[5]!.id}`);
    await settle(page);
    await page.screenshot({ path: path.join(out, `route-${width}.png`), fullPage: true });

    // A route asking a first acquisition, "In Ausbildung" with its progress, and drives that say how they were made
    // (issue 41).
    const training = await post('/api/routes', {
      name: 'Uelzen – Hannover (Ausbildung)',
      startPoint: 'HU',
      endPoint: 'HH',
      startStation: 'HU',
      endStation: 'HH',
      firstAcquisition: { drives: 2, dark: 1, days: 90 },
    });
    for (const [way, time, direction] of [
      ['escorted', '22:40', 'forward'],
      ['cab_ride', '09:15', 'forward'],
      ['simulator', '14:00', 'reverse'],
    ]) {
      await post('/api/route_activities', {
        acquiredAt: daysAgo(3),
        acquiredRoutes: [`/api/routes/${training.id}`],
        way,
        time,
        direction,
      });
    }
    await page.goto(`/route/${training.id}`);
    await settle(page);
    await page.screenshot({ path: path.join(out, `route-training-${width}.png`), fullPage: true });

    for (const [screen, url] of [
      ['betriebe', '/account/betriebe'],
      ['validity', '/account/validity'],
      ['notifications', '/account/notifications'],
      ['account-data', '/account/data'],
    ] as const) {
      await page.goto(url);
      await settle(page);
      await page.screenshot({ path: path.join(out, `${screen}-${width}.png`), fullPage: true });
    }

    // The public verification page of an issued PDF (issue 27), as a supervisor opens it from the QR code.
    expect((await apiAs(request, user.token, 'post', '/api/export/pdf', {})).ok()).toBe(true);
    const [proof] = (await (await apiAs(request, user.token, 'get', '/api/proofs')).json()) as { code: string }[];
    await page.goto(`/pruefen/${proof!.code}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: path.join(out, `verification-${width}.png`), fullPage: true });

    // A Betrieb (issue 28): Erika and three colleagues drive for it; its admin reads the matrix and who can drive.
    const admin = await verifiedUser(request, baseURL!, 'Betrieb');
    const founded = await apiAs(request, admin.token, 'post', '/api/betriebe', {
      name: 'Heide-Bahn',
      depots: ['Uelzen', 'Hamburg'],
      consentVersion: CONSENT_VERSION,
    });
    const betrieb = (await founded.json()) as { id: number; depots: { id: number; name: string }[] };
    for (const [start, end, code] of [
      ['HU', 'HC', 'N30.1'],
      ['HU', 'ALBG', 'N30.2'],
      ['ALBG', 'AH', 'N31.0'],
      ['HC', 'HH', 'N40.0'],
      ['AH', 'AL', null],
    ] as const) {
      const added = await apiAs(request, admin.token, 'post', `/api/betriebe/${betrieb.id}/requirements`, {
        startStation: start,
        endStation: end,
        companyRoute: code,
      });
      expect(added.status()).toBe(201);
    }
    await apiAs(request, admin.token, 'post', `/api/betriebe/${betrieb.id}/vehicle-requirements`, {
      vehicleType: 'BR 146',
    });
    await joinBetrieb(request, admin, betrieb.id, user);
    for (const [lastname, days, pairs] of [
      [
        'Schneider',
        40,
        [
          ['HU', 'HC'],
          ['HC', 'HH'],
          ['AH', 'AL'],
        ],
      ],
      [
        'Yılmaz',
        355,
        [
          ['HU', 'ALBG'],
          ['ALBG', 'AH'],
        ],
      ],
      ['Nowak', 500, [['HU', 'HC']]],
    ] as const) {
      const colleague = await registerViaApi(request, { email: uniqueEmail('kollege'), firstname: 'Jan', lastname });
      const ids: number[] = [];
      for (const [start, end] of pairs) {
        const route = await apiAs(request, colleague.token, 'post', '/api/routes', {
          name: `${start} – ${end}`,
          startPoint: start,
          endPoint: end,
          startStation: start,
          endStation: end,
        });
        ids.push(((await route.json()) as { id: number }).id);
      }
      await apiAs(request, colleague.token, 'post', '/api/route_activities', {
        acquiredAt: daysAgo(days),
        acquiredRoutes: ids.map((id) => `/api/routes/${id}`),
      });
      // The required vehicle type: Schneider knows it (a column of the matrix, issue 40).
      if (lastname === 'Schneider') await apiAs(request, colleague.token, 'post', '/api/vehicles', { name: 'BR 146' });
      await joinBetrieb(request, admin, betrieb.id, colleague);
    }
    await signIn(page, admin, `/betrieb/${betrieb.id}`);
    await settle(page);
    await page.screenshot({ path: path.join(out, `betrieb-${width}.png`), fullPage: true });
    await page.goto(`/betrieb/matrix/${betrieb.id}`);
    await settle(page);
    await expect(page.getByRole('region', { name: 'Matrix' })).toBeVisible();
    await page.screenshot({ path: path.join(out, `matrix-${width}.png`), fullPage: true });
    await page.goto(`/betrieb/wer-kann-fahren/${betrieb.id}`);
    await settle(page);
    await page.getByRole('button', { name: /Uelzen.*Celle/ }).click();
    await expect(page.getByRole('list', { name: 'Streckenkundige Fahrer/innen' })).toBeVisible();
    await page.screenshot({ path: path.join(out, `who-can-drive-${width}.png`), fullPage: true });
    // One driver's page (issue 38 item 13), opened from the answer: what the consent shares.
    await page.getByRole('list', { name: 'Streckenkundige Fahrer/innen' }).getByRole('link').first().click();
    await expect(page.getByRole('list', { name: 'Fahrten' })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: path.join(out, `betrieb-driver-${width}.png`), fullPage: true });
  });
}

/**
 * The Betrieb's attestations and rules (issue 41 items 2, 3, 5, 6): a requirement with its own rules (the dialog), the
 * matrix with a driver "in Ausbildung" and each driver's next check, an examiner on a driver's page with the
 * attestation issued, the driver's own attestations, and the public check page. Its own test: `--grep Bescheinigung`.
 */
for (const width of [360, 1280] as const) {
  test(`Bescheinigung screens at ${width} px`, async ({ page, request, baseURL }) => {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const admin = await verifiedUser(request, baseURL!, 'Admin');
    const founded = await apiAs(request, admin.token, 'post', '/api/betriebe', {
      name: 'Lüneburger Heidebahn',
      depots: [],
      consentVersion: CONSENT_VERSION,
    });
    const betriebId = ((await founded.json()) as { id: number }).id;
    const required = await apiAs(request, admin.token, 'post', `/api/betriebe/${betriebId}/requirements`, {
      startStation: 'HU',
      endStation: 'HC',
      companyRoute: 'N30.1',
      keepingWays: ['driven'],
      firstAcquisition: { drives: 1, dark: 0, days: null },
    });
    const requirementId = ((await required.json()) as { id: number }).id;
    const examiner = await registerViaApi(request, {
      email: uniqueEmail('pruefer'),
      firstname: 'Paula',
      lastname: 'Prüfer',
    });
    await joinBetrieb(request, admin, betriebId, examiner, 'examiner');
    // Schneider has driven it both ways (known) and been checked; Krüger one way only ("in Ausbildung").
    let checked: { user: SeededUser; membershipId: number; code: string } | undefined;
    for (const [lastname, directions] of [
      ['Schneider', ['forward', 'reverse']],
      ['Krüger', ['forward']],
    ] as const) {
      const driver = await registerViaApi(request, { email: uniqueEmail('fahrer'), firstname: 'Jan', lastname });
      const route = await apiAs(request, driver.token, 'post', '/api/routes', {
        name: 'Uelzen – Celle',
        startPoint: 'HU',
        endPoint: 'HC',
        startStation: 'HU',
        endStation: 'HC',
      });
      const routeId = ((await route.json()) as { id: number }).id;
      for (const [index, direction] of directions.entries()) {
        await apiAs(request, driver.token, 'post', '/api/route_activities', {
          acquiredAt: daysAgo(20 - index),
          acquiredRoutes: [`/api/routes/${routeId}`],
          direction,
          time: '14:10',
        });
      }
      await joinBetrieb(request, admin, betriebId, driver);
      if (lastname === 'Schneider') {
        const members = (await (
          await apiAs(request, admin.token, 'get', `/api/betriebe/${betriebId}/members`)
        ).json()) as {
          id: number;
          name: string;
        }[];
        const membershipId = members.find((member) => member.name === 'Jan Schneider')!.id;
        const attested = await apiAs(
          request,
          examiner.token,
          'post',
          `/api/betriebe/${betriebId}/members/${membershipId}/attestations`,
          {
            kind: 'periodic_check',
            checkedOn: daysAgo(5),
            requirementIds: [requirementId],
            note: 'Ohne Beanstandung.',
          },
        );
        expect(attested.status()).toBe(201);
        checked = { user: driver, membershipId, code: ((await attested.json()) as { code: string }).code };
      }
    }

    await signIn(page, admin, `/betrieb/${betriebId}`);
    await settle(page);
    await page
      .getByRole('button', { name: /^Regeln für/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Regeln der Anforderung' })).toBeVisible();
    await page.screenshot({ path: path.join(out, `requirement-rules-${width}.png`) });
    await page.keyboard.press('Escape');

    await page.goto(`/betrieb/matrix/${betriebId}`);
    await settle(page);
    await expect(page.getByText('in Ausbildung').first()).toBeVisible();
    await page.screenshot({ path: path.join(out, `matrix-training-${width}.png`), fullPage: true });

    await signIn(page, examiner, `/betrieb/${betriebId}/fahrer/${checked!.membershipId}`);
    await settle(page);
    await expect(page.getByRole('form', { name: 'Bescheinigung ausstellen' })).toBeVisible();
    await page.screenshot({ path: path.join(out, `betrieb-driver-attestations-${width}.png`), fullPage: true });

    await signIn(page, checked!.user, '/account/data');
    await settle(page);
    await expect(page.getByRole('list', { name: 'Ihre Bescheinigungen' })).toBeVisible();
    await page.getByRole('list', { name: 'Ihre Bescheinigungen' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, `own-attestations-${width}.png`) });

    await page.goto(`/pruefen/${checked!.code}`);
    await expect(page.getByRole('status')).toContainText('Echt und unverändert');
    await page.screenshot({ path: path.join(out, `attestation-check-${width}.png`), fullPage: true });
  });
}

/*
 * The map along the tracks (issue 29): on a server of its own with the rail network imported (DB Netz's files when
 * they lie beside the repository, else the e2e fixture), a driver's regional routes in their states.
 */
/**
 * A place as knowledge (Ortskunde, issue 41 item 4): the route form with "Ortskunde" chosen, a place's page with its
 * drive, and the map with its ring. Its own test, so that `--grep Ortskunde` makes these shots alone.
 */
for (const width of [360, 1280] as const) {
  test(`Ortskunde screens at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const user = await registerViaApi(request, { firstname: 'Erika', lastname: 'Mustermann' });
    const post = async (url: string, data: unknown) => (await apiAs(request, user.token, 'post', url, data)).json();
    const route = await post('/api/routes', {
      name: 'Frankfurt – Hanau',
      startPoint: 'FF',
      endPoint: 'FH',
      startStation: 'FF',
      endStation: 'FH',
    });
    const place = await post('/api/routes', {
      name: 'Ortskunde Frankfurt (Main) Hbf',
      startPoint: 'Frankfurt (Main) Hbf',
      endPoint: 'Frankfurt (Main) Hbf',
      startStation: 'FF',
      endStation: 'FF',
      keepingWays: ['driven', 'escorted', 'line_walk'],
    });
    await post('/api/route_activities', { acquiredAt: daysAgo(40), acquiredRoutes: [`/api/routes/${route.id}`] });
    await post('/api/route_activities', {
      acquiredAt: daysAgo(12),
      acquiredRoutes: [`/api/routes/${place.id}`],
      way: 'line_walk',
      time: '09:30',
    });
    await signIn(page, user, '/route/new');
    await settle(page);
    await page.getByRole('radio', { name: /Ortskunde/ }).check();
    await page.getByRole('combobox', { name: /Betriebsstelle/ }).fill('FH');
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Ortskunde Hanau Hbf');
    // The suggestions closed: the form as it is sent.
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: /^Name/ }).focus();
    await page.screenshot({ path: path.join(out, `ortskunde-form-${width}.png`), fullPage: true });

    await page.goto(`/route/${place.id}`);
    await settle(page);
    await expect(page.getByText('Ortskunde Frankfurt (Main) Hbf (FF)')).toBeVisible();
    await page.screenshot({ path: path.join(out, `ortskunde-${width}.png`), fullPage: true });

    await page.goto('/map');
    await settle(page);
    await expect(page.locator(`[data-place="${place.id}"]`)).toBeVisible();
    await page.screenshot({ path: path.join(out, `ortskunde-map-${width}.png`), fullPage: true });
  });
}

test.describe('map along the tracks', () => {
  const port = Number(process.env.E2E_PORT ?? 3100) + 42;
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  let network: Awaited<ReturnType<typeof startNetworkServer>> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    network = await startNetworkServer(port);
  });
  test.afterAll(async () => network?.stop());

  for (const width of [360, 1280] as const) {
    test(`map along the tracks at ${width} px`, async ({ page, request }) => {
      const user = await registerViaApi(request, { firstname: 'Erika', lastname: 'Mustermann' });
      const post = async (url: string, data: unknown) => (await apiAs(request, user.token, 'post', url, data)).json();
      const pairs: [string, string, number | null][] = realNetworkPresent
        ? [
            ['FF', 'RM', 20],
            ['RM', 'RK', 340],
            ['FF', 'FD', 400],
            ['RM', 'RH', null],
            ['FD', 'RM', 100],
          ]
        : [
            ['FF', 'RM', 20],
            ['RM', 'RK', 340],
            ['FF', 'FD', 400],
          ];
      for (const [from, to, daysAgoDriven] of pairs) {
        const route = (await post('/api/routes', {
          name: `${from} – ${to}`,
          startPoint: from,
          endPoint: to,
          startStation: from,
          endStation: to,
        })) as { id: number };
        if (daysAgoDriven !== null) {
          await post('/api/route_activities', {
            acquiredAt: daysAgo(daysAgoDriven),
            acquiredRoutes: [`/api/routes/${route.id}`],
          });
        }
      }
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      await loginViaUi(page, user);
      await page.goto('/map');
      await settle(page);
      await expect(page.getByRole('img', { name: /entlang der Gleise/ })).toHaveAttribute('data-straight', '0');
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(out, `map-tracks-${width}.png`), fullPage: true });
    });
  }
});
