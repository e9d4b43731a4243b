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
  /** Knowledge of a route, as the word that sets it apart from a place's. */
  routeKnowledge: 'Streckenkunde',
  /** Knowledge of one operating point instead of a route (issue 41 item 4, `knowledge-items.ts`). */
  place: 'Ortskunde',
  /** What a place can be, wherever the choice between a route and a place is explained. */
  placeExplanation: 'Bahnhof, Abstellanlage oder Anschluss',
  /** The one operating point of a place (a DS100 code of the station data). */
  operatingPoint: 'Betriebsstelle',
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
  examiner: 'Prüfer/in',
  driver: 'Triebfahrzeugführer/in',
} as const;

/** Each role in the plural, for the refusals' "Nur … dieses Betriebs dürfen das." */
const BETRIEB_ROLE_PLURALS: Record<keyof typeof BETRIEB_ROLE_LABELS, string> = {
  admin: 'Admins',
  disponent: 'Disponenten',
  examiner: 'Prüfer/innen',
  driver: 'Triebfahrzeugführer/innen',
};

/** The roles that may, in words: "Admins", "Admins und Disponenten", "Admins, Disponenten und Prüfer/innen". */
export function rolesInWords(roles: readonly (keyof typeof BETRIEB_ROLE_LABELS)[]): string {
  const words = roles.map((role) => BETRIEB_ROLE_PLURALS[role]);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} und ${words.at(-1)}`;
}

/** The roles that read the drivers' knowledge (matrix, "Wer kann fahren?", members): the Betrieb's staff. */
export const BETRIEB_STAFF_ROLES: readonly (keyof typeof BETRIEB_ROLE_LABELS)[] = ['admin', 'disponent'];

/**
 * Whether the caller's membership reads the drivers' knowledge (admin or Disponent). Here, not beside the Betrieb's
 * schemas: the navigation asks it on every page, and the app's first chunk builds no zod schema (lib/csp.ts).
 */
export function readsDrivers(betrieb: { role: keyof typeof BETRIEB_ROLE_LABELS }): boolean {
  return BETRIEB_STAFF_ROLES.includes(betrieb.role);
}

/**
 * The roles that see the Betrieb's members and a driver's page (issue 41 item 5): the staff and the examiner
 * (Prüfer/in), who must see the driver whose knowledge they check. The matrix and the coverage views stay the staff's.
 */
export const BETRIEB_MEMBER_READER_ROLES: readonly (keyof typeof BETRIEB_ROLE_LABELS)[] = [
  ...BETRIEB_STAFF_ROLES,
  'examiner',
];

/** The roles that attest a driver's knowledge and withdraw the Betrieb's attestations: admins and examiners. */
export const BETRIEB_ATTESTING_ROLES: readonly (keyof typeof BETRIEB_ROLE_LABELS)[] = ['admin', 'examiner'];

/** Whether the caller's membership sees the members and the drivers' pages (staff and examiner). */
export function readsMembers(betrieb: { role: keyof typeof BETRIEB_ROLE_LABELS }): boolean {
  return BETRIEB_MEMBER_READER_ROLES.includes(betrieb.role);
}

/** Whether the caller's membership attests (admin, examiner). */
export function attests(betrieb: { role: keyof typeof BETRIEB_ROLE_LABELS }): boolean {
  return BETRIEB_ATTESTING_ROLES.includes(betrieb.role);
}
