import { z } from 'zod';
import { CONSENT_VERSION } from './betrieb-consent.js';
// The window of the Betrieb's views (matrix.ts `COVERAGE_WINDOW_DAYS`, which imports this file): the dashboard's.
import { EXPIRING_SOON_DAYS as COVERAGE_WINDOW_DAYS } from './constants.js';
import { idParamsSchema, requiredText, text } from './common.js';
import { firstAcquisitionSchema } from './first-acquisition.js';

/**
 * Betriebe and their members (issue 28, docs/decisions/0046). A membership's role says what the member may do in that
 * Betrieb; it is not the account's `roles`. Every call is checked against the caller's membership on the server, and
 * a Betrieb the caller does not belong to answers 404, as an unknown one does.
 */

export const BETRIEB_ROLES = ['admin', 'disponent', 'examiner', 'driver'] as const;
export type BetriebRole = (typeof BETRIEB_ROLES)[number];
export const betriebRoleSchema = z
  .enum(BETRIEB_ROLES)
  .describe(
    'admin = verwaltet Mitglieder und Rollen; disponent = liest; examiner = Prüfer/in: sieht die Mitglieder und ' +
      'stellt Bescheinigungen aus; driver = teilt die eigenen Daten',
  );

export const BETRIEB_LIMITS = {
  nameLength: 100,
  depotNameLength: 60,
  depotsPerBetrieb: 50,
  /** Days an invitation stays open: at least, at most, and unless chosen. */
  invitationDaysMin: 1,
  invitationDaysMax: 30,
  invitationDaysDefault: 7,
  /** The Disponent's weekly coverage mail: the number of drivers a requirement needs, at most. */
  coverageAlertMinMax: 1_000,
} as const;

const betriebName = requiredText('Der Name des Betriebs', BETRIEB_LIMITS.nameLength);
const depotName = requiredText('Der Name eines Depots', BETRIEB_LIMITS.depotNameLength);
const depotNames = z
  .array(depotName)
  .max(BETRIEB_LIMITS.depotsPerBetrieb, `Ein Betrieb hat höchstens ${BETRIEB_LIMITS.depotsPerBetrieb} Depots.`)
  .refine(
    (names) => new Set(names.map((name) => name.trim().toLowerCase())).size === names.length,
    'Jedes Depot darf nur einmal vorkommen.',
  )
  .describe('Depots oder Teams, nach Namen');

export const depotSchema = z.object({ id: z.number().int(), name: z.string() });
export type Depot = z.infer<typeof depotSchema>;

/**
 * A depot in its Betrieb's list, with the first acquisition the Betrieb asks there (issue 41 item 3, decision 0067):
 * for every requirement of the depot that asks none of its own.
 */
export const betriebDepotSchema = depotSchema.extend({
  firstAcquisition: firstAcquisitionSchema
    .nullable()
    .describe('Ersterwerb für die Anforderungen dieses Depots, die keinen eigenen verlangen; null = keiner'),
});
export type BetriebDepot = z.infer<typeof betriebDepotSchema>;

/** The body of `PUT /api/betriebe/{id}/depots/{depotId}/first-acquisition` (admins). */
export const depotFirstAcquisitionSchema = z
  .strictObject({
    firstAcquisition: firstAcquisitionSchema
      .nullable()
      .describe('Ersterwerb für die Anforderungen des Depots ohne eigenen; null = keiner'),
  })
  .describe('Ersterwerb eines Depots');
export type DepotFirstAcquisition = z.infer<typeof depotFirstAcquisitionSchema>;

/** The path of one depot of a Betrieb. */
export const depotParamsSchema = z.object({ id: idParamsSchema.shape.id, depotId: idParamsSchema.shape.id });

