import { z } from 'zod';
import { BETRIEB_LIMITS, depotSchema } from './betriebe.js';
import { idSchema, text } from './common.js';
import { EXPIRING_SOON_DAYS } from './constants.js';
import { driveWaySchema, keepingWaysSchema } from './drive-ways.js';
import { firstAcquisitionSchema } from './first-acquisition.js';
import { csvFileReadShape } from './import.js';
import { LIMITS } from './limits.js';
import { lineSectionSchema } from './network.js';
import { lineSectionInputSchema } from './route-paths.js';

/**
 * Required route knowledge of a Betrieb (issue 28 item 2, docs/decisions/0046 addendum): a station pair by DS100 code
 * (either direction) — or one operating point twice, a place (Ortskunde, issue 41 item 4), met only by a driver's
 * place of that point —, optionally with the Betrieb's own code (Kürzel) and a line section (issue 29 item 3), for the
 * whole Betrieb or one depot. A driver's route meets a requirement by its station pair, by its path on the network
 * covering the line section, by its Kürzel, or because the driver linked it by hand.
 */

/** How a driver's route meets a requirement: its stations, its Kürzel, or a link the driver made by hand. */
export const REQUIREMENT_MATCH_KINDS = ['pair', 'section', 'code', 'manual'] as const;
export type RequirementMatchKind = (typeof REQUIREMENT_MATCH_KINDS)[number];
export const REQUIREMENT_MATCH_LABELS: Record<RequirementMatchKind, string> = {
  pair: 'über Start und Ende',
  section: 'über den Streckenabschnitt',
  code: 'über das Kürzel',
  manual: 'von Hand verknüpft',
};

export const requirementStationSchema = z.object({
  code: z.string().describe('DS100-Kürzel'),
  name: z.string().describe('Name der Betriebsstelle (das Kürzel, wenn sie nicht mehr im Datensatz ist)'),
});

export const requirementSchema = z.object({
  id: z.number().int(),
  startStation: requirementStationSchema,
  endStation: requirementStationSchema,
  companyRoute: z.string().nullable().describe('Kürzel des Betriebs für die Strecke'),
  section: lineSectionSchema
    .nullable()
    .describe(
      'Streckenabschnitt (Streckennummer, von km, bis km); eine Strecke, deren Weg ihn abdeckt, erfüllt die Anforderung',
    ),
  depot: depotSchema.nullable().describe('null = für den ganzen Betrieb'),
  minDrivers: z
    .number()
    .int()
    .nullable()
    .describe(
      `Mindestzahl der Fahrer/innen, die über die nächsten ${EXPIRING_SOON_DAYS} Tage hinaus streckenkundig sein ` +
        'sollen (issue 40); ' +
        'null = wie im Hinweis zur Abdeckung des Lesers gewählt (sonst 1)',
    ),
  /**
   * The Betrieb's own rules for this requirement (issue 41 items 2 and 3); absent = each driver's own, so that a
   * requirement without them answers as before.
   */
  keepingWays: z
    .array(driveWaySchema)
    .optional()
    .describe('Welche Arten der Fahrt die Streckenkunde für diese Anforderung erhalten; fehlt = die der Fahrer/innen'),
  firstAcquisition: firstAcquisitionSchema
    .optional()
    .describe(
      'Ersterwerb, den der Betrieb für diese Anforderung verlangt; fehlt = der ihres Depots, sonst der der Strecke',
    ),
  /** The first acquisition of the requirement's depot (decision 0067): what judges it when it has none of its own. */
  depotFirstAcquisition: firstAcquisitionSchema
    .optional()
    .describe(
      'Ersterwerb, den der Betrieb für das Depot der Anforderung verlangt; gilt, wenn sie keinen eigenen hat; ' +
        'fehlt = keiner',
    ),
  createdAt: z.string(),
});
export type Requirement = z.infer<typeof requirementSchema>;

/**
 * A requirement's minimum as the Betrieb's home and the weekly coverage mail count it: its own, else the reader's
 * choice in the coverage alert, else 1.
 */
export function requirementMinimum(requirement: Pick<Requirement, 'minDrivers'>, alertMin?: number | null): number {
  return requirement.minDrivers ?? alertMin ?? 1;
}

/** A requirement's own minimum as a client sends it: 1 to 1,000 drivers, or null for the reader's default. */
const minDriversInput = z
  .number({ message: 'Bitte eine Zahl von Fahrerinnen und Fahrern angeben.' })
  .int('Bitte eine ganze Zahl angeben.')
  .min(1, 'Mindestens eine Fahrerin oder ein Fahrer.')
  .max(BETRIEB_LIMITS.coverageAlertMinMax, `Höchstens ${BETRIEB_LIMITS.coverageAlertMinMax} Fahrer/innen.`)
  .nullable()
  .describe('Mindestzahl streckenkundiger Fahrer/innen; null oder weggelassen = wie im Hinweis zur Abdeckung');

