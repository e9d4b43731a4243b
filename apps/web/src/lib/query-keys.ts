/** Every query key, defined once. Prefixes matter: invalidating `routes.all` also refreshes the expiring list. */
export const queryKeys = {
  currentUser: ['users', 'current'] as const,
  routes: {
    all: ['routes'] as const,
    list: () => ['routes', 'list'] as const,
    detail: (id: number) => ['routes', 'detail', id] as const,
    expiring: () => ['routes', 'expiring'] as const,
  },
  tours: {
    all: ['tours'] as const,
    list: () => ['tours', 'list'] as const,
    detail: (id: number) => ['tours', 'detail', id] as const,
  },
  vehicles: {
    all: ['vehicles'] as const,
    list: () => ['vehicles', 'list'] as const,
    detail: (id: number) => ['vehicles', 'detail', id] as const,
  },
  routeActivities: {
    all: ['route-activities'] as const,
    list: () => ['route-activities', 'list'] as const,
    detail: (id: number) => ['route-activities', 'detail', id] as const,
  },
  vehicleActivities: {
    all: ['vehicle-activities'] as const,
    list: () => ['vehicle-activities', 'list'] as const,
    detail: (id: number) => ['vehicle-activities', 'detail', id] as const,
  },
  /** The station list (db-stations): the same for every user, kept offline, not a record. */
  stations: ['stations', 'all'] as const,
  shareLinks: ['share-links'] as const,
  changelog: ['version', 'changelog'] as const,
  reportSettings: ['settings', 'report'] as const,
  notifications: {
    settings: ['notifications', 'settings'] as const,
    pushSubscriptions: ['notifications', 'push-subscriptions'] as const,
  },
};

/**
 * What a change to the master data can affect: lists and details of all records, because a route
 * belongs to tours and activities, and the expiring overview.
 */
export const recordKeys = [
  queryKeys.routes.all,
  queryKeys.tours.all,
  queryKeys.vehicles.all,
  queryKeys.routeActivities.all,
  queryKeys.vehicleActivities.all,
];
