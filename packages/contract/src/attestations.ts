import { z } from 'zod';
import { dateSchema, text } from './common.js';
import { FUTURE_DATE_MESSAGE } from './knowledge.js';

/**
 * A Betrieb's attestations about a driver (issue 41 item 5, docs/decisions/0064): a first acquisition confirmed or a
 * periodic check of the route knowledge passed (TfV Anlage 11 Nr. 3 b). An attestation is the Betrieb's signed
 * statement, issued like a Nachweis and held by the driver (TfV § 13) — never an edit of the driver's record. The
 * Betrieb withdraws it (it then verifies as "widerrufen"); nobody alters it; the driver can hide it from later Betriebe.
 */

export const ATTESTATION_KINDS = ['first_acquisition', 'periodic_check'] as const;
export type AttestationKind = (typeof ATTESTATION_KINDS)[number];

export const ATTESTATION_KIND_LABELS: Record<AttestationKind, string> = {
  first_acquisition: 'Erstausbildung bestätigt',
  periodic_check: 'Überprüfung der Streckenkenntnis bestanden',
};

export const ATTESTATION_LIMITS = {
  noteLength: 500,
  examinerNameLength: 120,
  lineLength: 120,
  lines: 50,
  requirements: 500,
} as const;

/** An attestation's state as the lists show it: valid, or withdrawn by the Betrieb. */
export const ATTESTATION_STATES = ['valid', 'withdrawn'] as const;
export type AttestationState = (typeof ATTESTATION_STATES)[number];
export const ATTESTATION_STATE_LABELS: Record<AttestationState, string> = {
  valid: 'gültig',
  withdrawn: 'widerrufen',
};

const optionalText = (label: string, max: number) =>
  text()
    .trim()
    .max(max, `${label} darf höchstens ${max} Zeichen lang sein.`)
    .transform((value) => (value === '' ? undefined : value))
    .optional();

/** `POST /api/betriebe/{id}/members/{membershipId}/attestations`: what the examiner attests. */
export const createAttestationSchema = z
  .strictObject({
    kind: z.enum(ATTESTATION_KINDS, { message: 'Bitte die Art der Bescheinigung wählen.' }),
    checkedOn: dateSchema.describe('Tag der Überprüfung bzw. der bestätigten Ausbildung; nicht in der Zukunft'),
    requirementIds: z
      .array(z.number().int().positive())
      .max(ATTESTATION_LIMITS.requirements, `Höchstens ${ATTESTATION_LIMITS.requirements} Anforderungen.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Jede Anforderung darf nur einmal vorkommen.')
      .default([])
      .describe('Anforderungen des Betriebs, die sie abdeckt'),
    lines: z
      .array(
        text()
          .trim()
          .min(1, 'Eine Strecke darf nicht leer sein.')
          .max(ATTESTATION_LIMITS.lineLength, `Eine Strecke hat höchstens ${ATTESTATION_LIMITS.lineLength} Zeichen.`),
      )
      .max(ATTESTATION_LIMITS.lines, `Höchstens ${ATTESTATION_LIMITS.lines} Strecken.`)
      .default([])
      .describe('Strecken in eigenen Worten, z. B. „3601 Frankfurt–Mannheim“'),
    examinerName: optionalText(
      'Der Name der Prüferin oder des Prüfers',
      ATTESTATION_LIMITS.examinerNameLength,
    ).describe('Name der Prüferin/des Prüfers; ohne Angabe der Name des ausstellenden Mitglieds'),
    note: optionalText('Die Bemerkung', ATTESTATION_LIMITS.noteLength).describe('Bemerkung (optional)'),
  })
  .refine((input) => input.requirementIds.length > 0 || input.lines.length > 0, {
    message: 'Bitte mindestens eine Anforderung oder Strecke angeben.',
    path: ['lines'],
  });
export type CreateAttestationInput = z.input<typeof createAttestationSchema>;

/** The rule the schema cannot know alone: the day lies not after today (in the app's time zone). */
export function attestationDateViolations(checkedOn: string, today: string) {
  return checkedOn > today ? [{ propertyPath: 'checkedOn', message: FUTURE_DATE_MESSAGE }] : [];
}

/** A requirement as the attestation names it: its label at issue time (the id is the issuing Betrieb's). */
export const attestedRequirementSchema = z.object({ id: z.number().int(), label: z.string() });

/** The signed content of an attestation (the issued document's content, kind `attestation`). */
export const attestationContentSchema = z.object({
  document: z.literal('attestation'),
  kind: z.enum(ATTESTATION_KINDS),
  betrieb: z.object({ id: z.number().int(), name: z.string() }),
  driver: z.object({ name: z.string() }),
  checkedOn: z.string(),
  requirements: z.array(attestedRequirementSchema),
  lines: z.array(z.string()),
  examinerName: z.string(),
  note: z.string().nullable(),
});
export type AttestationContent = z.infer<typeof attestationContentSchema>;

/** An attestation as the driver and the Betriebe list it. */
export const attestationSchema = attestationContentSchema.omit({ document: true }).extend({
  code: z.string().describe('Prüfcode (ABCD-EFGH-JKMN)'),
  url: z.string().describe('Die öffentliche Prüfseite'),
  issuedAt: z.string(),
  withdrawnAt: z.string().nullable(),
  state: z.enum(ATTESTATION_STATES).describe('valid = gültig, withdrawn = vom Betrieb widerrufen'),
  betrieb: z.object({
    id: z.number().int().nullable().describe('null, wenn der ausstellende Betrieb gelöscht ist'),
    name: z.string(),
  }),
  hidden: z.boolean().describe('Von der Fahrerin/dem Fahrer vor späteren Betrieben verborgen'),
  issuedHere: z.boolean().describe('Vom Betrieb der Anfrage ausgestellt (in den eigenen Listen: immer false)'),
  canWithdraw: z.boolean().describe('Ob die anfragende Person sie widerrufen darf'),
  membershipId: z.number().int().nullable().describe('In den Listen eines Betriebs: die Mitgliedschaft der Person'),
});
export type Attestation = z.infer<typeof attestationSchema>;

/** `PATCH /api/attestations/{code}`: the driver hides one from later Betriebe, or shows it again. */
export const updateAttestationSchema = z.strictObject({
  hidden: z.boolean({ message: 'Bitte angeben, ob die Bescheinigung verborgen sein soll.' }),
});
export type UpdateAttestationInput = z.infer<typeof updateAttestationSchema>;

/** The state of an attestation from its withdrawal. */
export const attestationState = (withdrawnAt: string | null): AttestationState => (withdrawnAt ? 'withdrawn' : 'valid');

/**
 * An attestation as the holder's backup carries it (issue 41): exactly as signed — content, code, time, key and
 * signature — with its state. Information only: a restore never re-creates it (that would forge a Betrieb's
 * statement); the original stays verifiable under its code.
 */
export const backupAttestationSchema = z.object({
  code: z.string(),
  url: z.string(),
  issuedAt: z.string(),
  withdrawnAt: z.string().nullable(),
  hidden: z.boolean(),
  content: attestationContentSchema,
  contentSha256: z.string(),
  keyId: z.string(),
  signature: z.string(),
});
export type BackupAttestation = z.infer<typeof backupAttestationSchema>;