/**
 * How far each end of a required line section a route's path may fall short and still cover it: the span of a
 * station (the network places an operating point at one km; an admin may type the km of its other end). Migration
 * 0013's `path_covers_section` holds the same figure (twice: both ends).
 */
export const SECTION_TOLERANCE_KM = 0.5;

/** A line section as a client sends it for a requirement: a line number and two different km. */
export const requirementSectionInputSchema = lineSectionInputSchema.refine((value) => value.fromKm !== value.toKm, {
  message: 'Von km und bis km müssen verschieden sein.',
  path: ['toKm'],
});

const requiredCode = (label: string) =>
  text()
    .trim()
    .min(1, `Bitte ${label} wählen.`)
    .max(8, 'Das Betriebsstellen-Kürzel darf höchstens 8 Zeichen lang sein.')
    .transform((value) => value.toUpperCase());

const requirementCode = text()
  .trim()
  .max(LIMITS.pointLength, `Das Kürzel darf höchstens ${LIMITS.pointLength} Zeichen lang sein.`)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

const requirementDepot = idSchema
  .nullable()
  .optional()
  .transform((value) => value ?? null)
  .describe('Id eines Depots des Betriebs; null oder weggelassen = der ganze Betrieb');

/** A line section on a requirement of a place: refused by the schema, and by the server on a merge-patch. */
export const PLACE_SECTION_MESSAGE = 'Eine Ortskunde hat keinen Streckenabschnitt.';

export const createRequirementSchema = z
  .strictObject({
    startStation: requiredCode('den Start (Betriebsstelle)').describe('DS100-Kürzel des Starts'),
    endStation: requiredCode('das Ende (Betriebsstelle)').describe(
      'DS100-Kürzel des Endes; dasselbe wie der Start = Ortskunde dieser Betriebsstelle (ohne Streckenabschnitt)',
    ),
    companyRoute: requirementCode.describe('Kürzel des Betriebs für die Strecke (optional)'),
    section: requirementSectionInputSchema
      .nullable()
      .optional()
      .transform((value) => value ?? null)
      .describe('Streckenabschnitt (optional): Streckennummer, von km, bis km'),
    depot: requirementDepot,
    minDrivers: minDriversInput.optional().transform((value) => value ?? null),
    keepingWays: keepingWaysSchema
      .nullable()
      .optional()
      .transform((value) => value ?? null)
      .describe('Eigene Regel der zählenden Arten der Fahrt; null oder weggelassen = die der Fahrer/innen'),
    firstAcquisition: firstAcquisitionSchema
      .nullable()
      .optional()
      .transform((value) => value ?? null)
      .describe('Verlangter Ersterwerb; null oder weggelassen = keiner über den der Strecke hinaus'),
  })
  // Start and end the same operating point: a place (Ortskunde, `knowledge-items.ts`), which has no line section.
  .refine((value) => !(value.section && value.startStation === value.endStation), {
    message: PLACE_SECTION_MESSAGE,
    path: ['section'],
  });
export type CreateRequirementInput = z.input<typeof createRequirementSchema>;

export const updateRequirementSchema = z
  .strictObject({
    startStation: requiredCode('den Start (Betriebsstelle)').optional(),
    endStation: requiredCode('das Ende (Betriebsstelle)').optional(),
    companyRoute: text()
      .trim()
      .max(LIMITS.pointLength, `Das Kürzel darf höchstens ${LIMITS.pointLength} Zeichen lang sein.`)
      .nullable()
      .optional()
      .transform((value) => (value === undefined ? undefined : value || null)),
    section: requirementSectionInputSchema.nullable().optional(),
    depot: idSchema.nullable().optional(),
    minDrivers: minDriversInput.optional(),
    keepingWays: keepingWaysSchema.nullable().optional(),
    firstAcquisition: firstAcquisitionSchema.nullable().optional(),
  })
  .describe(
    'Merge-Patch: nur genannte Felder ändern sich; `companyRoute`, `section` oder `depot` null = keins, ' +
      '`minDrivers` null = wie im Hinweis zur Abdeckung, `keepingWays` und `firstAcquisition` null = die der ' +
      'Fahrer/innen.',
  );
export type UpdateRequirementInput = z.input<typeof updateRequirementSchema>;

/** A driver's own route as a requirement's answer names it. */
export const matchedRouteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  validUntil: z
    .string()
    .nullable()
    .describe('Letzter gültiger Tag der Streckenkunde (JJJJ-MM-TT); null = nie gefahren'),
});

