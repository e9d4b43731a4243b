import type { AttestationKind } from '@streckenpass/contract/attestations';
import type { DriveWay } from '@streckenpass/contract/drive-ways';
import { placeLabel } from '@streckenpass/contract/stations';
import { isPlace, placeKnowledgeLabel } from '@streckenpass/contract/knowledge-items';
import { TERMS } from '@streckenpass/contract/terms';
import { knowledgeStatus, statusLabel } from '@streckenpass/contract/status';
import type { LineSection } from '@streckenpass/contract/network';

/** What both export formats render: one owner's routes and vehicles as of `today`. */
export interface ExportData {
  /** The date of issue, `YYYY-MM-DD` in the application time zone. */
  today: string;
  user: { firstname: string | null; lastname: string | null; email: string };
  routes: ExportRoute[];
  /** Vehicles to list, or null when the export has no vehicles block. */
  vehicles: ExportVehicle[] | null;
  /** Product version printed in the PDF footer. */
  version: string;
  /** The account's default validity rules as the exports print them ('1 Jahr (364 Tage)', 'unbegrenzt'). */
  rules: { routes: string; vehicles: string };
  /** The issued document's code and verification address: the PDF prints both, and a QR code, on every page. */
  verification?: { code: string; url: string };
  /**
   * The transfer document ("Nachweis für den Arbeitgeberwechsel", issue 27): the whole record with its history —
   * every drive with the day it was recorded, and every change. Absent in the ordinary export.
   */
  transfer?: ExportTransfer;
  /**
   * The rail network data's attribution (CC BY 4.0), printed when a route shows line sections derived from it; absent
   * when none does.
   */
  networkAttribution?: string;
}

/** Every drive of the record, newest first, with when it was recorded. */
export interface ExportDrive {
  acquiredAt: string;
  acquiredUntil: string;
  /** The day (app time zone) it was recorded; null when recorded before recording times were kept. */
  recordedOn: string | null;
  /** Recorded more than 7 days after it was driven ("nachgetragen"). */
  backdated: boolean;
  /** Came in through the CSV import or a restore. */
  imported: boolean;
  /** Names of its routes, in German order. */
  routes: string[];
  /** How it was made (issue 41), its time of day and darkness; null = not given. */
  way: DriveWay;
  time: string | null;
  dark: boolean | null;
}

/** One line of the record's history: one change, or one import / restore's changes of one kind taken together. */
export interface ExportHistoryLine {
  /** ISO 8601. */
  at: string;
  /** What changed, in words: "Strecke „Köln – Düsseldorf“ angelegt", "CSV-Import: 12 Fahrten angelegt". */
  text: string;
  /** How the change came in (`HISTORY_CHANNEL_LABELS`). */
  channel: string;
}

export interface ExportTransfer {
  drives: ExportDrive[];
  history: ExportHistoryLine[];
  /**
   * The Betriebe's attestations the driver holds (issue 41 item 5; TfV § 13: the proofs go with the driver), each with
   * its check code; absent when there are none, so that a document of a record without any reads as before.
   */
  attestations?: ExportAttestation[];
}

/** One attestation as the transfer document lists it: what, when, by whom, its code and whether it was withdrawn. */
export interface ExportAttestation {
  kind: AttestationKind;
  checkedOn: string;
  betrieb: string;
  examinerName: string;
  code: string;
  withdrawnAt: string | null;
}

