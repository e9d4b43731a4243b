import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { describe, expect, it } from 'vitest';
import {
  driveDays,
  expectedValidUntil,
  filterByName,
  filterRoutes,
  placesOf,
  planDocumentation,
  routeLabel,
  tourRouteLinks,
  validityHelpText,
} from './documentation';

const route = (id: number, name: string, startPoint: string, endPoint: string, companyRoute: string | null = null) =>
  ({
    id,
    name,
    startPoint,
    endPoint,
    startStation: null,
    endStation: null,
    companyRoute,
    tours: [],
    owner: '/api/users/1',
    validityDays: null,
    keepingWays: null,
    firstAcquisition: null,
    acquiredOn: null,
  }) satisfies Route;
const routes = [
  route(1, 'Uelzen - Celle', 'HU', 'HC', 'N30.1'),
  route(2, 'Celle - Hannover', 'HC', 'HH'),
  route(3, 'Hamburg - Lübeck', 'AH', 'AL'),
];
const tours: Tour[] = [{ id: 9, name: 'Heide', owner: '/api/users/1', routes: ['/api/routes/2', '/api/routes/3'] }];
const vehicles: Vehicle[] = [{ id: 4, name: 'BR 146', owner: '/api/users/1', validityDays: null }];
const empty = { routes: [], tours: [], vehicles: [], places: [] };