/** A requirement with the calling driver's route that meets it, and the route they linked by hand, if any. */
export const requirementMatchSchema = requirementSchema.extend({
  match: z
    .object({ kind: z.enum(REQUIREMENT_MATCH_KINDS), route: matchedRouteSchema })
    .nullable()
    .describe('Die eigene Strecke, die die Anforderung erfüllt (bei mehreren die am längsten gültige); null = keine'),
  link: matchedRouteSchema.nullable().describe('Die von Hand verknüpfte eigene Strecke; null = keine'),
});
export type RequirementMatch = z.infer<typeof requirementMatchSchema>;

export const linkRequirementSchema = z.strictObject({
  route: idSchema.describe('Id einer eigenen Strecke'),
});
export type LinkRequirementInput = z.input<typeof linkRequirementSchema>;

/**
 * The columns of a requirement's own rules in its CSV (optional on import): the minimum of drivers, the ways that keep
 * knowledge valid in words (`DRIVE_WAY_LABELS`, separated by `,` or `/`), and the first acquisition's drives per
 * direction, those in darkness and the days; an empty cell = none (no first acquisition without drives).
 */
export const REQUIREMENT_RULE_COLUMNS = {
  minDrivers: 'Minimum',
  keepingWays: 'Erhaltende Wege',
  firstDrives: 'Ersterwerb Fahrten',
  firstDark: 'Ersterwerb davon bei Dunkelheit',
  firstDays: 'Ersterwerb Tage',
} as const;

/**
 * The columns of the requirements' CSV, in the order the export writes them (other usual names are read too, see the
 * import's description).
 */
export const REQUIREMENT_IMPORT_COLUMNS: readonly string[] = [
  'Start',
  'Ende',
  'Kürzel',
  'Streckenabschnitt',
  'Depot',
  ...Object.values(REQUIREMENT_RULE_COLUMNS),
];
/** Lines a preview shows. */
export const REQUIREMENT_IMPORT_SAMPLE = 20;

export const requirementImportPreviewSchema = z.object({
  ...csvFileReadShape,
  /** Requirements the import adds (new ones, each once). */
  added: z.number().int(),
  /** Lines naming a requirement the Betrieb already has (or an earlier line of the file): nothing is added for them. */
  existing: z.number().int(),
  sample: z.array(
    z.object({
      line: z.number().int(),
      startStation: requirementStationSchema,
      endStation: requirementStationSchema,
      companyRoute: z.string().nullable(),
      section: lineSectionSchema.nullable(),
      depot: z.string().nullable(),
      minDrivers: z.number().int().nullable().describe('Minimum der Zeile; null = keins'),
      keepingWays: z
        .array(driveWaySchema)
        .nullable()
        .describe('Erhaltende Wege der Zeile; null = die der Fahrer/innen'),
      firstAcquisition: firstAcquisitionSchema.nullable().describe('Ersterwerb der Zeile; null = keiner'),
      existing: z.boolean(),
    }),
  ),
});
export type RequirementImportPreview = z.infer<typeof requirementImportPreviewSchema>;

export const requirementImportResultSchema = requirementImportPreviewSchema.extend({ message: z.string() });
export type RequirementImportResult = z.infer<typeof requirementImportResultSchema>;

/** A vehicle type the Betrieb requires its drivers to know, for the whole Betrieb or one depot. */
export const vehicleRequirementSchema = z.object({
  id: z.number().int(),
  vehicleType: z.string().describe('z. B. „BR 218“'),
  depot: depotSchema.nullable().describe('null = für den ganzen Betrieb'),
  createdAt: z.string(),
});
export type VehicleRequirement = z.infer<typeof vehicleRequirementSchema>;

export const createVehicleRequirementSchema = z.strictObject({
  vehicleType: text()
    .trim()
    .min(1, 'Bitte den Fahrzeugtyp angeben.')
    .max(LIMITS.nameLength, `Der Fahrzeugtyp darf höchstens ${LIMITS.nameLength} Zeichen lang sein.`)
    .describe('Name des Fahrzeugtyps, wie ihn die Fahrzeuge der Fahrer/innen tragen (z. B. „BR 218“)'),
  depot: requirementDepot,
});
export type CreateVehicleRequirementInput = z.input<typeof createVehicleRequirementSchema>;

/** A required vehicle type with the calling driver's vehicle of that name (case and blanks ignored), if any. */
export const vehicleRequirementMatchSchema = vehicleRequirementSchema.extend({
  vehicle: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe('Das eigene Fahrzeug dieses Typs; null = keins'),
});
export type VehicleRequirementMatch = z.infer<typeof vehicleRequirementMatchSchema>;
