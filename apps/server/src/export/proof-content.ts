import { driveMannerLabel, type DriveWay } from '@streckenpass/contract/drive-ways';
import type { Selection } from '@streckenpass/contract/selection';
import type { ExportData } from './model.js';

/**
 * The content of an issued document (docs/decisions/0044): what the record said at issue time, as plain data —
 * names, codes, calendar dates and instants —, never wording, statuses or anything that depends on the day it is
 * read. So the same record gives the same content on any day and in any later version of the app, and "has the
 * record changed since?" is a comparison of two hashes.
 */
export const PROOF_CONTENT_SCHEMA = 'streckenpass-proof-content/1';

/** Which records the document was issued for, so that the current state of the same selection can be compared. */
export interface ProofScope {
  routes: number[];
  tours: number[];
  vehicles: number[];
  places: string[];
  /** Whether an empty selection meant every route and vehicle (the export) or nothing (a share link's choice). */
  emptyMeansAll: boolean;
}

/** The scope a document is issued for: the export's selection (empty = everything) or a share link's choice. */
export function scopeOf(selection: Selection, emptyMeansAll = true): ProofScope {
  return {
    routes: selection.routes ?? [],
    tours: selection.tours ?? [],
    vehicles: selection.vehicles ?? [],
    places: selection.places ?? [],
    emptyMeansAll,
  };
}

/** The selection a scope was issued for, as the export reads it again. */
export function selectionOf(scope: ProofScope): Selection {
  return { routes: scope.routes, tours: scope.tours, vehicles: scope.vehicles, places: scope.places };
}

export interface ProofContentRoute {
  name: string;
  companyRoute: string | null;
  startPoint: string;
  endPoint: string;
  /** DS100 code of the linked station, or null for free text. */
  startStation: string | null;
  endStation: string | null;
  tours: string[];
  lastDriven: string | null;
  validUntil: string | null;
  /** The day the drive of `lastDriven` was recorded ("erfasst am"); null when unknown (drives before issue 27). */
  recordedOn: string | null;
}

export interface ProofContentVehicle {
  name: string;
  lastDriven: string | null;
  validUntil: string | null;
}

export interface ProofContent {
  schema: typeof PROOF_CONTENT_SCHEMA;
  /** The holder's name; the e-mail address is never part of a document's content. */
  holder: { firstname: string | null; lastname: string | null };
  scope: ProofScope;
  routes: ProofContentRoute[];
  /** null: the document has no vehicles block. */
  vehicles: ProofContentVehicle[] | null;
}

/** A drive of a transfer document as issued: its dates, "erfasst am", whether it came in by import, its routes' names. */
export interface ProofContentDrive {
  acquiredAt: string;
  acquiredUntil: string;
  recordedOn: string | null;
  imported: boolean;
  routes: string[];
  /**
   * How it was made (issue 41): present only for another way than "selbst gefahren", and the time and darkness only
   * when a time was given — so that a document issued before ways were kept reads as it was signed.
   */
  way?: DriveWay;
  time?: string;
  dark?: boolean;
}

/** A drive's way, time and darkness as the signed content holds them: only what differs from "driven, no time". */
export function driveManner(drive: { way: DriveWay; time: string | null; dark: boolean | null }) {
  return {
    ...(drive.way === 'driven' ? {} : { way: drive.way }),
    ...(drive.time === null ? {} : { time: drive.time }),
    ...(drive.dark === null ? {} : { dark: drive.dark }),
  };
}

/** A signed drive's way, time and darkness in words ("begleitete Fahrt · 21:40 Uhr · bei Dunkelheit"); empty for the default. */
export function signedDriveManner(drive: ProofContentDrive): string {
  if (drive.way === undefined && drive.time === undefined) return '';
  return driveMannerLabel({ way: drive.way ?? 'driven', time: drive.time ?? null, dark: drive.dark ?? null });
}

/** A transfer document's content: the whole record's proof content, every drive, how many history lines. */
export interface TransferProofContent extends ProofContent {
  drives: ProofContentDrive[];
  historyLines: number;
}

/** A driver's document as the verification page shows it: a transfer document's with its drives. */
export type ShownProofContent = ProofContent & { drives?: ProofContentDrive[] };

/** Whether a driver's document content carries the transfer document's drives. */
export const hasDrives = (content: ShownProofContent): content is ProofContent & { drives: ProofContentDrive[] } =>
  Array.isArray(content.drives);

/** The content of a document issued from `data` for `scope`. */
export function proofContent(data: ExportData, scope: ProofScope): ProofContent {
  return {
    schema: PROOF_CONTENT_SCHEMA,
    holder: { firstname: data.user.firstname?.trim() || null, lastname: data.user.lastname?.trim() || null },
    scope: {
      routes: [...scope.routes].sort((a, b) => a - b),
      tours: [...scope.tours].sort((a, b) => a - b),
      vehicles: [...scope.vehicles].sort((a, b) => a - b),
      places: [...scope.places].sort(),
      emptyMeansAll: scope.emptyMeansAll,
    },
    routes: data.routes.map((route) => ({
      name: route.name,
      companyRoute: route.companyRoute,
      startPoint: route.startPoint,
      endPoint: route.endPoint,
      startStation: route.startStation?.code ?? null,
      endStation: route.endStation?.code ?? null,
      tours: route.tours,
      lastDriven: route.lastDriven,
      validUntil: route.validUntil,
      recordedOn: route.lastDrivenRecordedOn ?? null,
    })),
    vehicles:
      data.vehicles?.map((vehicle) => ({
        name: vehicle.name,
        lastDriven: vehicle.lastDriven,
        validUntil: vehicle.validUntil,
      })) ?? null,
  };
}

const EVERYTHING: ProofScope = { routes: [], tours: [], vehicles: [], places: [], emptyMeansAll: true };

/** The content of the transfer document issued from `data` (the whole record, `data.transfer`). */
export function transferContent(data: ExportData): TransferProofContent {
  return {
    ...proofContent(data, EVERYTHING),
    drives: (data.transfer?.drives ?? []).map((drive) => ({
      acquiredAt: drive.acquiredAt,
      acquiredUntil: drive.acquiredUntil,
      recordedOn: drive.recordedOn,
      imported: drive.imported,
      routes: drive.routes,
      ...driveManner(drive),
    })),
    historyLines: data.transfer?.history.length ?? 0,
  };
}

/** The holder's name as the verification page prints it (never the e-mail address). */
export function holderName(content: Pick<ProofContent, 'holder'>): string {
  const name = [content.holder.firstname, content.holder.lastname].filter(Boolean).join(' ');
  return name || 'ohne Namen';
}