describe('documentation search', () => {
  it('matches a case-insensitive substring of the name; blank finds everything', () => {
    expect(filterByName(routes, 'cELLe').map((r) => r.id)).toEqual([1, 2]);
    expect(filterByName(routes, 'lübeck').map((r) => r.id)).toEqual([3]);
    expect(filterByName(routes, '   ').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(filterByName(routes, 'N30')).toEqual([]);
  });

  it('labels a route "name · Kürzel company code"', () => {
    expect(routeLabel(routes[0]!)).toBe('Uelzen - Celle · Kürzel N30.1');
    expect(routeLabel(routes[1]!)).toBe('Celle - Hannover');
  });
});

describe('places', () => {
  it('lists each start and end point once, in order, with the number of routes touching it', () => {
    expect(placesOf([...routes, route(5, 'Ring', 'HU', 'HU')])).toEqual([
      { id: 'AH', name: 'AH', routes: 1 },
      { id: 'AL', name: 'AL', routes: 1 },
      { id: 'HC', name: 'HC', routes: 2 },
      { id: 'HH', name: 'HH', routes: 1 },
      { id: 'HU', name: 'HU', routes: 2 },
    ]);
  });

  it('groups by station: "FF" and a route linked to Frankfurt (Main) Hbf are one place that selects both', () => {
    const ff = { code: 'FF', name: 'Frankfurt (Main) Hbf', lat: 50.1, lon: 8.66 };
    const linked = [
      route(1, 'Frankfurt - Mainz', 'FF', 'Mainz'),
      { ...route(2, 'Hanau - Frankfurt', 'Hanau', 'Frankfurt (Main) Hbf'), endStation: ff },
      route(3, 'Hanau - Fulda', 'Hanau', 'FD'),
    ];
    expect(placesOf(linked)).toEqual([
      { id: 'FD', name: 'FD', routes: 1 },
      { id: 'FF', name: 'Frankfurt (Main) Hbf (FF)', routes: 2 },
      { id: 'Hanau', name: 'Hanau', routes: 2 },
      { id: 'Mainz', name: 'Mainz', routes: 1 },
    ]);
    const plan = planDocumentation({
      selection: { ...empty, places: ['FF'] },
      routes: linked,
      tours: [],
      vehicles: [],
      acquiredAt: '2026-01-10',
      period: 'year',
    });
    expect(plan.ok && plan.plan.acquiredRoutes).toEqual(['/api/routes/1', '/api/routes/2']);
  });

  it('reads tour links from the route references', () => {
    expect(tourRouteLinks(tours)).toEqual([
      { tourId: 9, routeId: 2 },
      { tourId: 9, routeId: 3 },
    ]);
  });
});

describe('planDocumentation', () => {
  const base = { routes, tours, vehicles, period: 'year' as const };

  it('records chosen routes, routes of chosen tours and routes at chosen places, once each', () => {
    const result = planDocumentation({
      ...base,
      selection: { routes: [1, 3], tours: [9], vehicles: [4, 77], places: ['HU'] },
      acquiredAt: '2025-06-01',
    });
    expect(result).toEqual({
      ok: true,
      plan: {
        acquiredAt: '2025-06-01',
        acquiredUntil: '2026-05-31',
        acquiredRoutes: ['/api/routes/1', '/api/routes/2', '/api/routes/3'],
        acquiredVehicles: ['/api/vehicles/4'],
      },
    });
  });

  it('carries way and time, and a direction only for a drive of one route', () => {
    const manner = { way: 'escorted' as const, time: '21:40', direction: 'reverse' as const };
    const one = planDocumentation({ ...base, selection: { ...empty, routes: [1] }, acquiredAt: '2025-06-01', manner });
    expect(one.ok && one.plan).toMatchObject({ way: 'escorted', time: '21:40', direction: 'reverse' });
    const tour = planDocumentation({ ...base, selection: { ...empty, tours: [9] }, acquiredAt: '2025-06-01', manner });
    expect(tour.ok && tour.plan).toMatchObject({ way: 'escorted', time: '21:40', direction: null });
    const noTime = planDocumentation({
      ...base,
      selection: { ...empty, routes: [1] },
      acquiredAt: '2025-06-01',
      manner: { way: 'simulator', time: '' },
    });
    expect(noTime.ok && noTime.plan).toMatchObject({ way: 'simulator', time: null, direction: null });
  });

  it('is valid 182 days for a half year', () => {
    const result = planDocumentation({
      ...base,
      period: 'half-year',
      selection: { ...empty, places: ['AL'] },
      acquiredAt: '2025-01-01',
    });
    expect(result.ok && result.plan).toMatchObject({ acquiredUntil: '2025-07-02', acquiredRoutes: ['/api/routes/3'] });
  });

  it('by the rule sends no end date: the server applies the rule', () => {
    const result = planDocumentation({
      ...base,
      period: 'rule',
      selection: { ...empty, routes: [1] },
      acquiredAt: '2025-01-01',
    });
    expect(result).toEqual({
      ok: true,
      plan: { acquiredAt: '2025-01-01', acquiredRoutes: ['/api/routes/1'], acquiredVehicles: [] },
    });
  });

  it('shows the end date by the rule: the account default, a route’s own rule, and the shortest when the rules differ', () => {
    const ruled = routes.map((route) => (route.id === 2 ? { ...route, validityDays: 90 } : route));
    const preview = (ids: number[], accountDays: number | null) =>
      expectedValidUntil(
        { acquiredAt: '2025-01-01', period: 'rule' },
        ruled.filter((route) => ids.includes(route.id)),
        accountDays,
        '2025-06-10',
      );
    expect(preview([1], 182)).toBe('2025-07-02');
    expect(preview([1], null)).toBe('2025-12-31');
    expect(preview([2], 182)).toBe('2025-04-01');
    expect(preview([1, 2], 364)).toBe('2025-04-01');
    expect(driveDays('half-year', ruled, 30)).toBe(182);
    expect(expectedValidUntil({ acquiredAt: '', period: 'rule' }, ruled, 364, '2025-06-10')).toBeNull();
    expect(expectedValidUntil({ acquiredAt: '2025-06-11', period: 'year' }, ruled, 364, '2025-06-10')).toBeNull();
  });

  it('needs at least one route', () => {
    expect(planDocumentation({ ...base, selection: { ...empty, vehicles: [4] }, acquiredAt: '2025-06-01' })).toEqual({
      ok: false,
      message: 'Wählen Sie mindestens eine Strecke, eine Tour oder einen Ort aus.',
    });
  });
});

describe('validityHelpText', () => {
  it("states the account's rule when it is known, never a fixed year", () => {
    expect(validityHelpText(182)).toContain('so lange, wie Ihre Gültigkeitsregel es vorsieht: ½ Jahr (182 Tage).');
    expect(validityHelpText(90)).toContain('Gültigkeitsregel es vorsieht: 90 Tage.');
    expect(validityHelpText(90)).not.toMatch(/für ein Jahr/);
  });

  it('words it neutrally while the rule is unknown', () => {
    expect(validityHelpText(null)).toContain(
      'Die Streckenkunde gilt ab dem Tag der Fahrt für die Dauer Ihrer Gültigkeitsregel.',
    );
  });
});

describe('filterRoutes', () => {
  const routes = [
    {
      name: 'Frankfurt – Mannheim',
      path: {
        sections: [
          { line: 3520, fromKm: 0, toKm: 3 },
          { line: 4010, fromKm: 1, toKm: 60 },
        ],
      },
    },
    { name: 'Darmstadt – Heidelberg', path: { sections: [{ line: 3601, fromKm: 0, toKm: 50 }] } },
    { name: 'Strecke 4010 (ohne Weg)' },
    { name: 'Hamm – Unna' },
  ];

  it('finds every route covering part of a line by "4010" or "Strecke 4010", and names that say so', () => {
    expect(filterRoutes(routes, '4010').map((r) => r.name)).toEqual([
      'Frankfurt – Mannheim',
      'Strecke 4010 (ohne Weg)',
    ]);
    expect(filterRoutes(routes, 'Strecke 4010').map((r) => r.name)).toEqual([
      'Frankfurt – Mannheim',
      'Strecke 4010 (ohne Weg)',
    ]);
  });

  it('searches names as before otherwise', () => {
    expect(filterRoutes(routes, 'unna').map((r) => r.name)).toEqual(['Hamm – Unna']);
    expect(filterRoutes(routes, '')).toHaveLength(4);
  });
});
