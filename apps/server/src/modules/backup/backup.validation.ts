import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';
import {
  backupRouteActivitySchema,
  backupRouteSchema,
  backupSchema,
  backupTourSchema,
  backupVehicleActivitySchema,
  backupVehicleSchema,
  type Backup,
} from '@streckenpass/contract/backup';
import { isStorableDate } from '@streckenpass/contract/common';
import { formatDate } from '@streckenpass/contract/format';
import type { CalendarDate } from '@streckenpass/contract/knowledge';
import { LIMITS } from '@streckenpass/contract/limits';
import { driveDateViolations } from '@streckenpass/contract/route-activities';
import { HttpError } from '../../lib/errors.js';
import { isMissing, zodIssuesToProblem } from '../../lib/problem.js';

/** Each list of the document, the schema of one of its records and how many it may hold (the account limits). */
const LISTS = {
  routes: [backupRouteSchema, LIMITS.routesPerAccount],
  tours: [backupTourSchema, LIMITS.toursPerAccount],
  vehicles: [backupVehicleSchema, LIMITS.vehiclesPerAccount],
  routeActivities: [backupRouteActivitySchema, LIMITS.drivesPerAccount],
  vehicleActivities: [backupVehicleActivitySchema, LIMITS.vehicleActivitiesPerAccount],
} as const;
type ListName = keyof typeof LISTS;

/** The document without its records: the lists are only counted here. */
const envelopeSchema = backupSchema.extend(
  Object.fromEntries(
    Object.entries(LISTS).map(([name, [, max]]) => [name, z.array(z.unknown()).max(max).default([])]),
  ) as { [K in ListName]: z.ZodDefault<z.ZodArray<z.ZodUnknown>> },
);

/** Records checked between two yields to the event loop (a few milliseconds of work). */
const CHUNK = 1000;
/** Problems reported at most: a broken document need not be listed completely. */
const MAX_ISSUES = 100;

/**
 * The backup schema checked in parts (issue 24): first the envelope with the lists' lengths, then the records in
 * chunks with the event loop yielded in between, so that a document of the largest account does not hold up the
 * process the way one synchronous check of the whole document would. Answers exactly what the schema would: the
 * parsed document, or the same problem details (400 for a wrong structure, 422 for invalid values). Then the API's
 * rules that need the day (`today`, the app's time zone): a drive dated after it is refused as `POST
 * /api/route_activities` refuses it. Each 422 message names its record.
 */
export async function parseBackupInSteps(body: unknown, today: CalendarDate): Promise<Backup> {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) throw asHttpError(envelope.error.issues, body);
  const document = { ...envelope.data } as Record<string, unknown>;
  const issues: z.core.$ZodIssue[] = [];
  for (const [name, [schema]] of Object.entries(LISTS) as [ListName, (typeof LISTS)[ListName]][]) {
    const input = envelope.data[name];
    const output: unknown[] = new Array(input.length);
    for (let start = 0; start < input.length && issues.length < MAX_ISSUES; start += CHUNK) {
      for (let i = start; i < Math.min(start + CHUNK, input.length); i += 1) {
        const parsed = (schema as z.ZodType).safeParse(input[i]);
        const recordIssues = parsed.success ? ruleIssues(name, parsed.data, today) : parsed.error.issues;
        if (recordIssues.length === 0) output[i] = parsed.data;
        for (const issue of recordIssues) {
          issues.push({
            ...issue,
            path: [name, i, ...issue.path],
            message: `${recordName(name, input[i], i)}: ${issue.message}`,
          });
        }
      }
      await yieldToEventLoop();
    }
    document[name] = output;
  }
  if (issues.length > 0) throw asHttpError(issues.slice(0, MAX_ISSUES), body);
  return document as Backup;
}

/**
 * The API's rules that need more than a record's schema (issue 38: the restore accepted a drive dated in the future,
 * which the API refuses with 422): the same rule function as `POST /api/route_activities`, with the server's today.
 */
function ruleIssues(name: ListName, record: unknown, today: CalendarDate): z.core.$ZodIssue[] {
  if (name !== 'routeActivities') return [];
  return driveDateViolations(record as Backup['routeActivities'][number], today).map((violation) => ({
    code: 'custom',
    path: [violation.propertyPath],
    message: violation.message,
    input: undefined,
  }));
}

/** How long a name may be where a message quotes it. */
const QUOTED_MAX = 60;
const LIST_NOUNS: Record<ListName, string> = {
  routes: 'Strecke',
  tours: 'Tour',
  vehicles: 'Fahrzeug',
  routeActivities: 'Fahrt',
  vehicleActivities: 'Fahrzeugeintrag',
};

/**
 * The record a message is about, as a person finds it in the file: "Fahrt vom 05.01.2027 (Nr. 7 der Sicherung)",
 * "Strecke „Würzburg – Fürth“ (Nr. 3 der Sicherung)"; its position when it has no usable number.
 */
function recordName(name: ListName, raw: unknown, index: number): string {
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const where =
    typeof record.ref === 'number' && Number.isSafeInteger(record.ref)
      ? `Nr. ${record.ref} der Sicherung`
      : `an Stelle ${index + 1} der Sicherung`;
  const label = record.name;
  if (typeof label === 'string' && label.trim() !== '') {
    const shown = label.length > QUOTED_MAX ? `${label.slice(0, QUOTED_MAX)}…` : label;
    return `${LIST_NOUNS[name]} „${shown}“ (${where})`;
  }
  const day = record.acquiredAt;
  if (name === 'routeActivities' && typeof day === 'string' && isStorableDate(day)) {
    return `${LIST_NOUNS[name]} vom ${formatDate(day)} (${where})`;
  }
  return `${LIST_NOUNS[name]} ${where}`;
}

function asHttpError(issues: readonly z.core.$ZodIssue[], document: unknown): HttpError {
  const body = zodIssuesToProblem(
    issues.map((issue) => ({
      code: issue.code,
      path: issue.path.map(String),
      message: issue.message,
      ...('expected' in issue ? { expected: issue.expected } : {}),
      ...(issue.code === 'unrecognized_keys' ? { keys: issue.keys } : {}),
      missing: isMissing(document, issue.path as (string | number)[]),
    })),
  );
  return new HttpError(body.status, body.title, body.detail, body.violations);
}
