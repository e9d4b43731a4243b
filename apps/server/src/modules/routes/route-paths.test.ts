import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { RAIL_NETWORK_ATTRIBUTION } from '@streckenpass/contract/network';
import { pointCodeOf } from '@streckenpass/contract/route-paths';
import type { Route } from '@streckenpass/contract/routes';
import { routeIri } from '../../test/fixtures.js';
import { buildTestApp, mergePatchHeaders, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { buildNetwork } from '../../lib/rail-network/build.js';
import { RailNetworkGraph } from '../../lib/rail-network/graph.js';
import { packNetwork, type LineFeature, type PointRow } from '../../lib/rail-network/network-format.js';
import { shortestPathOf } from '../../lib/rail-network/route-paths.js';

const fixtures = path.join(import.meta.dirname, '../network/fixtures');
const lines = (JSON.parse(fs.readFileSync(path.join(fixtures, 'lines.geojson'), 'utf8')) as { features: LineFeature[] })
  .features;
const points = JSON.parse(fs.readFileSync(path.join(fixtures, 'points.json'), 'utf8')) as PointRow[];

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app, { firstname: 'Alice' });
  bob = await registerUser(ctx.app, { firstname: 'Bob' });
});
afterAll(async () => ctx.close());

const inject = (options: InjectOptions) => ctx.app.inject(options);
const importNetwork = () =>
  ctx.app.railNetworkRepository.replace(packNetwork(buildNetwork(lines, points).network, RAIL_NETWORK_ATTRIBUTION));

/** The synthetic network's AA → CC: line 1000 to the junction JJ, then line 2000. */
const AA_CC = [
  { line: 1000, fromKm: 0, toKm: 7.2 },
  { line: 2000, fromKm: 0, toKm: 11.1 },
];

