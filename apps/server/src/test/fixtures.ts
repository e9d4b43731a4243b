import type { LightMyRequestResponse } from 'fastify';
import type { Route } from '@streckenpass/contract/routes';
import type { RoutePathInput } from '@streckenpass/contract/route-paths';
import type { Tour } from '@streckenpass/contract/tours';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import type { App } from '../app.js';
import type { TestUser } from './helpers.js';

/** Seeds records through the API, as a client would, failing loudly when the API refuses. */

function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
}

let seq = 0;
const nextName = (prefix: string) => `${prefix} ${++seq}`;

export async function createRoute(
  app: App,
  user: TestUser,
  input: Partial<{
    name: string;
    companyRoute: string | null;
    startPoint: string;
    endPoint: string;
    tours: string[];
    validityDays: number | null;
    startStation: string | null;
    endStation: string | null;
    path: RoutePathInput | null;
  }> = {},
): Promise<Route> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/routes',
    headers: user.headers,
    payload: { name: nextName('Strecke'), startPoint: 'HU', endPoint: 'FF', ...input },
  });
  expectStatus(response, 201, 'create route');
  return response.json();
}

export async function createTour(app: App, user: TestUser, routes: string[], name = nextName('Tour')): Promise<Tour> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/tours',
    headers: user.headers,
    payload: { name, routes },
  });
  expectStatus(response, 201, 'create tour');
  return response.json();
}

export async function createVehicle(app: App, user: TestUser, name = nextName('Fahrzeug')): Promise<Vehicle> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/vehicles',
    headers: user.headers,
    payload: { name },
  });
  expectStatus(response, 201, 'create vehicle');
  return response.json();
}

export const routeIri = (id: number) => `/api/routes/${id}`;
export const tourIri = (id: number) => `/api/tours/${id}`;
export const vehicleIri = (id: number) => `/api/vehicles/${id}`;
