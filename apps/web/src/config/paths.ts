import { RECORD_KINDS, recordKindNames, type RecordKindDeclaration } from '@streckenpass/contract/record-kinds';

/**
 * A record's page: the link to one record (`paths.route(7)` → `/route/7`) and, as `.pattern`, the path the router
 * matches (`/route/:id`).
 */
function recordPath<const Prefix extends string>(prefix: Prefix) {
  const href = (id: number | string) => `${prefix}/${id}` as const;
  return Object.assign(href, { pattern: `${prefix}/:id` as const });
}

/**
 * The pages of a declared kind with pages of its own (contract `record-kinds.ts`, `page: '/vehicle'`): the new page
 * (`/vehicle/new`), the view (`/vehicle/7`) and the edit page (`/vehicle/edit/7`).
 */
export function recordPagePaths<const Prefix extends `/${string}`>(kind: { page: Prefix }) {
  return { new: `${kind.page}/new` as const, view: recordPath(kind.page), edit: recordPath(`${kind.page}/edit`) };
}

const routePages = recordPagePaths(RECORD_KINDS.routes);
const tourPages = recordPagePaths(RECORD_KINDS.tours);
const vehiclePages = recordPagePaths(RECORD_KINDS.vehicles);

/** Every client route, defined once (seed section 2); `app/router.tsx` matches these paths. */
export const paths = {
  home: '/',
  about: '/about',
  legal: '/legal',
  donate: '/donate',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  /** Where a login leads: the Betrieb's page for its staff, the dashboard otherwise (app/routes/landing.tsx). */
  landing: '/start',
  documentation: '/documentation',
  map: '/map',
  routeNew: routePages.new,
  route: routePages.view,
  routeEdit: routePages.edit,
  tourNew: tourPages.new,
  tour: tourPages.view,
  tourEdit: tourPages.edit,
  vehicleNew: vehiclePages.new,
  vehicle: vehiclePages.view,
  vehicleEdit: vehiclePages.edit,
  account: '/account',
  accountSettings: '/account/settings',
  accountChangePassword: '/account/change-password',
  accountValidity: '/account/validity',
  accountNotifications: '/account/notifications',
  accountData: '/account/data',
  accountBetriebe: '/account/betriebe',
  betrieb: recordPath('/betrieb'),
  /** The Betrieb's matrix of drivers × requirements (admins and Disponenten). */
  betriebMatrix: recordPath('/betrieb/matrix'),
  /** "Wer kann fahren?" of a Betrieb (admins and Disponenten). */
  betriebWhoCanDrive: recordPath('/betrieb/wer-kann-fahren'),
  /** One driver of a Betrieb (admins and Disponenten): what the consent shares; `id` is the membership's. */
  betriebDriver: Object.assign(
    (betriebId: number, membershipId: number) => `/betrieb/${betriebId}/fahrer/${membershipId}` as const,
    { pattern: '/betrieb/:betriebId/fahrer/:id' as const },
  ),
  /** An invitation's page (`/beitreten/{token or code}`, the contract's INVITATION_PAGE_PREFIX): open without an account. */
  join: Object.assign((token: string) => `/beitreten/${encodeURIComponent(token)}`, {
    pattern: '/beitreten/:token' as const,
  }),
  routeActivities: '/route-activity',
  routeActivity: recordPath('/route-activity'),
  userDocumentation: 'https://github.com/Streckenkunde/Anwenderdokumentation',
} as const;

/** Path prefixes under which the "Dokumentation" navigation entry is active: the page and every kind's pages. */
export const documentationSection = [
  '/documentation',
  ...recordKindNames.flatMap((kind) => {
    const { page } = RECORD_KINDS[kind] as RecordKindDeclaration;
    return page ? [page] : [];
  }),
];
/** The transfer document's part of "Meine Daten" (`/account/data#arbeitgeberwechsel`), linked from the account page. */
export const TRANSFER_SECTION = 'arbeitgeberwechsel';

/** A Betrieb's pages: in the navigation's "Betrieb" for its staff, in "Konto" for a driver. */
export const betriebSection = '/betrieb/';
/** Path prefixes under which the "Konto" navigation entry is active. */
export const accountSection = ['/account', betriebSection];

export function isInSection(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
}