/** A Betrieb as its members see it, with the caller's own membership. */
export const betriebSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  depots: z.array(betriebDepotSchema).describe('Nach Namen sortiert, mit dem Ersterwerb je Depot'),
  role: betriebRoleSchema.describe('Ihre Rolle in diesem Betrieb'),
  depot: depotSchema.nullable().describe('Ihr Depot in diesem Betrieb'),
  joinedAt: z.string().describe('Beitritt (ISO 8601)'),
  consentVersion: z.number().int().describe('Fassung der Einwilligung, der Sie zugestimmt haben'),
  consentedAt: z.string().describe('Zeitpunkt der Zustimmung (ISO 8601)'),
  coverageAlertMin: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe(
      'Ihr wöchentlicher Hinweis zur Abdeckung: eine Anforderung, für die weniger Fahrer/innen über die nächsten ' +
        `${COVERAGE_WINDOW_DAYS} Tage hinaus streckenkundig sind, nennt die Mail; null = keine Mail. Nur für Admins ` +
        'und Disponenten (fehlt bei Triebfahrzeugführer/innen).',
    ),
});
export type Betrieb = z.infer<typeof betriebSchema>;

/** `PUT /api/betriebe/{id}/membership/coverage-alert`: the caller's own weekly coverage mail (admins, Disponenten). */
export const coverageAlertSchema = z.strictObject({
  minDrivers: z
    .number({ message: 'Bitte eine Zahl von Fahrerinnen und Fahrern angeben oder den Hinweis abbestellen.' })
    .int('Bitte eine ganze Zahl angeben.')
    .min(1, 'Mindestens eine Fahrerin oder ein Fahrer.')
    .max(BETRIEB_LIMITS.coverageAlertMinMax, `Höchstens ${BETRIEB_LIMITS.coverageAlertMinMax} Fahrer/innen.`)
    .nullable()
    .describe(
      'Die Mail nennt jede Anforderung, für die weniger Fahrer/innen über die nächsten ' +
        `${COVERAGE_WINDOW_DAYS} Tage hinaus streckenkundig sind; null = keine Mail.`,
    ),
});
export type CoverageAlertInput = z.infer<typeof coverageAlertSchema>;

/** The consent a request agrees to: the version the caller was shown (`CONSENT_VERSION` today). */
const consentVersionSchema = z
  .number()
  .int()
  .positive()
  .describe(`Fassung der Einwilligung, die gezeigt wurde (aktuell ${CONSENT_VERSION})`);

export const createBetriebSchema = z.strictObject({
  name: betriebName,
  depots: depotNames.optional(),
  /** The founder becomes its first admin and member, under the same consent as anyone who joins. */
  consentVersion: consentVersionSchema,
});
export type CreateBetriebInput = z.input<typeof createBetriebSchema>;

export const updateBetriebSchema = z
  .strictObject({ name: betriebName.optional(), depots: depotNames.optional() })
  .describe(
    'Merge-Patch: nur genannte Felder ändern sich. `depots` ersetzt die Liste; Depots werden nach Namen abgeglichen, ' +
      'Mitglieder eines entfernten Depots sind danach ohne Depot.',
  );
export type UpdateBetriebInput = z.input<typeof updateBetriebSchema>;

/** A member as admins and Disponenten see them: name, role, depot — never an e-mail address (decision 0046). */
export const memberSchema = z.object({
  id: z.number().int().describe('Id der Mitgliedschaft (nicht des Kontos)'),
  name: z.string().describe('Vor- und Nachname'),
  role: betriebRoleSchema,
  depot: depotSchema.nullable(),
  joinedAt: z.string(),
  you: z.boolean().describe('Ihre eigene Mitgliedschaft'),
});
export type Member = z.infer<typeof memberSchema>;

/** How far back the Betrieb's home lists who joined, left or was removed (issue 40), and at most how many. */
export const MEMBERSHIP_CHANGES_DAYS = 30;
export const MEMBERSHIP_CHANGES_MAX = 50;

export const MEMBERSHIP_EVENTS = ['joined', 'left', 'removed'] as const;
export type MembershipEvent = (typeof MEMBERSHIP_EVENTS)[number];

/** A change of a Betrieb's members as its admins and Disponenten see it: who, what, when — never an e-mail address. */
export const membershipChangeSchema = z.object({
  event: z
    .enum(MEMBERSHIP_EVENTS)
    .describe('joined: beigetreten, left: ausgetreten, removed: von einem Admin entfernt'),
  at: z.string().describe('Zeitpunkt (ISO 8601)'),
  name: z.string().describe('Vor- und Nachname'),
  membershipId: z
    .number()
    .int()
    .nullable()
    .describe(
      'Id der Mitgliedschaft, solange die Person Triebfahrzeugführer/in des Betriebs ist (ihre Seite); sonst null',
    ),
});
export type MembershipChange = z.infer<typeof membershipChangeSchema>;

