/**
 * One word for each thing: the terms every screen, mail, PDF, CSV and the shared proof page use for the same fact.
 * A label that names one of these things takes it from here, so that a driver never meets two words for one field.
 * No zod here: pages import this freely. Fixed wire names (the CSV header of API.md "Exports": "Interne
 * Bezeichnung", "Zuletzt befahren") stay as the contract defines them; the import accepts both spellings.
 */
export const TERMS = {
  /** A route as the driver records it. */
  route: 'Strecke',
  routes: 'Strecken',
  vehicle: 'Fahrzeug',
  vehicles: 'Fahrzeuge',
  tour: 'Tour',
  tours: 'Touren',
  /** The employer's own code for a route (`companyRoute`). */
  companyRoute: 'Kürzel',
  /** The day a route or vehicle was last driven. */
  lastDriven: 'Zuletzt gefahren',
  /** The date a drive was driven (`acquiredAt`). */
  drivenOn: 'Gefahren am',
  /** When a record was entered into the app (a drive's `recordedAt`, a history entry's time). */
  recordedOn: 'Erfasst am',
  /** A drive recorded more than 7 days after it was driven (`isBackdated`). */
  backdated: 'nachgetragen',
  /** The last day knowledge holds (`acquiredUntil`, a route's `validUntil`). */
  validUntil: 'Gültig bis',
  /** How long a drive keeps knowledge valid. */
  validityRule: 'Gültigkeitsregel',
  /** The printed proof a driver hands over. */
  proof: 'Streckenkundenachweis',
  /** The whole record with its history, signed, for a new employer (issue 27). */
  transferProof: 'Nachweis für den Arbeitgeberwechsel',
  /** The e-mail address of an account. */
  email: 'E-Mail-Adresse',
  /** The start and end of a route, printed together. */
  startEnd: 'Start – Ende',
} as const;

/** A rule that follows the account's setting, as every place prints it: "wie im Konto: 1 Jahr (364 Tage)". */
export function accountRuleLabel(accountRule: string): string {
  return `wie im Konto: ${accountRule}`;
}

/**
 * A record kind's German noun: singular, plural and grammatical gender ("Eine eigene Strecke", "Ein eigenes …"). Each
 * kind's noun is declared with the kind (`record-kinds.ts`: `RECORD_NOUNS`).
 */
export interface RecordNoun {
  one: string;
  many: string;
  gender: 'f' | 'm' | 'n';
}

/**
 * The words a record kind's noun takes by its gender, for the texts built from it: "Soll das Fahrzeug … gelöscht
 * werden?", "Dieses Fahrzeug gibt es nicht (mehr), oder es gehört …", "Stammdaten des Fahrzeugs", "Ein eigenes
 * Fahrzeug".
 */
export function nounWords({ one, gender }: Pick<RecordNoun, 'one' | 'gender'>) {
  const [the, this_, pronoun, own] = {
    f: ['die', 'Diese', 'sie', 'Eine eigene'],
    m: ['der', 'Dieser', 'er', 'Ein eigener'],
    n: ['das', 'Dieses', 'es', 'Ein eigenes'],
  }[gender];
  return {
    /** "das Fahrzeug" */
    the: `${the} ${one}`,
    /** "Dieses Fahrzeug" */
    this: `${this_} ${one}`,
    /** "es" */
    pronoun,
    /** "des Fahrzeugs", "der Strecke" */
    ofThe: gender === 'f' ? `der ${one}` : `des ${one}s`,
    /** "Ein eigenes Fahrzeug" */
    ownOne: `${own} ${one}`,
  };
}

/** How a write reached the server, as a record's history ("Verlauf") names it (issue 27). */
export const HISTORY_CHANNEL_LABELS = {
  api: 'in der App',
  quick: 'Schnellerfassung',
  outbox: 'offline erfasst, später gesendet',
  import: 'CSV-Import',
  restore: 'Wiederherstellung einer Sicherung',
} as const;

/**
 * The fields of the records' API shapes as a changed-fields list of the history names them ("Geändert am …: Name,
 * Gültigkeitsregel"). A field without an entry is shown by its API name.
 */
export const RECORD_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  companyRoute: TERMS.companyRoute,
  startPoint: 'Start',
  endPoint: 'Ende',
  startStation: 'Start (Betriebsstelle)',
  endStation: 'Ende (Betriebsstelle)',
  validityDays: TERMS.validityRule,
  tours: TERMS.tours,
  routes: TERMS.routes,
  acquiredAt: TERMS.drivenOn,
  acquiredUntil: TERMS.validUntil,
  acquiredRoutes: TERMS.routes,
  acquiredVehicles: TERMS.vehicles,
  routeActivity: 'Fahrt',
  lastDriven: TERMS.lastDriven,
  validUntil: TERMS.validUntil,
  vehicleActivities: 'Fahrzeugangaben',
  path: 'Streckenverlauf',
  way: 'Art der Fahrt',
  time: 'Uhrzeit',
  direction: 'Richtung',
  dark: 'Bei Dunkelheit',
  keepingWays: 'Erhält die Streckenkunde',
  firstAcquisition: 'Ersterwerb',
  acquiredOn: 'Ersterwerb erfüllt am',
};

/** The roles of a membership in a Betrieb (issue 28), not the account's roles: what a member may do there. */
export const BETRIEB_ROLE_LABELS = {
  admin: 'Admin',
  disponent: 'Disponent/in',
  driver: 'Triebfahrzeugführer/in',
} as const;

/** The roles that read the drivers' knowledge (matrix, "Wer kann fahren?", members): the Betrieb's staff. */
export const BETRIEB_STAFF_ROLES: readonly (keyof typeof BETRIEB_ROLE_LABELS)[] = ['admin', 'disponent'];

/**
 * Whether the caller's membership reads the drivers' knowledge (admin or Disponent). Here, not beside the Betrieb's
 * schemas: the navigation asks it on every page, and the app's first chunk builds no zod schema (lib/csp.ts).
 */
export function readsDrivers(betrieb: { role: keyof typeof BETRIEB_ROLE_LABELS }): boolean {
  return BETRIEB_STAFF_ROLES.includes(betrieb.role);
}
