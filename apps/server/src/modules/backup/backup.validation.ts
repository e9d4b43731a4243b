import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';
import { BACKUP_RECORD_LISTS, backupListSchema, backupSchema, type Backup } from '@streckenpass/contract/backup';
import { isStorableDate } from '@streckenpass/contract/common';
import { formatDate } from '@streckenpass/contract/format';
import type { CalendarDate } from '@streckenpass/contract/knowledge';
import { driveDateViolations } from '@streckenpass/contract/route-activities';
import { HttpError } from '../../lib/errors.js';
import { isMissing, zodIssuesToProblem } from '../../lib/problem.js';

/**
 * A record list of the document: its field, the schema of one record, how many it may hold (the account limit) and
 * the noun of its messages. The contract's kinds are `BACKUP_RECORD_LISTS`; a section may declare one of its own.
 */
export interface BackupList {
  section: string;
  schema: z.ZodType;
  max: number;
  recordNoun: string;
}

/** The document with every list of `lists`: the contract's `backupSchema`, and a list for each kind outside it. */
export function backupDocumentSchema(lists: readonly BackupList[]) {
  const extra = lists.filter(({ section }) => !(section in backupSchema.shape));
  return backupSchema.extend(
    Object.fromEntries(extra.map(({ section, schema, max }) => [section, backupListSchema(schema, max)])),
  );
}

/** The document without its records: the lists are only counted here. */
function envelopeOf(lists: readonly BackupList[]) {
  return backupDocumentSchema(lists).extend(
    Object.fromEntries(lists.map(({ section, max }) => [section, backupListSchema(z.unknown(), max)])),
  );
}
const contractEnvelope = envelopeOf(BACKUP_RECORD_LISTS);

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
export async function parseBackupInSteps(
  body: unknown,
  today: CalendarDate,
  lists: readonly BackupList[] = BACKUP_RECORD_LISTS,
): Promise<Backup> {
  const envelopeSchema = lists === BACKUP_RECORD_LISTS ? contractEnvelope : envelopeOf(lists);
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) throw asHttpError(envelope.error.issues, body);
  const document = { ...envelope.data } as Record<string, unknown>;
  const issues: z.core.$ZodIssue[] = [];
  for (const list of lists) {
    const name = list.section;
    const input = (envelope.data as Record<string, unknown[]>)[name] ?? [];
    const output: unknown[] = new Array(input.length);
    for (let start = 0; start < input.length && issues.length < MAX_ISSUES; start += CHUNK) {
      for (let i = start; i < Math.min(start + CHUNK, input.length); i += 1) {
        const parsed = list.schema.safeParse(input[i]);
        const recordIssues = parsed.success ? ruleIssues(name, parsed.data, today) : parsed.error.issues;
        if (recordIssues.length === 0) output[i] = parsed.data;
        for (const issue of recordIssues) {
          issues.push({
            ...issue,
            path: [name, i, ...issue.path],
            message: `${recordName(list, input[i], i)}: ${issue.message}`,
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
function ruleIssues(name: string, record: unknown, today: CalendarDate): z.core.$ZodIssue[] {
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

/**
 * The record a message is about, as a person finds it in the file: "Fahrt vom 05.01.2027 (Nr. 7 der Sicherung)",
 * "Strecke „Würzburg – Fürth“ (Nr. 3 der Sicherung)"; its position when it has no usable number.
 */
function recordName({ section: name, recordNoun }: BackupList, raw: unknown, index: number): string {
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const where =
    typeof record.ref === 'number' && Number.isSafeInteger(record.ref)
      ? `Nr. ${record.ref} der Sicherung`
      : `an Stelle ${index + 1} der Sicherung`;
  const label = record.name;
  if (typeof label === 'string' && label.trim() !== '') {
    const shown = label.length > QUOTED_MAX ? `${label.slice(0, QUOTED_MAX)}…` : label;
    return `${recordNoun} „${shown}“ (${where})`;
  }
  const day = record.acquiredAt;
  if (name === 'routeActivities' && typeof day === 'string' && isStorableDate(day)) {
    return `${recordNoun} vom ${formatDate(day)} (${where})`;
  }
  return `${recordNoun} ${where}`;
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
