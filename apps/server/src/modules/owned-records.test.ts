import { createRoute, createTour, createVehicle, routeIri, vehicleIri } from '../test/fixtures.js';
import { describeOwnedRecordKind } from '../test/owned-record-suite.js';
import type { App } from '../app.js';
import type { TestUser } from '../test/helpers.js';

/**
 * Every owned-record kind through the one shared suite (success, 400/422, 401, 403, 404, isolation); each kind's own
 * test file keeps only what is particular to it.
 */
const post = async (app: App, user: TestUser, url: string, payload: unknown) => {
  const response = await app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number };
};
const routeActivity = async (app: App, user: TestUser) => {
  const route = await createRoute(app, user);
  return post(app, user, '/api/route_activities', { acquiredAt: '2026-01-15', acquiredRoutes: [routeIri(route.id)] });
};

describeOwnedRecordKind({
  path: '/api/routes',
  what: 'Strecke',
  create: async (app, user) => {
    const route = await createRoute(app, user, { name: 'Geheime Strecke' });
    return { id: route.id, text: 'Geheime Strecke' };
  },
  body: async () => ({ name: 'Würzburg – Fürth', startPoint: 'NWH', endPoint: 'NF' }),
  patch: { name: 'Umbenannt' },
  invalid: { 400: [{ farbe: 'rot' }, { name: 1 }], 422: [{ name: ' ' }, { name: 'x'.repeat(256) }] },
});

describeOwnedRecordKind({
  path: '/api/tours',
  what: 'Tour',
  create: async (app, user) => {
    const routes = [await createRoute(app, user), await createRoute(app, user)];
    const tour = await createTour(
      app,
      user,
      routes.map((route) => routeIri(route.id)),
      'Geheime Tour',
    );
    return { id: tour.id, text: 'Geheime Tour' };
  },
  body: async (app, user) => ({
    name: 'Maintal',
    routes: [routeIri((await createRoute(app, user)).id), routeIri((await createRoute(app, user)).id)],
  }),
  patch: { name: 'Umbenannt' },
  invalid: { 400: [{ farbe: 'rot' }, { name: 1 }], 422: [{ name: ' ' }, { routes: [] }] },
});

describeOwnedRecordKind({
  path: '/api/vehicles',
  what: 'Fahrzeug',
  create: async (app, user) => {
    const vehicle = await createVehicle(app, user, 'Geheime Lok');
    return { id: vehicle.id, text: 'Geheime Lok' };
  },
  body: async () => ({ name: 'BR 218' }),
  patch: { name: 'BR 219' },
  invalid: { 400: [{ typ: 'Lok' }, { name: 1 }, { name: null }], 422: [{ name: ' ' }] },
});

describeOwnedRecordKind({
  path: '/api/route_activities',
  what: 'Streckenaktivität',
  create: async (app, user) => {
    const activity = await routeActivity(app, user);
    return { id: activity.id, text: '2026-01-15' };
  },
  body: async (app, user) => ({
    acquiredAt: '2026-01-10',
    acquiredRoutes: [routeIri((await createRoute(app, user)).id)],
  }),
  patch: { acquiredUntil: '2027-01-01' },
  invalid: {
    400: [{ wetter: 'gut' }, { acquiredAt: 20260101 }],
    422: [{ acquiredAt: '2026-02-31' }, { acquiredRoutes: [] }],
  },
});

describeOwnedRecordKind({
  path: '/api/vehicle_activities',
  what: 'Fahrzeugaktivität',
  create: async (app, user) => {
    const vehicle = await createVehicle(app, user, 'Geheimes Fahrzeug');
    const activity = await routeActivity(app, user);
    const entry = await post(app, user, '/api/vehicle_activities', {
      routeActivity: `/api/route_activities/${activity.id}`,
      acquiredVehicles: [vehicleIri(vehicle.id)],
    });
    return { id: entry.id, text: `/api/vehicles/${vehicle.id}` };
  },
  body: async (app, user) => ({
    routeActivity: `/api/route_activities/${(await routeActivity(app, user)).id}`,
    acquiredVehicles: [vehicleIri((await createVehicle(app, user)).id)],
  }),
  // An empty merge patch changes nothing and is answered like any other (the vehicles are per user).
  patch: {},
  invalid: { 400: [{ farbe: 'rot' }, { acquiredVehicles: 'BR 218' }], 422: [{ acquiredVehicles: [] }] },
});
