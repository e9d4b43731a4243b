/** Every client route, defined once (seed section 2). */
export const paths = {
  home: '/',
  about: '/about',
  legal: '/legal',
  donate: '/donate',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  documentation: '/documentation',
  map: '/map',
  routeNew: '/route/new',
  route: (id: number | string) => `/route/${id}`,
  routeEdit: (id: number | string) => `/route/edit/${id}`,
  tourNew: '/tour/new',
  tour: (id: number | string) => `/tour/${id}`,
  tourEdit: (id: number | string) => `/tour/edit/${id}`,
  vehicleNew: '/vehicle/new',
  vehicle: (id: number | string) => `/vehicle/${id}`,
  vehicleEdit: (id: number | string) => `/vehicle/edit/${id}`,
  account: '/account',
  accountSettings: '/account/settings',
  accountChangePassword: '/account/change-password',
  accountNotifications: '/account/notifications',
  accountData: '/account/data',
  routeActivities: '/route-activity',
  routeActivity: (id: number | string) => `/route-activity/${id}`,
  userDocumentation: 'https://github.com/Streckenkunde/Anwenderdokumentation',
} as const;

/** Path prefixes under which the "Dokumentation" navigation entry is active. */
export const documentationSection = ['/documentation', '/route', '/tour', '/vehicle'];
/** Path prefix under which the "Konto" navigation entry is active. */
export const accountSection = ['/account'];

export function isInSection(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
}