export const updateMemberSchema = z
  .strictObject({
    role: betriebRoleSchema.optional(),
    depot: z.number().int().positive().nullable().optional().describe('Id eines Depots des Betriebs, null = keins'),
  })
  .describe('Merge-Patch: Rolle und Depot eines Mitglieds.');
export type UpdateMemberInput = z.input<typeof updateMemberSchema>;

export const INVITATION_STATES = ['active', 'used', 'expired', 'revoked'] as const;
export const invitationSchema = z.object({
  id: z.number().int(),
  role: betriebRoleSchema.describe('Die Rolle, mit der man beitritt'),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  acceptedCount: z.number().int().describe('Wie viele über diese Einladung beigetreten sind'),
  state: z
    .enum(INVITATION_STATES)
    .describe('active; used = eine Einladung als Admin oder Disponent/in wurde angenommen; expired; revoked'),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const createInvitationSchema = z.strictObject({
  role: betriebRoleSchema.default('driver'),
  expiresInDays: z
    .number()
    .int('Bitte eine ganze Zahl von Tagen angeben.')
    .min(BETRIEB_LIMITS.invitationDaysMin, 'Eine Einladung gilt mindestens einen Tag.')
    .max(BETRIEB_LIMITS.invitationDaysMax, `Eine Einladung gilt höchstens ${BETRIEB_LIMITS.invitationDaysMax} Tage.`)
    .default(BETRIEB_LIMITS.invitationDaysDefault),
});
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

/** The answer of a creation: the only time link and code are shown. */
export const createdInvitationSchema = invitationSchema.extend({
  url: z.string().describe('Die Adresse zum Beitreten (/beitreten/{token}); nur dieses eine Mal gezeigt'),
  code: z.string().describe('Der Code zum Eintippen (XXXXX-XXXXX); nur dieses eine Mal gezeigt'),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const consentSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  intro: z.string(),
  shared: z.array(z.string()),
  recorded: z.array(z.string()).optional().describe('Was der Betrieb über das Mitglied festhält (ab Fassung 2)'),
  notShared: z.array(z.string()),
  terms: z.array(z.string()),
});

/** What an invitation shows before anyone joins: whose, as what, and what joining shares. */
export const invitationPreviewSchema = z.object({
  betrieb: z.string().describe('Name des Betriebs'),
  role: betriebRoleSchema,
  expiresAt: z.string(),
  consent: consentSchema,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationSchema = z.strictObject({ consentVersion: consentVersionSchema });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** Path ids of a Betrieb's member or invitation: parsed like every path id (404 for what cannot be an id). */
export const betriebItemParamsSchema = z.object({ id: idParamsSchema.shape.id, itemId: idParamsSchema.shape.id });

/** The web app's page for an invitation link: `/beitreten/{token}` (a typed code goes there too). */
export const INVITATION_PAGE_PREFIX = '/beitreten';

/** The characters of a code: no 0/O, 1/I/L, so that it can be read out and typed without mistakes. */
export const INVITATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITATION_CODE_LENGTH = 10;

/** A typed code as stored (upper case, without spaces and hyphens), or null when it cannot be a code. */
export function normaliseInvitationCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== INVITATION_CODE_LENGTH) return null;
  return [...code].every((c) => INVITATION_CODE_ALPHABET.includes(c)) ? code : null;
}

/** A code as shown: two groups of five (`K7QXM-2PAHD`). */
export function formatInvitationCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A code as typed into "Mit Code beitreten": ten characters of the code's alphabet, hyphens and spaces ignored. */
export const invitationCodeSchema = z.object({
  code: text()
    .trim()
    .refine(
      (value) => normaliseInvitationCode(value) !== null,
      `Bitte den Code aus ${INVITATION_CODE_LENGTH} Zeichen eingeben, z. B. K7QXM-2PAHD.`,
    ),
});
