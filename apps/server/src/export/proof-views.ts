import { DEFAULT_KEEPING_WAYS, keepsValid, type DriveWay } from '@streckenpass/contract/drive-ways';
import { calendarDayOf } from '@streckenpass/contract/knowledge';
import { hasDrives, type ProofContent, type ShownProofContent } from './proof-content.js';

/*
 * What the verification shows and compares of a stored document (decision 0044): the part of a driver's document the
 * page shows, a backup read as the routes and vehicles it names, and what a backup and today's record are compared by.
 * Pure functions of the stored content.
 */

/** An uploaded file read as a backup: a JSON object with a `signature` member, else undefined (a PDF or anything). */
export function backupDocumentOf(file: Uint8Array): Record<string, unknown> | undefined {
  const text = Buffer.from(file.buffer, file.byteOffset, file.byteLength).toString('utf8');
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) && 'signature' in value
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a backup and the current record are compared by: each route's description and last drive, each vehicle's
 * name, in a fixed order (a backup does not know tours' names per route, nor vehicles' last drives).
 */
export function comparable(content: ProofContent) {
  const routes = content.routes
    .map((route) => [
      route.name,
      route.companyRoute,
      route.startPoint,
      route.endPoint,
      route.lastDriven,
      route.validUntil,
    ])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const vehicles = (content.vehicles ?? []).map((vehicle) => vehicle.name).sort();
  return { routes, vehicles };
}

/** The routes and vehicles part of a document's content (a transfer document has more): what the page shows. */
export function proofPart(content: ProofContent): ProofContent {
  const { schema, holder, scope, routes, vehicles } = content;
  return { schema, holder, scope, routes, vehicles };
}

/**
 * What the page shows of a driver's document: the routes and vehicles, and a transfer document's drives too (the new
 * employer compares them with the PDF's "Alle Fahrten"); not the number of history lines.
 */
export function shownPart(content: ShownProofContent): ShownProofContent {
  return hasDrives(content) ? { ...proofPart(content), drives: content.drives } : proofPart(content);
}

/** The day (app time zone) of a drive's recording time, as every document prints it. */
const recordedDay = (recordedAt: string | null | undefined, timeZone: string) =>
  recordedAt ? calendarDayOf(recordedAt, timeZone) : null;

/** What the verification page shows of a backup document: holder, routes and vehicles (never the e-mail address). */
export function backupAsProofContent(content: unknown, timeZone: string): ProofContent {
  const backup = content as {
    account?: { firstname?: string | null; lastname?: string | null };
    routes?: {
      ref: number;
      name: string;
      companyRoute: string | null;
      startPoint: string;
      endPoint: string;
      startStation?: string | null;
      endStation?: string | null;
      keepingWays?: DriveWay[] | null;
    }[];
    vehicles?: { name: string }[];
    routeActivities?: {
      acquiredAt: string;
      acquiredUntil: string;
      routes: number[];
      recordedAt?: string | null;
      way?: DriveWay;
    }[];
    preferences?: { keepingWays?: DriveWay[] };
  };
  // Per route its last drive, and the latest validity of all its drives (as the server keeps a route's validity):
  // only the drives whose way the route's rule, else the account's, keeps (issue 41).
  const accountRule = backup.preferences?.keepingWays ?? DEFAULT_KEEPING_WAYS;
  const ruleOf = new Map((backup.routes ?? []).map((route) => [route.ref, route.keepingWays ?? accountRule]));
  const last = new Map<number, { acquiredAt: string; acquiredUntil: string; recordedAt: string | null }>();
  for (const drive of backup.routeActivities ?? []) {
    for (const ref of drive.routes) {
      if (!keepsValid(drive.way ?? 'driven', ruleOf.get(ref) ?? accountRule)) continue;
      const seen = last.get(ref);
      const acquiredUntil = seen && seen.acquiredUntil > drive.acquiredUntil ? seen.acquiredUntil : drive.acquiredUntil;
      if (!seen || drive.acquiredAt > seen.acquiredAt) {
        last.set(ref, { acquiredAt: drive.acquiredAt, acquiredUntil, recordedAt: drive.recordedAt ?? null });
      } else {
        seen.acquiredUntil = acquiredUntil;
      }
    }
  }
  return {
    schema: 'streckenpass-proof-content/1',
    holder: { firstname: backup.account?.firstname ?? null, lastname: backup.account?.lastname ?? null },
    scope: { routes: [], tours: [], vehicles: [], places: [], emptyMeansAll: true },
    routes: (backup.routes ?? []).map((route) => ({
      name: route.name,
      companyRoute: route.companyRoute,
      startPoint: route.startPoint,
      endPoint: route.endPoint,
      startStation: route.startStation ?? null,
      endStation: route.endStation ?? null,
      tours: [],
      lastDriven: last.get(route.ref)?.acquiredAt ?? null,
      validUntil: last.get(route.ref)?.acquiredUntil ?? null,
      recordedOn: recordedDay(last.get(route.ref)?.recordedAt, timeZone),
    })),
    vehicles: (backup.vehicles ?? []).map((vehicle) => ({ name: vehicle.name, lastDriven: null, validUntil: null })),
  };
}
