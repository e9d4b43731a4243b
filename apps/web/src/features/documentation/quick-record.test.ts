import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import { describe, expect, it } from 'vitest';
import { quickChoices } from './quick-record';

const today = '2026-11-25';
/** A route; `validUntil` absent = never driven. */
const route = (id: number, name: string, validUntil?: string): Route =>
  ({
    id,
    name,
    companyRoute: null,
    startPoint: 'A',
    endPoint: 'B',
    startStation: null,
    endStation: null,
    tours: [],
    owner: '/api/users/1',
    validityDays: null,
    keepingWays: null,
    firstAcquisition: null,
    acquiredOn: null,
    ...(validUntil ? { validUntil } : {}),
  }) as Route;
const tour = (id: number, name: string, routeIds: number[]): Tour =>
  ({ id, name, owner: '/api/users/1', routes: routeIds.map((r) => `/api/routes/${r}`) }) as Tour;
const activity = (id: number, acquiredAt: string, routeIds: number[]): RouteActivity => ({
  id,
  acquiredAt,
  acquiredUntil: acquiredAt,
  owner: '/api/users/1',
  acquiredRoutes: routeIds.map((r) => `/api/routes/${r}`),
  vehicleActivities: [],
  recordedAt: null,
  imported: false,
  way: 'driven',
  time: null,
  direction: null,
  dark: null,
});

describe('quickChoices', () => {
  const routes = [
    route(1, 'Celle – Uelzen', '2027-09-30'),
    route(2, 'Uelzen – Lüneburg', '2027-06-01'),
    route(3, 'Lüneburg – Hamburg', '2027-11-19'),
  ];

  it('puts the most recently driven routes first among the valid ones', () => {
    const choices = quickChoices({
      tours: [],
      routes,
      today,
      activities: [activity(1, '2026-10-01', [1]), activity(2, '2026-11-20', [3]), activity(3, '2026-09-01', [1])],
    });
    expect(choices.routes.map((r) => r.id)).toEqual([3, 1]);
    expect(choices.due).toEqual([]);
  });

  it('offers first what most needs recording: expired (longest first), expiring (soonest first), never driven', () => {
    const mixed = [
      route(1, 'Gültig', '2027-06-01'),
      route(2, 'Nie gefahren B'),
      route(3, 'Läuft in 20 Tagen ab', '2026-12-15'),
      route(4, 'Seit gestern abgelaufen', '2026-11-24'),
      route(5, 'Nie gefahren A'),
      route(6, 'Seit einem Jahr abgelaufen', '2025-11-20'),
      route(7, 'Läuft heute ab', '2026-11-25'),
    ];
    const choices = quickChoices({
      tours: [],
      routes: mixed,
      today,
      activities: [activity(1, '2026-11-01', [1, 3, 4, 6, 7])],
    });
    expect(choices.due.map((r) => r.id)).toEqual([6, 4, 7, 3, 5, 2]);
    expect(choices.dueCount).toBe(6);
    // A due route is not offered twice.
    expect(choices.routes.map((r) => r.id)).toEqual([1]);
  });

  it('offers at most `dueLimit` due routes and counts the rest', () => {
    const many = Array.from({ length: 9 }, (_, i) => route(i + 1, `Neu ${i + 1}`));
    const choices = quickChoices({ tours: [], routes: many, today, activities: [] }, 6, 4);
    expect(choices.due).toHaveLength(4);
    expect(choices.dueCount).toBe(9);
  });

  it('orders tours by the last drive of any of their routes, then by name', () => {
    const tours = [tour(1, 'Nord', [2, 3]), tour(2, 'Heide', [1, 2]), tour(3, 'Ahnungslos', [])];
    const choices = quickChoices({ tours, routes, today, activities: [activity(1, '2026-11-01', [1])] });
    expect(choices.tours.map((t) => t.name)).toEqual(['Heide', 'Ahnungslos', 'Nord']);
  });

  it('offers at most `limit` recent routes', () => {
    const many = Array.from({ length: 10 }, (_, i) => route(i + 1, `Strecke ${i + 1}`, '2027-11-01'));
    const choices = quickChoices(
      {
        tours: [],
        routes: many,
        today,
        activities: [
          activity(
            1,
            '2026-11-01',
            many.map((r) => r.id),
          ),
        ],
      },
      4,
    );
    expect(choices.routes).toHaveLength(4);
  });
});
