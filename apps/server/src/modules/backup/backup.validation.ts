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
import { LIMITS } from '@streckenpass/contract/limits';
import { HttpError } from '../../lib/errors.js';
import { zodIssuesToProblem } from '../../lib/problem.js';

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
 * parsed document, or the same problem details (400 for a wrong structure, 422 for invalid values).
 */
export async function parseBackupInSteps(body: unknown): Promise<Backup> {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) throw asHttpError(envelope.error.issues);
  const document = { ...envelope.data } as Record<string, unknown>;
  const issues: z.core.$ZodIssue[] = [];
  for (const [name, [schema]] of Object.entries(LISTS) as [ListName, (typeof LISTS)[ListName]][]) {
    const input = envelope.data[name];
    const output: unknown[] = new Array(input.length);
    for (let start = 0; start < input.length && issues.length < MAX_ISSUES; start += CHUNK) {
      for (let i = start; i < Math.min(start + CHUNK, input.length); i += 1) {
        const parsed = (schema as z.ZodType).safeParse(input[i]);
        if (parsed.success) output[i] = parsed.data;
        else for (const issue of parsed.error.issues) issues.push({ ...issue, path: [name, i, ...issue.path] });
      }
      await yieldToEventLoop();
    }
    document[name] = output;
  }
  if (issues.length > 0) throw asHttpError(issues.slice(0, MAX_ISSUES));
  return document as Backup;
}

function asHttpError(issues: readonly z.core.$ZodIssue[]): HttpError {
  const body = zodIssuesToProblem(
    issues.map((issue) => ({ code: issue.code, path: issue.path.map(String), message: issue.message })),
  );
  return new HttpError(body.status, body.title, body.detail, body.violations);
}
