import { expect } from 'vitest';
import type { App } from '../app.js';
import { createRoute, createTour, createVehicle, routeIri, vehicleIri } from './fixtures.js';
import type { TestUser } from './helpers.js';

/** Everything of a user as the API shows it, without ids (which differ between accounts). */
export async function recordsOf(app: App, user: TestUser) {
  const get = async <T>(url: string) => (await app.inject({ method: 'GET', url, headers: user.headers })).json() as T;
  const routes = await get<
    {
      id: number;
      name: string;
      companyRoute: string | null;
      startPoint: string;
      endPoint: string;
      validityDays: number | null;
      startStation: { code: string } | null;
      endStation: { code: string } | null;
    }[]
  >('/api/routes');
  const routeName = new Map(routes.map((r) => [`/api/routes/${r.id}`, r.name]));
  const tours = await get<{ name: string; routes: string[] }[]>('/api/tours');
  const vehicles = await get<{ id: number; name: string; validityDays: number | null }[]>('/api/vehicles');
  const vehicleName = new Map(vehicles.map((v) => [`/api/vehicles/${v.id}`, v.name]));
  const activities =
    await get<
      { id: number; acquiredAt: string; acquiredUntil: string; acquiredRoutes: string[]; vehicleActivities: string[] }[]
    >('/api/route_activities');
  const vehicleActivities =
    await get<{ id: number; acquiredVehicles: string[]; routeActivity: string }[]>('/api/vehicle_activities');
  const activityKey = new Map(
    activities.map((a) => [
      `/api/route_activities/${a.id}`,
      `${a.acquiredAt}/${a.acquiredUntil}/${a.acquiredRoutes
        .map((r) => routeName.get(r))
        .sort()
        .join('+')}`,
    ]),
  );
  const expiring = await get<{ name: string; acquired_until: string | null }[]>('/api/routes/expiring');
  const me = await get<{ receive_weekly_reports: boolean; bcc_mail_weekly_reports: boolean }>('/api/users/current');
  const {
    calendarFeed: _feed,
    timezone: _zone,
    ...settings
  } = await get<Record<string, unknown>>('/api/notifications/settings');
  return {
    routes: routes.map(({ name, companyRoute, startPoint, endPoint, validityDays, startStation, endStation }) => ({
      name,
      companyRoute,
      startPoint,
      endPoint,
      validityDays,
      startStation: startStation?.code ?? null,
      endStation: endStation?.code ?? null,
    })),
    tours: tours.map((t) => ({ name: t.name, routes: t.routes.map((r) => routeName.get(r)).sort() })),
    vehicles: vehicles.map((v) => `${v.name}=${v.validityDays ?? 'Konto'}`),
    activities: [...activityKey.values()].sort(),
    vehicleActivities: vehicleActivities
      .map(
        (va) =>
          `${activityKey.get(va.routeActivity)}:${va.acquiredVehicles
            .map((v) => vehicleName.get(v))
            .sort()
            .join('+')}`,
      )
      .sort(),
    validity: expiring.map((e) => `${e.name}=${e.acquired_until}`).sort(),
    preferences: [me.receive_weekly_reports, me.bcc_mail_weekly_reports],
    /** Validity rules and reminder settings (not the calendar feed: it is not part of a backup). */
    settings,
  };
}

/**
 * A few records of every kind for `user`: routes linked to DS100 stations and with a rule of their own, a vehicle
 * with its own rule, and account settings (weekly report, rules, reminders) that differ from the defaults.
 */
export async function seedAccount(app: App, user: TestUser) {
  const r1 = await createRoute(app, user, {
    name: 'Würzburg – Fürth',
    companyRoute: 'K1',
    startPoint: 'NWH',
    endPoint: 'NF',
    startStation: 'NWH',
    endStation: 'NF',
  });
  const r2 = await createRoute(app, user, {
    name: 'Gemünden – Lohr',
    startPoint: 'NGM',
    endPoint: 'NLR',
    startStation: 'NGM',
    validityDays: 90,
  });
  const r3 = await createRoute(app, user, { name: '=Formel?', startPoint: 'A', endPoint: 'B' });
  await createTour(app, user, [routeIri(r1.id), routeIri(r2.id)], 'Maintal');
  const v1 = await createVehicle(app, user, 'BR 218');
  const rule = await app.inject({
    method: 'PATCH',
    url: `/api/vehicles/${v1.id}`,
    headers: { ...user.headers, 'content-type': 'application/merge-patch+json' },
    payload: { validityDays: 30 },
  });
  expect(rule.statusCode).toBe(200);
  await createVehicle(app, user, 'ET 425');
  const activity = await app.inject({
    method: 'POST',
    url: '/api/route_activities',
    headers: user.headers,
    payload: { acquiredAt: '2026-03-01', acquiredRoutes: [routeIri(r1.id), routeIri(r3.id)] },
  });
  expect(activity.statusCode).toBe(201);
  const second = await app.inject({
    method: 'POST',
    url: '/api/route_activities',
    headers: user.headers,
    payload: { acquiredAt: '2026-05-02', acquiredUntil: '2026-11-01', acquiredRoutes: [routeIri(r2.id)] },
  });
  expect(second.statusCode).toBe(201);
  const va = await app.inject({
    method: 'POST',
    url: '/api/vehicle_activities',
    headers: user.headers,
    payload: { acquiredVehicles: [vehicleIri(v1.id)], routeActivity: `/api/route_activities/${activity.json().id}` },
  });
  expect(va.statusCode).toBe(201);
  const prefs = await app.inject({
    method: 'POST',
    url: '/api/users/update-preferences',
    headers: user.headers,
    payload: { receive_weekly_reports: false, bcc_mail_weekly_reports: true },
  });
  expect(prefs.statusCode).toBe(200);
  const settings = await app.inject({
    method: 'PATCH',
    url: '/api/notifications/settings',
    headers: { ...user.headers, 'content-type': 'application/merge-patch+json' },
    payload: { validityDays: 182, vehicleValidityDays: 60, reminderThresholds: [14, 1], reminderMail: false },
  });
  expect(settings.statusCode).toBe(200);
}