async function create(user: TestUser, body: Record<string, unknown>) {
  return inject({
    method: 'POST',
    url: '/api/routes',
    headers: user.headers,
    payload: { name: 'Astadt – Cestadt', startPoint: 'AA', endPoint: 'CC', ...body },
  });
}
async function patch(user: TestUser, id: number, body: Record<string, unknown>) {
  return inject({ method: 'PATCH', url: routeIri(id), headers: mergePatchHeaders(user), payload: body });
}
async function get(user: TestUser, id: number): Promise<Route> {
  const response = await inject({ method: 'GET', url: routeIri(id), headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('pointCodeOf', () => {
  it('takes the linked station, else typed text written as a code, never a name', () => {
    expect(pointCodeOf('FF', 'Frankfurt')).toBe('FF');
    expect(pointCodeOf(null, ' RMF ')).toBe('RMF');
    expect(pointCodeOf(null, 'TU  F')).toBe('TU  F');
    expect(pointCodeOf(null, 'Mannheim')).toBeNull();
    expect(pointCodeOf(null, 'rm')).toBeNull();
  });
});

// Before any network is imported: every route works as before and has no path.
describe('routes without an imported network', () => {
  let beforeImport: number;

  it('stores a path given by line as given: there is no network to check it on', async () => {
    const given = { km: 5, sections: [{ line: 99998, fromKm: 0, toKm: 1999 }], via: null };
    const response = await create(bob, { name: 'Ohne Netz', path: given });
    expect(response.statusCode).toBe(201);
    expect((response.json() as Route).path).toEqual(given);
  });

  it('creates a route without a path, answering as before', async () => {
    const response = await create(alice, { name: 'Vor dem Import' });
    expect(response.statusCode).toBe(201);
    const route = response.json() as Route;
    expect(route).not.toHaveProperty('path');
    beforeImport = route.id;
  });

  it('gives a route created before the import its path once a network is there (fill)', async () => {
    expect(await importNetwork()).toBe(true);
    expect(await ctx.app.routePaths.fill(ctx.app.db, alice.id)).toBe(1);
    const route = await get(alice, beforeImport);
    expect(route.path).toEqual({ km: expect.any(Number), sections: AA_CC, via: null });
    // Filled once: a route with a path is left alone.
    expect(await ctx.app.routePaths.fill(ctx.app.db, alice.id)).toBe(0);
  });
});

describe('POST /api/routes with the network', () => {
  it('stores the shortest path between the typed codes as line sections', async () => {
    const response = await create(alice, {});
    expect(response.statusCode).toBe(201);
    const route = response.json() as Route;
    expect(route.path?.sections).toEqual(AA_CC);
    expect(route.path?.km).toBeGreaterThan(18);
    expect(route.path?.km).toBeLessThan(19);
    expect(route.path?.via).toBeNull();
    expect((await get(alice, route.id)).path).toEqual(route.path);
  });

  it('stores the path the driver chose (over a point, or by line) as given', async () => {
    const chosen = { km: 3.6, sections: [{ line: 1000, fromKm: 0, toKm: 3.6 }], via: 'mm' };
    const response = await create(alice, { name: 'Nur bis Mitte', path: chosen });
    expect(response.statusCode).toBe(201);
    expect((response.json() as Route).path).toEqual({ ...chosen, via: 'MM' });
  });

  it('stores no path when an end is off the network or free text — reported by its absence, not guessed', async () => {
    for (const body of [{ endPoint: 'XX' }, { endPoint: 'Irgendwo' }]) {
      const response = await create(alice, body);
      expect(response.statusCode).toBe(201);
      expect(response.json()).not.toHaveProperty('path');
    }
  });

  it('refuses a path the network contradicts with 422 at its field, in German, and stores nothing', async () => {
    const count = async () =>
      ((await inject({ method: 'GET', url: '/api/routes', headers: alice.headers })).json() as Route[]).length;
    const before = await count();
    const cases: [unknown, { propertyPath: string; message: string }[]][] = [
      [
        { km: 5, sections: [{ line: 99998, fromKm: 0, toKm: 5 }] },
        [{ propertyPath: 'path.sections.0.line', message: 'Die Strecke 99998 ist im Streckennetz nicht bekannt.' }],
      ],
      [
        { km: 1999, sections: [{ line: 1000, fromKm: 0, toKm: 1999 }] },
        [
          {
            propertyPath: 'path.sections.0.toKm',
            message: 'km 1.999,0 liegt nicht auf der Strecke 1000: Sie reicht im Streckennetz von km 0,0 bis km 14,4.',
          },
        ],
      ],
      [
        {
          km: 11,
          sections: [
            { line: 1000, fromKm: 0, toKm: 7.2 },
            { line: 2000, fromKm: -3, toKm: 11.1 },
          ],
        },
        [
          {
            propertyPath: 'path.sections.1.fromKm',
            message: 'km -3,0 liegt nicht auf der Strecke 2000: Sie reicht im Streckennetz von km 0,0 bis km 11,1.',
          },
        ],
      ],
      [
        { km: 50, sections: [{ line: 1000, fromKm: 0, toKm: 3.6 }] },
        [
          {
            propertyPath: 'path.km',
            message: 'Der Weg ist nach seinen Streckenabschnitten 3,6 km lang, nicht 50,0 km.',
          },
        ],
      ],
    ];
    for (const [path, violations] of cases) {
      const response = await create(alice, { name: 'Widerspruch', path });
      expect(response.statusCode, JSON.stringify(path)).toBe(422);
      expect((response.json() as { violations: unknown }).violations).toEqual(violations);
    }
    expect(await count()).toBe(before);
  });

  it("stores the network's own path with the length along the tracks, a path by line with its km spans", async () => {
    const shortest = (await create(alice, {})).json() as Route;
    const given = await create(alice, { name: 'Wie gezeigt', path: { ...shortest.path, via: null } });
    expect(given.statusCode).toBe(201);
    expect((given.json() as Route).path).toEqual(shortest.path);
    const byLine = await create(alice, {
      name: 'Ein Stück',
      path: { km: 5.5, sections: [{ line: 1000, fromKm: 2, toKm: 7.5 }] },
    });
    expect(byLine.statusCode).toBe(201);
    expect((byLine.json() as Route).path?.km).toBe(5.5);
  });

  it('takes path: null as no path', async () => {
    const response = await create(alice, { path: null });
    expect(response.statusCode).toBe(201);
    expect(response.json()).not.toHaveProperty('path');
  });

  it('refuses a path without sections (422), and a wrongly typed or unknown field (400)', async () => {
    const cases: [unknown, number][] = [
      [{ km: 1, sections: [] }, 422],
      [{ km: 1, sections: [{ line: 4010, fromKm: 0, toKm: 5000 }] }, 422],
      [{ km: 1, sections: [{ line: 'vier', fromKm: 0, toKm: 1 }] }, 400],
      [{ km: 1, sections: [{ line: 4010, fromKm: 0, toKm: 1, extra: true }] }, 400],
    ];
    for (const [path, status] of cases) {
      const response = await create(alice, { path });
      expect(response.statusCode, JSON.stringify(path)).toBe(status);
    }
  });

  it('refuses without a sign-in (401)', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/routes',
      payload: { name: 'x', startPoint: 'AA', endPoint: 'CC' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/routes/{id} and the path', () => {
  it('keeps the path when the start and end stay, finds it anew when one changes', async () => {
    const route = (await create(alice, {})).json() as Route;
    const renamed = await patch(alice, route.id, { name: 'Neu' });
    expect(renamed.statusCode).toBe(200);
    expect((renamed.json() as Route).path).toEqual(route.path);

    const moved = await patch(alice, route.id, { endPoint: 'BB' });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as Route).path?.sections).toEqual([{ line: 1000, fromKm: 0, toKm: 14.4 }]);

    const off = await patch(alice, route.id, { endPoint: 'XX' });
    expect(off.json()).not.toHaveProperty('path');
  });

  it('sets a chosen path, and removes it with null', async () => {
    const route = (await create(alice, {})).json() as Route;
    const chosen = { km: 7.2, sections: [{ line: 1000, fromKm: 0, toKm: 7.2 }], via: null };
    expect(((await patch(alice, route.id, { path: chosen })).json() as Route).path).toEqual(chosen);
    const cleared = await patch(alice, route.id, { path: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).not.toHaveProperty('path');
  });

  it('refuses a malformed path (422) and keeps the stored one', async () => {
    const route = (await create(alice, {})).json() as Route;
    const response = await patch(alice, route.id, { path: { km: -1, sections: AA_CC } });
    expect(response.statusCode).toBe(422);
    expect((await get(alice, route.id)).path).toEqual(route.path);
  });

  it('refuses a path the network contradicts (422 at its field) and keeps the stored one', async () => {
    const route = (await create(alice, {})).json() as Route;
    for (const [path, field] of [
      [{ km: 5, sections: [{ line: 99998, fromKm: 0, toKm: 5 }] }, 'path.sections.0.line'],
      [{ km: 1999, sections: [{ line: 1000, fromKm: 0, toKm: 1999 }] }, 'path.sections.0.toKm'],
      [{ km: 1, sections: [{ line: 1000, fromKm: 0, toKm: 3.6 }] }, 'path.km'],
    ] as const) {
      const response = await patch(alice, route.id, { path });
      expect(response.statusCode, field).toBe(422);
      expect((response.json() as { violations: { propertyPath: string }[] }).violations).toEqual([
        { propertyPath: field, message: expect.any(String) },
      ]);
    }
    expect((await get(alice, route.id)).path).toEqual(route.path);
  });

  it('refuses without a sign-in (401)', async () => {
    const route = (await create(alice, {})).json() as Route;
    const response = await inject({
      method: 'PATCH',
      url: routeIri(route.id),
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: { path: null },
    });
    expect(response.statusCode).toBe(401);
  });

  it("refuses another user's route (403) and leaves its path", async () => {
    const route = (await create(alice, {})).json() as Route;
    const response = await patch(bob, route.id, { path: null });
    expect(response.statusCode).toBe(403);
    expect((await get(alice, route.id)).path).toEqual(route.path);
  });

  it('answers 404 for a route that does not exist', async () => {
    const response = await patch(alice, 99999999, { path: null });
    expect(response.statusCode).toBe(404);
  });
});

describe('the path in the CSV import, the backup and the export', () => {
  it('gives imported routes the shortest path between their codes', async () => {
    const user = await registerUser(ctx.app);
    const csv = 'Strecke;Start;Ende\r\nImportiert;AA;CC\r\nFrei;Irgendwo;CC\r\n';
    const response = await inject({
      method: 'POST',
      url: '/api/import/csv',
      headers: { ...user.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(response.statusCode).toBe(200);
    const list = (await inject({ method: 'GET', url: '/api/routes', headers: user.headers })).json() as Route[];
    expect(list.find((r) => r.name === 'Importiert')?.path?.sections).toEqual(AA_CC);
    expect(list.find((r) => r.name === 'Frei')).not.toHaveProperty('path');
  });

  it('takes the line sections a file gives, and refuses a line whose sections are not such a list or off the network', async () => {
    const user = await registerUser(ctx.app);
    const csv =
      'Strecke;Start;Ende;Streckenabschnitte\r\n' +
      'Von Hand;Abzw. Nord;Anst. Süd;"1000 km 1,2–7,2; 2000 km 0,0–10,5"\r\n' +
      'Kaputt;Hier;Dort;über 4010\r\n' +
      'Fremd;Hier;Dort;4010 km 1,2–60,0\r\n' +
      'Zu weit;Hier;Dort;1000 km 1,2–60,0\r\n';
    const response = await inject({
      method: 'POST',
      url: '/api/import/csv',
      headers: { ...user.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { errorCount: number; errors: { message: string }[] };
    expect(body.errorCount).toBe(3);
    expect(body.errors[0]?.message).toContain('„über 4010“ ist kein Streckenabschnitt');
    expect(body.errors[1]?.message).toContain('Die Strecke 4010 ist im Streckennetz nicht bekannt.');
    expect(body.errors[2]?.message).toContain(
      'km 60,0 liegt nicht auf der Strecke 1000: Sie reicht im Streckennetz von km 0,0 bis km 14,4.',
    );
    const list = (await inject({ method: 'GET', url: '/api/routes', headers: user.headers })).json() as Route[];
    expect(list.map((r) => [r.name, r.path])).toEqual([
      [
        'Von Hand',
        {
          km: 16.5,
          sections: [
            { line: 1000, fromKm: 1.2, toKm: 7.2 },
            { line: 2000, fromKm: 0, toKm: 10.5 },
          ],
          via: null,
        },
      ],
    ]);
  });

  it('carries the path through a backup and its restore', async () => {
    const owner = await registerUser(ctx.app);
    const chosen = { km: 3.6, sections: [{ line: 1000, fromKm: 0, toKm: 3.6 }], via: null };
    await create(owner, { name: 'Gewählt', path: chosen });
    const backup = await inject({ method: 'GET', url: '/api/backup', headers: owner.headers });
    expect(backup.statusCode).toBe(200);
    const document = backup.json() as { routes: { name: string; path: unknown }[] };
    expect(document.routes.find((r) => r.name === 'Gewählt')?.path).toEqual(chosen);

    const other = await registerUser(ctx.app);
    const restored = await inject({
      method: 'POST',
      url: '/api/backup/restore',
      headers: { ...other.headers, 'content-type': 'application/json' },
      payload: backup.body,
    });
    expect(restored.statusCode).toBe(200);
    const list = (await inject({ method: 'GET', url: '/api/routes', headers: other.headers })).json() as Route[];
    expect(list.find((r) => r.name === 'Gewählt')?.path).toEqual(chosen);
  });

  it('checks a restored path on the network: one it contradicts is left out, a wrong length computed anew', async () => {
    const owner = await registerUser(ctx.app);
    const chosen = { km: 3.6, sections: [{ line: 1000, fromKm: 0, toKm: 3.6 }], via: null };
    await create(owner, { name: 'Fremde Strecke', path: chosen });
    await create(owner, { name: 'Falsche Länge', path: chosen });
    const document = (await inject({ method: 'GET', url: '/api/backup', headers: owner.headers })).json() as {
      signature?: unknown;
      routes: { name: string; path: unknown }[];
    };
    delete document.signature;
    document.routes.find((r) => r.name === 'Fremde Strecke')!.path = {
      km: 5,
      sections: [{ line: 99998, fromKm: 0, toKm: 5 }],
      via: null,
    };
    document.routes.find((r) => r.name === 'Falsche Länge')!.path = { ...chosen, km: 99 };

    const other = await registerUser(ctx.app);
    const restored = await inject({
      method: 'POST',
      url: '/api/backup/restore',
      headers: { ...other.headers, 'content-type': 'application/json' },
      payload: document,
    });
    expect(restored.statusCode).toBe(200);
    const list = (await inject({ method: 'GET', url: '/api/routes', headers: other.headers })).json() as Route[];
    // Left out, then given the shortest path between its ends like any route without one.
    expect(list.find((r) => r.name === 'Fremde Strecke')?.path?.sections).toEqual(AA_CC);
    expect(list.find((r) => r.name === 'Falsche Länge')?.path).toEqual(chosen);
  });

  it('lists the line sections in the CSV export and names the data source', async () => {
    const user = await registerUser(ctx.app);
    await create(user, { name: 'Mit Weg' });
    await create(user, { name: 'Ohne Weg', endPoint: 'Irgendwo' });
    const response = await inject({ method: 'POST', url: '/api/export/csv', headers: user.headers, payload: {} });
    expect(response.statusCode).toBe(200);
    const rows = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[0]).toMatch(/;Streckenabschnitte$/);
    expect(rows.find((row) => row.startsWith('Mit Weg'))).toMatch(/;"1000 km 0,0–7,2; 2000 km 0,0–11,1"$/);
    expect(rows.find((row) => row.startsWith('Ohne Weg'))).toMatch(/;$/);
    expect(response.body).toContain(RAIL_NETWORK_ATTRIBUTION);
  });

  it('reads its own export with the sections and the attribution back in', async () => {
    const user = await registerUser(ctx.app);
    await create(user, { name: 'Rundreise' });
    const exported = await inject({ method: 'POST', url: '/api/export/csv', headers: user.headers, payload: {} });
    const other = await registerUser(ctx.app);
    const response = await inject({
      method: 'POST',
      url: '/api/import/csv',
      headers: { ...other.headers, 'content-type': 'text/csv' },
      payload: exported.rawPayload,
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { errorCount: number }).errorCount).toBe(0);
    const list = (await inject({ method: 'GET', url: '/api/routes', headers: other.headers })).json() as Route[];
    expect(list.map((r) => [r.name, r.path?.sections])).toEqual([['Rundreise', AA_CC]]);
  });

  it('lists the line sections in the PDF export and names the data source in its notes', async () => {
    const user = await registerUser(ctx.app);
    await create(user, { name: 'Mit Weg' });
    const response = await inject({ method: 'POST', url: '/api/export/pdf', headers: user.headers, payload: {} });
    expect(response.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-', '-'], { input: response.rawPayload, encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain('Streckenabschnitte: 1000 km 0,0–7,2; 2000 km 0,0–11,1');
    expect(text).toContain('Datenquelle: DB Netz AG');
  });

  it('keeps an export without paths as it was: no sections column, no attribution', async () => {
    const user = await registerUser(ctx.app);
    await create(user, { name: 'Frei', startPoint: 'Hier', endPoint: 'Dort' });
    const response = await inject({ method: 'POST', url: '/api/export/csv', headers: user.headers, payload: {} });
    expect(response.body).not.toContain('Streckenabschnitte');
    expect(response.body).not.toContain('Datenquelle');
  });
});

describe('routePathsRepository.recompute (after a new network import)', () => {
  it('gives routes with the old network’s shortest path the new one, and keeps paths given by line', async () => {
    const carol = await registerUser(ctx.app, { firstname: 'Carol' });
    const shortest = (await create(carol, { name: 'Kürzester Weg' })).json() as Route;
    expect(shortest.path?.sections).toEqual(AA_CC);
    const byLine = { km: 7.2, sections: [{ line: 1000, fromKm: 0, toKm: 7.2 }], via: null };
    const given = (await create(carol, { name: 'Nach Streckennummer', path: byLine })).json() as Route;
    const before = new RailNetworkGraph('v1', buildNetwork(lines, points).network);
    // BB → CC over AA, as the form shows it (the server's graph is the same network).
    const overPath = shortestPathOf(
      before,
      { startPoint: 'BB', endPoint: 'CC', startStation: null, endStation: null },
      'AA',
    );
    expect(overPath?.sections.map((section) => section.line)).toEqual([1000, 1000, 2000]);
    const over = (await create(carol, { name: 'Über Astadt', startPoint: 'BB', path: overPath })).json() as Route;
    // The new network has line 4000 as a track of its own (no longer a second direction): AA → CC runs over it.
    const newLines = lines.map((feature) =>
      feature.properties.strecke_nr === 4000
        ? { ...feature, properties: { ...feature.properties, richtung: '0' } }
        : feature,
    );
    const after = new RailNetworkGraph('v2', buildNetwork(newLines, points).network);

    const { recomputed, owners } = await ctx.app.routePathsRepository.recompute(ctx.app.db, before, after);
    expect(recomputed).toBeGreaterThanOrEqual(2);
    expect(owners).toContain(carol.id);
    expect((await get(carol, shortest.id)).path?.sections.map((section) => section.line)).toEqual([4000]);
    expect((await get(carol, over.id)).path).toMatchObject({ via: 'AA', sections: [{ line: 1000 }, { line: 4000 }] });
    expect((await get(carol, given.id)).path).toEqual(byLine);

    // Again on the same network: nothing left to change.
    expect((await ctx.app.routePathsRepository.recompute(ctx.app.db, after, after)).recomputed).toBe(0);
  });
});
