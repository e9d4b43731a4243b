import { expect, type APIRequestContext } from '@playwright/test';
import { apiAs, registerViaApi, type SeededUser } from './fixtures';

/** Today in the app's time zone (Europe/Berlin), YYYY-MM-DD. */
export function today(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
}

/** Today ± `days` in Berlin, YYYY-MM-DD. */
export function dayOffset(days: number): string {
  const date = new Date(`${today()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface Created {
  id: number;
  name: string;
}

/** A registered user and short calls that create their records through the API (each call must succeed). */
export interface Seeder {
  user: SeededUser;
  post<T = { id: number }>(url: string, data: unknown): Promise<T>;
  route(name: string, fields?: { startPoint?: string; endPoint?: string; companyRoute?: string }): Promise<Created>;
  tour(name: string, routes: readonly { id: number }[]): Promise<Created>;
  vehicle(name: string): Promise<Created>;
  /** A drive of `routes`, `daysAgo` days before today, optionally with vehicles. */
  drive(
    routes: readonly { id: number }[],
    daysAgo: number,
    vehicles?: readonly { id: number }[],
  ): Promise<{ id: number }>;
  /** A read-only link for a supervisor (the whole proof): its path, `/nachweis/{token}`. */
  shareLink(): Promise<string>;
}

/** Registers a user (see `registerViaApi`) and returns the seeding calls for their account. */
export async function seedAccount(
  request: APIRequestContext,
  names?: { firstname: string; lastname: string },
): Promise<Seeder> {
  const user = await registerViaApi(request, names);
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await apiAs(request, user.token, 'post', url, data);
    expect(response.ok(), `POST ${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const iris = (collection: string, records: readonly { id: number }[]) =>
    records.map((record) => `/api/${collection}/${record.id}`);
  return {
    user,
    post: (url, data) => post(url, data),
    route: (name, fields) => post<Created>('/api/routes', { name, startPoint: 'Nord', endPoint: 'Süd', ...fields }),
    tour: (name, routes) => post<Created>('/api/tours', { name, routes: iris('routes', routes) }),
    vehicle: (name) => post<Created>('/api/vehicles', { name }),
    drive: async (routes, daysAgo, vehicles = []) => {
      const drive = await post<{ id: number }>('/api/route_activities', {
        acquiredAt: dayOffset(-daysAgo),
        acquiredRoutes: iris('routes', routes),
      });
      if (vehicles.length > 0) {
        await post('/api/vehicle_activities', {
          acquiredVehicles: iris('vehicles', vehicles),
          routeActivity: `/api/route_activities/${drive.id}`,
        });
      }
      return drive;
    },
    shareLink: async () => new URL((await post<{ url: string }>('/api/share_links', {})).url).pathname,
  };
}
