import { QueryClient } from '@tanstack/react-query';
import type { ExpiringRoute, Route } from '@streckenpass/contract/routes';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { writeSavedDocumentation } from './apply-saved-documentation';

const entry = (id: number, until: string | null, days: number | null): ExpiringRoute => ({
  id,
  name: `Strecke ${id}`,
  companyRoute: null,
  startPoint: 'A',
  endPoint: 'B',
  acquired_until: until,
  acquired_until_days: days,
});
const activity = {
  id: 5,
  acquiredAt: '2026-11-23',
  acquiredUntil: '2027-11-22',
  owner: '/api/users/1',
  acquiredRoutes: ['/api/routes/1', '/api/routes/3'],
  vehicleActivities: [],
  recordedAt: '2026-11-23T17:05:00.000Z',
  imported: false,
  way: 'driven' as const,
  time: null,
  direction: null,
  dark: null,
};
const route = (id: number): Route => ({
  id,
  name: `Strecke ${id}`,
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
});

describe('a saved documentation in the stored views', () => {
  it('writes the saved drive into the cached lists but keeps their "Stand vom"', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.routeActivities.list(), [], { updatedAt: 2000 });
    writeSavedDocumentation(client, { activity, vehicleActivity: null });
    expect(client.getQueryData(queryKeys.routeActivities.list())).toEqual([activity]);
    expect(client.getQueryState(queryKeys.routeActivities.list())?.dataUpdatedAt).toBe(2000);
    expect(client.getQueryData(queryKeys.routeActivities.detail(5))).toEqual(activity);
  });

  it('leaves the routes’ validity to the server: the expiring list and the routes stay as the server sent them', () => {
    const client = new QueryClient();
    const expiring = [entry(1, '2027-01-26', 64)];
    client.setQueryData(queryKeys.routes.expiring(), expiring, { updatedAt: 1000 });
    client.setQueryData(queryKeys.routes.list(), [route(1), route(2)], { updatedAt: 1000 });
    client.setQueryData(queryKeys.routes.detail(1), route(1));
    writeSavedDocumentation(client, { activity, vehicleActivity: null });
    expect(client.getQueryData(queryKeys.routes.expiring())).toEqual(expiring);
    expect(client.getQueryData(queryKeys.routes.list())).toEqual([route(1), route(2)]);
    expect(client.getQueryData(queryKeys.routes.detail(1))).toEqual(route(1));
  });
});
