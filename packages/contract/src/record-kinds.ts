import { LIMITS } from './limits.js';
import { TERMS, type RecordNoun } from './terms.js';

/**
 * The kinds of owned record, each declared once (issue 39, docs/decisions/0056-record-kinds-declared-once.md): every
 * per-kind list of the contract, the server and the web is derived from these declarations. No zod here, so that pages
 * import it freely; a kind's schemas live in its own contract file (`vehicles.ts`: `vehicleSchemas`), and its backup
 * record's schema in `backup.ts`, under the section name declared here.
 */
export interface RecordKindDeclaration<Name extends string = string> {
  /** The IRI kind and the API path: `/api/<name>/{id}`; the `kind` of its history entries. */
  name: Name;
  /** API summaries, messages ("Fahrzeug nicht gefunden."), OpenAPI tag, page titles and cards. */
  noun: RecordNoun;
  /** How many records one account may hold, and what the refusal calls them ("… höchstens 1.000 Fahrzeuge …"). */
  quota: { limit: number; label: string };
  /** How the transfer document's history names one and many of them ("Fahrt", "12 Fahrten angelegt"). */
  history: { one: string; many: string };
  /**
   * The kind's list in the backup document: its field (`section`), the preview's label, and the word a refused
   * record's message starts with ("Fahrt vom 05.01.2027 (Nr. 7 der Sicherung): …"). The maximum is the quota's limit.
   */
  backup: { section: string; label: string; recordNoun: string };
  /**
   * The path prefix of the web's record pages (`/vehicle` → `/vehicle/7`, `/vehicle/edit/7`, `/vehicle/new`), for
   * kinds the driver views and edits on pages of their own; the pages are found by this name (`vehicle-view.tsx`, …).
   */
  page?: `/${string}`;
}

/** A declaration, checked and with its literal types kept (`name: 'vehicles'`, `page: '/vehicle'`). */
export function defineRecordKind<const Name extends string, const Declaration extends RecordKindDeclaration<Name>>(
  declaration: Declaration & RecordKindDeclaration<Name>,
): Declaration {
  return declaration;
}

/** The owner's record kinds, by name; a new kind is one more entry (and its schemas in a contract file of its own). */
export const RECORD_KINDS = {
  routes: defineRecordKind({
    name: 'routes',
    noun: { one: TERMS.route, many: TERMS.routes, gender: 'f' },
    quota: { limit: LIMITS.routesPerAccount, label: TERMS.routes },
    history: { one: TERMS.route, many: TERMS.routes },
    backup: { section: 'routes', label: TERMS.routes, recordNoun: TERMS.route },
    page: '/route',
  }),
  tours: defineRecordKind({
    name: 'tours',
    noun: { one: TERMS.tour, many: TERMS.tours, gender: 'f' },
    quota: { limit: LIMITS.toursPerAccount, label: TERMS.tours },
    history: { one: TERMS.tour, many: TERMS.tours },
    backup: { section: 'tours', label: TERMS.tours, recordNoun: TERMS.tour },
    page: '/tour',
  }),
  vehicles: defineRecordKind({
    name: 'vehicles',
    noun: { one: TERMS.vehicle, many: TERMS.vehicles, gender: 'n' },
    quota: { limit: LIMITS.vehiclesPerAccount, label: TERMS.vehicles },
    history: { one: TERMS.vehicle, many: TERMS.vehicles },
    backup: { section: 'vehicles', label: TERMS.vehicles, recordNoun: TERMS.vehicle },
    page: '/vehicle',
  }),
  route_activities: defineRecordKind({
    name: 'route_activities',
    noun: { one: 'Streckenaktivität', many: 'Streckenaktivitäten', gender: 'f' },
    quota: { limit: LIMITS.drivesPerAccount, label: 'Fahrten' },
    history: { one: 'Fahrt', many: 'Fahrten' },
    backup: { section: 'routeActivities', label: 'Fahrten (Streckenkunde)', recordNoun: 'Fahrt' },
  }),
  vehicle_activities: defineRecordKind({
    name: 'vehicle_activities',
    noun: { one: 'Fahrzeugaktivität', many: 'Fahrzeugaktivitäten', gender: 'f' },
    quota: { limit: LIMITS.vehicleActivitiesPerAccount, label: 'Fahrzeugeinträge' },
    history: { one: 'Fahrzeugangabe einer Fahrt', many: 'Fahrzeugangaben von Fahrten' },
    backup: { section: 'vehicleActivities', label: 'Fahrzeugeinträge', recordNoun: 'Fahrzeugeintrag' },
  }),
} as const satisfies { [Name in string]: RecordKindDeclaration<Name> };

export type RecordKind = keyof typeof RECORD_KINDS;
/** The declaration of one of the app's kinds. */
export type RecordKindOf<Kind extends RecordKind> = (typeof RECORD_KINDS)[Kind];

/** The kinds in declaration order (the order of the backup document's lists: a kind only refers to those before it). */
export const recordKindNames = Object.keys(RECORD_KINDS) as RecordKind[];

/** Each kind's noun, by name: "Strecke nicht gefunden.", "Ein eigenes Fahrzeug". */
export const RECORD_NOUNS = Object.fromEntries(recordKindNames.map((kind) => [kind, RECORD_KINDS[kind].noun])) as {
  [Kind in RecordKind]: RecordKindOf<Kind>['noun'];
};

/** The backup document's list of each kind (`routeActivities`), by kind. */
export type RecordSectionName = RecordKindOf<RecordKind>['backup']['section'];
