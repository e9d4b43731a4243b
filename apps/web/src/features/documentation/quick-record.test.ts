import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import { describe, expect, it } from 'vitest';
import { quickChoices } from './quick-record';

const route = (id: number, name: string): Route =>
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
});

describe('quickChoices', () => {
  const routes = [route(1, 'Celle – Uelzen'), route(2, 'Uelzen – Lüneburg'), route(3, 'Lüneburg – Hamburg')];

  it('puts the most recently driven routes first and leaves out routes never driven', () => {
    const choices = quickChoices({
      tours: [],
      routes,
      activities: [activity(1, '2026-10-01', [1]), activity(2, '2026-11-20', [3]), activity(3, '2026-09-01', [1])],
    });
    expect(choices.routes.map((r) => r.id)).toEqual([3, 1]);
  });

  it('orders tours by the last drive of any of their routes, then by name', () => {
    const tours = [tour(1, 'Nord', [2, 3]), tour(2, 'Heide', [1, 2]), tour(3, 'Ahnungslos', [])];
    const choices = quickChoices({ tours, routes, activities: [activity(1, '2026-11-01', [1])] });
    expect(choices.tours.map((t) => t.name)).toEqual(['Heide', 'Ahnungslos', 'Nord']);
  });

  it('offers at most `limit` routes', () => {
    const many = Array.from({ length: 10 }, (_, i) => route(i + 1, `Strecke ${i + 1}`));
    const choices = quickChoices(
      {
        tours: [],
        routes: many,
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