export interface ExportRoute {
  name: string;
  companyRoute: string | null;
  startPoint: string;
  endPoint: string;
  /** The stations the start / end are linked to (DS100 code and name); absent or null = free text. */
  startStation?: { code: string; name: string } | null;
  endStation?: { code: string; name: string } | null;
  /** Names of the tours the route belongs to, in German order. */
  tours: string[];
  /** Latest `acquiredAt` among the route's activities (the day it was last driven); null = never recorded. */
  lastDriven: string | null;
  /** The day (app time zone) the drive of `lastDriven` was recorded; absent when unknown or never driven. */
  lastDrivenRecordedOn?: string;
  /** Whether that drive was recorded more than 7 days after it was driven ("nachgetragen", `isBackdated`). */
  lastDrivenBackdated?: boolean;
  /** The vehicles recorded with the route's drives of `lastDriven`, in German order; absent or empty = none. */
  lastDrivenVehicles?: string[];
  /** Latest `acquiredUntil` among the route's activities; null = never recorded. */
  validUntil: string | null;
  /** Days from today until `validUntil` (0 = last valid day, negative = expired); null = never recorded. */
  daysLeft: number | null;
  /** The validity rule a drive of this route follows ('1 Jahr (364 Tage)', '90 Tage'). */
  validityRule: string;
  /** Whether the route has a rule of its own instead of the account's default. */
  ownRule: boolean;
  /** The line sections of the route's path on the rail network (decision 0051); absent = none. */
  sections?: LineSection[];
}

export interface ExportVehicle {
  name: string;
  /** Latest `acquiredAt` of the route activities the vehicle was recorded with; null = never. */
  lastDriven: string | null;
  /** The vehicle's validity rule ('unbegrenzt' when knowledge of it does not expire). */
  validityRule: string;
  /** Whether the vehicle has a rule of its own; false = the account's rule ("wie im Konto: …"). */
  ownRule?: boolean;
  /** lastDriven + the rule's days; null when never driven or the rule has no expiry. */
  validUntil: string | null;
}

/** A route's state as the exports mark it: `knowledgeStatus`, with "soon" named after the exports' CSS and colours. */
export type RouteStatusKind = 'valid' | 'expiring' | 'expired' | 'unrecorded';

export interface RouteStatus {
  kind: RouteStatusKind;
  /** German text as the exports print it (`statusLabel`): gültig / läuft in N Tagen ab / abgelaufen / nicht erfasst. */
  label: string;
}

/** The status of a route's knowledge, from the days left until its validity ends (API.md "Exports"). */
export function routeStatus(daysLeft: number | null): RouteStatus {
  const status = knowledgeStatus(daysLeft);
  return { kind: status === 'soon' ? 'expiring' : status, label: statusLabel(daysLeft) };
}

/** "Erika Muster", or the e-mail address when the account has no name. */
export function fullName(user: ExportData['user']): string {
  const name = [user.firstname, user.lastname]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || user.email;
}

/** `streckenkunde-YYYY-MM-DD.csv` / `.pdf`. */
export function exportFilename(today: string, extension: 'csv' | 'pdf'): string {
  return `streckenkunde-${today}.${extension}`;
}

/** A point's first word, lower case, as a name would contain it ("frankfurt" of "Frankfurt(Main)Hbf"). */
const firstWord = (point: string) => point.toLocaleLowerCase('de-DE').split(/[\s(]/)[0] ?? '';

/**
 * Where a route starts and ends as the PDF and the shared page print it under the name ("Köln Hbf (KK) – Düsseldorf
 * Hbf (KD)"), or null when the name already says it ("Köln – Düsseldorf"): nothing is printed twice.
 */
export function routeEnds(route: ExportRoute): string | null {
  const name = route.name.toLocaleLowerCase('de-DE');
  // A place (issue 41 item 4) is named as one: "Ortskunde Frankfurt(Main)Hbf (FF)", unless its name says so already.
  if (route.startStation && isPlace(route)) {
    const label = placeKnowledgeLabel(route.startStation);
    return name.includes(TERMS.place.toLocaleLowerCase('de-DE')) && name.includes(firstWord(route.startStation.name))
      ? null
      : label;
  }
  const named = [route.startStation?.name ?? route.startPoint, route.endStation?.name ?? route.endPoint].every(
    (point) => {
      const word = firstWord(point);
      return word.length > 0 && name.includes(word);
    },
  );
  return named
    ? null
    : `${placeLabel(route.startPoint, route.startStation)} – ${placeLabel(route.endPoint, route.endStation)}`;
}
