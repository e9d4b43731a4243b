import { QueryClient } from '@tanstack/react-query';
import type { ExpiringRoute, Route } from '@streckenpass/contract/routes';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { withActivity, withDrive, writeSavedDocumentation } from './apply-saved-documentation';

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
};

describe('a saved documentation in the stored views', () => {
  it('renews the saved routes in the expiring list and leaves the others alone', () => {
    const entries = [entry(1, '2027-01-26', 64), entry(2, '2027-01-26', 64), entry(3, null, null)];
    expect(withActivity(entries, activity, '2026-11-23')).toEqual([
      entry(1, '2027-11-22', 364),
      entry(2, '2027-01-26', 64),
      entry(3, '2027-11-22', 364),
    ]);
  });

  it('never shortens a validity that already reaches further', () => {
    const [renewed] = withActivity([entry(1, '2028-01-01', 404)], activity, '2026-11-23');
    expect(renewed?.acquired_until).toBe('2028-01-01');
  });

  it('writes into the cached lists but keeps their "Stand vom"', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.routes.expiring(), [entry(1, '2027-01-26', 64)], { updatedAt: 1000 });
    client.setQueryData(queryKeys.routeActivities.list(), [], { updatedAt: 2000 });
    writeSavedDocumentation(client, { activity, vehicleActivity: null }, '2026-11-23');
    expect(client.getQueryData<ExpiringRoute[]>(queryKeys.routes.expiring())?.[0]?.acquired_until_days).toBe(364);
    expect(client.getQueryState(queryKeys.routes.expiring())?.dataUpdatedAt).toBe(1000);
    expect(client.getQueryData(queryKeys.routeActivities.list())).toEqual([activity]);
    expect(client.getQueryState(queryKeys.routeActivities.list())?.dataUpdatedAt).toBe(2000);
    expect(client.getQueryData(queryKeys.routeActivities.detail(5))).toEqual(activity);
  });

  const route = (id: number, dates: Partial<Pick<Route, 'lastDriven' | 'validUntil'>> = {}): Route => ({
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
    ...dates,
  });

  it('gives the driven routes their new validity and day, keeps a later one, leaves the others alone', () => {
    expect(withDrive(route(1), activity)).toEqual(route(1, { lastDriven: '2026-11-23', validUntil: '2027-11-22' }));
    expect(withDrive(route(3, { lastDriven: '2026-12-01', validUntil: '2028-01-01' }), activity)).toEqual(
      route(3, { lastDriven: '2026-12-01', validUntil: '2028-01-01' }),
    );
    expect(withDrive(route(2), activity)).toEqual(route(2));
  });

  it('writes the drive into the cached routes and route details', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.routes.list(), [route(1), route(2)], { updatedAt: 1000 });
    client.setQueryData(queryKeys.routes.detail(1), route(1));
    writeSavedDocumentation(client, { activity, vehicleActivity: null }, '2026-11-23');
    expect(client.getQueryData<Route[]>(queryKeys.routes.list())).toEqual([
      route(1, { lastDriven: '2026-11-23', validUntil: '2027-11-22' }),
      route(2),
    ]);
    expect(client.getQueryState(queryKeys.routes.list())?.dataUpdatedAt).toBe(1000);
    expect(client.getQueryData<Route>(queryKeys.routes.detail(1))?.validUntil).toBe('2027-11-22');
    expect(client.getQueryData(queryKeys.routes.detail(3))).toBeUndefined();
  });
});
