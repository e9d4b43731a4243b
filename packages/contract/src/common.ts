import { z } from 'zod';

export const idSchema = z.coerce.number().int().positive();
/** Path ids: any integer parses; ids that cannot exist (0, negative, huge) then answer 404 like unknown ones. */
export const idParamsSchema = z.object({ id: z.coerce.number().int() });

/** The kinds of record a reference (IRI) can point at. */
export const iriKinds = ['users', 'routes', 'tours', 'vehicles', 'route_activities', 'vehicle_activities'] as const;
export type IriKind = (typeof iriKinds)[number];

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

/** A calendar date YYYY-MM-DD that exists. */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum im Format JJJJ-MM-TT erwartet.')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Dieses Datum gibt es nicht.')
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
  return z
    .string()
    .trim()
    .min(1, `${label} darf nicht leer sein.`)
    .max(max, `${label} darf höchstens ${max} Zeichen lang sein.`);
}
