import { z } from 'zod';
import './locale.js';
import { isStorableDate } from './format.js';
import { recordKindNames, type RecordKind } from './record-kinds.js';

export { isStorableDate };

/** PostgreSQL cannot store the NUL character in text (and refuses the whole statement): refused at the door. */
export const NUL_MESSAGE = 'Der Text enthält ein unzulässiges Steuerzeichen.';

/**
 * A lone UTF-16 surrogate (half of a pair, e.g. JSON `"\ud800"`) is no character: UTF-8 cannot hold it, so it would
 * be stored as U+FFFD instead of what was sent. Refused at the door like NUL.
 */
export const SURROGATE_MESSAGE = 'Der Text enthält ein ungültiges Unicode-Zeichen.';

/** With the `u` flag a surrogate class matches only surrogates that are not part of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Any text a client sends: a string without NUL characters and without lone surrogates (well-formed Unicode).
 * Chain `.trim()`, `.min()`, `.max()` as usual.
 */
export function text() {
  return z
    .string()
    .refine((value) => !value.includes('\u0000'), NUL_MESSAGE)
    .refine((value) => !LONE_SURROGATE.test(value), SURROGATE_MESSAGE);
}

/** The largest id a record can have (PostgreSQL `integer`, serial). */
export const ID_MAX = 2_147_483_647;
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/** The id a path segment names: only canonical decimals (no `0x1`, `1e0`, `+1`, `01`) within the integer range. */
export function parsePathId(segment: string): number | null {
  if (!CANONICAL_ID.test(segment)) return null;
  const id = Number(segment);
  return id <= ID_MAX ? id : null;
}

export const idSchema = z.coerce.number().int().positive();
/**
 * Path ids: every segment parses, so that nothing about an id is a validation error (400/422). A segment that is
 * not a canonical decimal id (`0x1`, `1e0`, `+1`, `01`, `-1`, 2^31, text) becomes 0, which names no record:
 * the handler's lookup answers 404 as for an unknown id, and no spelling aliases another one.
 */
export const idParamsSchema = z.object({
  id: z
    .string()
    .transform((segment) => parsePathId(segment) ?? 0)
    .describe('Id (1–2147483647, Dezimalzahl ohne führende Null)'),
});

/** The kinds of record a reference (IRI) can point at: accounts and every declared record kind (record-kinds.ts). */
export type IriKind = 'users' | RecordKind;
export const iriKinds: readonly IriKind[] = ['users', ...recordKindNames];

export function toIri(kind: IriKind, id: number): string {
  return `/api/${kind}/${id}`;
}

/** Returns the id of an IRI of the given kind, or null when the text is not such an IRI. */
export function parseIri(kind: IriKind, iri: string): number | null {
  const match = new RegExp(`^/api/${kind}/([1-9][0-9]{0,15})$`).exec(iri);
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}

export function iriSchema(kind: IriKind) {
  return z
    .string()
    .regex(new RegExp(`^/api/${kind}/[1-9][0-9]{0,15}$`), `Erwartet wird eine Referenz /api/${kind}/{id}.`)
    .describe(`IRI /api/${kind}/{id}`);
}

/** A calendar date YYYY-MM-DD that exists, in the years 0001–9999. */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum im Format JJJJ-MM-TT erwartet.')
  .refine(isStorableDate, 'Dieses Datum gibt es nicht.')
  .describe('Kalenderdatum YYYY-MM-DD');

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    violations: z.array(z.object({ propertyPath: z.string(), message: z.string() })).optional(),
  })
  .describe('RFC 9457 problem details');
export type Problem = z.infer<typeof problemSchema>;

export const successMessageSchema = z.object({ success: z.boolean(), message: z.string() });
export const messageSchema = z.object({ message: z.string() });

/** A required, trimmed, non-empty text of bounded length. */
export function requiredText(label: string, max = 255) {
  return text()
    .trim()
    .min(1, `${label} darf nicht leer sein.`)
    .max(max, `${label} darf höchstens ${max} Zeichen lang sein.`);
}
