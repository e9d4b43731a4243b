import { z } from 'zod';
import { depotSchema } from './betriebe.js';
import { idSchema, text } from './common.js';
import { EXPIRING_SOON_DAYS } from './constants.js';
import { formatDate } from './format.js';
import { addDays } from './knowledge.js';
import { REQUIREMENT_MATCH_KINDS, requirementSchema, vehicleRequirementSchema } from './requirements.js';
import type { LineSection } from './network.js';
import { nextCheckSchema } from './periodic-check.js';
import { sectionsText } from './route-paths.js';
import { placeShortLabel } from './knowledge-items.js';

/**
 * The Betrieb's views across its drivers (issue 28 items 3 and 4): the matrix of drivers × required route knowledge,
 * and "Wer kann fahren?" for one requirement or station pair on one day. Read by admins and Disponenten; rows are the
 * members with the role `driver` only. A cell is decided by the one matching rule (`requirementMatches` on the server).
 */

/**
 * Days ahead in which knowledge "läuft bald ab" in the Betrieb's views and its weekly coverage mail: the same window
 * as the driver's own dashboard.
 */
export const COVERAGE_WINDOW_DAYS = EXPIRING_SOON_DAYS;

/**
 * The state of one cell, on the day `asOf`:
 * - `gueltig`: valid beyond the window (valid_until > asOf + COVERAGE_WINDOW_DAYS);
 * - `bald`: still valid, but ends within the window (asOf ≤ valid_until ≤ asOf + COVERAGE_WINDOW_DAYS);
 * - `abgelaufen`: a matching route whose validity ended (valid_until < asOf);
 * - `ausbildung`: a matching route whose first acquisition is not yet met (issue 41 item 3): drives may exist, but it
 *   does not count as known yet (no valid_until) — "in Ausbildung", not "nie gefahren";
 * - `nie`: a matching route that was never driven (no valid_until): a state and a filter of its own (issue 40);
 * - `fehlt`: no route of the driver meets the requirement.
 * The words are these labels; `matrixCellLabel` words a whole cell, the date included, so that no state is told by
 * its colour alone.
 */
export const MATRIX_STATE_LABELS = {
  gueltig: 'gültig',
  bald: 'läuft bald ab',
  abgelaufen: 'abgelaufen',
  ausbildung: 'in Ausbildung',
  nie: 'nie gefahren',
  fehlt: 'fehlt',
};
export type MatrixState = keyof typeof MATRIX_STATE_LABELS;

/** A cell whose requirement is another depot's: it is shown, but not counted. */
export const MATRIX_NOT_REQUIRED_LABEL = 'nicht gefordert';
export const MATRIX_STATES = Object.keys(MATRIX_STATE_LABELS) as [MatrixState, ...MatrixState[]];

/** The states of a matched cell, valid on the Stichtag or not. */
export type MatchedMatrixState = Exclude<MatrixState, 'fehlt'>;

/** The state of a matched route that was never driven (no last valid day). */
export const MATRIX_NEVER_STATE = 'nie' satisfies MatchedMatrixState;

/** The state of a matched route whose first acquisition is not yet met (no last valid day, drives or not). */
export const MATRIX_TRAINING_STATE = 'ausbildung' satisfies MatchedMatrixState;

/**
 * The one definition of a matched cell's state: a route without a last valid day is `ausbildung` while its first
 * acquisition is not met, else `nie`; otherwise the
 * first band whose end its last valid day lies before (`before`: days after the Stichtag; null: no end). `matrixState`
 * decides by it in code, and the server's SQL decides by it for the filters and totals it counts in the database.
 */
export const MATRIX_STATE_BANDS: readonly {
  state: Exclude<MatchedMatrixState, typeof MATRIX_NEVER_STATE | typeof MATRIX_TRAINING_STATE>;
  before: number | null;
}[] = [
  { state: 'abgelaufen', before: 0 },
  { state: 'bald', before: COVERAGE_WINDOW_DAYS + 1 },
  { state: 'gueltig', before: null },
];

/** The matched states that are valid on the Stichtag (counted as "streckenkundig"). */
export const MATRIX_VALID_STATES: readonly MatchedMatrixState[] = ['bald', 'gueltig'];

/**
 * The state of a matched route's last valid day (null = never driven, or in training when `training`) on the day
 * `asOf` (both YYYY-MM-DD).
 */
export function matrixState(validUntil: string | null, asOf: string, matched = true, training = false): MatrixState {
  if (!matched) return 'fehlt';
  if (validUntil === null) return training ? MATRIX_TRAINING_STATE : MATRIX_NEVER_STATE;
  const band = MATRIX_STATE_BANDS.find(({ before }) => before === null || validUntil < addDays(asOf, before));
  return band!.state;
}

/**
 * The facts of a requirement's best match a cell is decided from: its last valid day, its route and how it matched,
 * and whether that route is still in its first acquisition.
 */
export type MatrixMatchFacts = Pick<MatrixCell, 'validUntil' | 'route' | 'kind'> & { training?: boolean };

/** A cell's state and facts on `asOf` from the best match of the requirement (undefined: none, `fehlt`). */
export function matrixCellOf(
  match: MatrixMatchFacts | undefined,
  asOf: string,
): Omit<MatrixCell, 'requirementId' | 'required'> {
  if (!match) return { state: matrixState(null, asOf, false), validUntil: null, route: null, kind: null };
  const { training = false, ...facts } = match;
  return { state: matrixState(facts.validUntil, asOf, true, training), ...facts };
}

/** Orders of the matrix's rows: by name, by depot (then name), or the driver whose knowledge ends first on top. */
export const MATRIX_SORTS = ['name', 'depot', 'expiring'] as const;
export type MatrixSort = (typeof MATRIX_SORTS)[number];

export const MATRIX_PAGE_SIZE_MAX = 100;
export const MATRIX_PAGE_SIZE_DEFAULT = 50;

export const matrixQuerySchema = z.object({
  depot: idSchema
    .optional()
    .describe('Nur Fahrer/innen dieses Depots und die Anforderungen für den ganzen Betrieb und dieses Depot'),
  requirement: idSchema.optional().describe('Nur diese eine Anforderung als Spalte'),
  state: z
    .enum(MATRIX_STATES)
    .optional()
    .describe('Nur Fahrer/innen mit mindestens einer geforderten Zelle in diesem Zustand'),
  q: text()
    .trim()
    .max(100, 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.')
    .optional()
    .describe('Teil des Namens (Vor- oder Nachname, Groß-/Kleinschreibung egal)'),
  sort: z
    .enum(MATRIX_SORTS)
    .default('name')
    .describe(
      'name = nach Nachnamen; depot = nach Depot, dann Namen; expiring = wessen Streckenkunde zuerst endet (fehlende zuerst)',
    ),
  page: z.coerce.number().int().min(1, 'Seiten zählen ab 1.').max(100_000, 'So viele Seiten gibt es nicht.').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'Mindestens eine Zeile je Seite.')
    .max(MATRIX_PAGE_SIZE_MAX, `Höchstens ${MATRIX_PAGE_SIZE_MAX} Zeilen je Seite.`)
    .default(MATRIX_PAGE_SIZE_DEFAULT),
});
export type MatrixQuery = z.input<typeof matrixQuerySchema>;

/** The filters of an export (CSV, PDF): the page's, without paging — every driver that passes them. */
export const matrixExportSchema = matrixQuerySchema.omit({ page: true, pageSize: true });
export type MatrixExportInput = z.input<typeof matrixExportSchema>;

/** Cells (drivers × requirements) a PDF of the matrix holds at most; more: filter by depot, requirement or state. */
export const MATRIX_PDF_MAX_CELLS = 5_000;

/** The driver's route that decides a cell (the one valid longest, see the matching rule). */
export const matrixRouteSchema = z.object({ id: z.number().int(), name: z.string() });

export const matrixCellSchema = z.object({
  requirementId: z.number().int(),
  state: z.enum(MATRIX_STATES),
  validUntil: z
    .string()
    .nullable()
    .describe('Letzter gültiger Tag (JJJJ-MM-TT); null = fehlt, in Ausbildung oder nie gefahren'),
  route: matrixRouteSchema.nullable(),
  kind: z.enum(REQUIREMENT_MATCH_KINDS).nullable().describe('pair, code, manual; null = fehlt'),
  required: z
    .boolean()
    .describe('false: die Anforderung gilt für ein anderes Depot als das der Fahrerin/des Fahrers (zählt nicht mit)'),
});
export type MatrixCell = z.infer<typeof matrixCellSchema>;

/**
 * A required vehicle type in a driver's row (issue 40 item 4): their vehicle of that type (its name, case and blanks
 * ignored, as "Wer kann fahren?" matches it) or none.
 */
export const matrixVehicleCellSchema = z.object({
  requirementId: z.number().int().describe('Id des geforderten Fahrzeugtyps'),
  vehicle: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe('Ihr/sein Fahrzeug dieses Typs; null = fehlt'),
  required: z.boolean().describe('false: der Fahrzeugtyp gilt für ein anderes Depot (zählt nicht mit)'),
});
export type MatrixVehicleCell = z.infer<typeof matrixVehicleCellSchema>;

export const matrixDriverSchema = z.object({
  membershipId: z.number().int(),
  name: z.string(),
  depot: depotSchema.nullable(),
  cells: z.array(matrixCellSchema).describe('Eine Zelle je Anforderung, in der Reihenfolge von `requirements`'),
  vehicles: z
    .array(matrixVehicleCellSchema)
    .describe('Eine Zelle je gefordertem Fahrzeugtyp, in der Reihenfolge von `vehicleTypes`'),
  nextCheck: nextCheckSchema.describe('Nächste Überprüfung der Streckenkenntnis (TfV Anlage 11 Nr. 3 b)'),
});
export type MatrixDriver = z.infer<typeof matrixDriverSchema>;

/** Coverage of one requirement over every driver it is required of (depot filter applied): "12 von 40". */
export const matrixTotalSchema = z.object({
  requirementId: z.number().int(),
  valid: z.number().int().describe('Gültig am Stichtag (einschließlich „läuft bald ab“)'),
  expiring: z.number().int().describe('Davon läuft bald ab'),
  expired: z.number().int().describe('Abgelaufen (gefahren, aber nicht mehr gültig)'),
  never: z
    .number()
    .int()
    .optional()
    .describe('Passende Strecke, nie gefahren (fehlt in Dokumenten vor Dezember 2026: dort zählt `expired` sie mit)'),
  training: z
    .number()
    .int()
    .optional()
    .describe(
      'Passende Strecke in Ausbildung: Erstausbildung noch nicht erfüllt (fehlt in Dokumenten vor Dezember 2026)',
    ),
  missing: z.number().int(),
  drivers: z.number().int().describe('Fahrer/innen, für die die Anforderung gilt'),
});
export type MatrixTotal = z.infer<typeof matrixTotalSchema>;

/** Of one required vehicle type, over every driver it is asked of (depot filter applied): "2 von 5 kennen ihn". */
export const matrixVehicleTotalSchema = z.object({
  requirementId: z.number().int(),
  known: z.number().int().describe('Fahrer/innen mit einem Fahrzeug dieses Typs'),
  drivers: z.number().int().describe('Fahrer/innen, für die der Fahrzeugtyp gilt'),
});
export type MatrixVehicleTotal = z.infer<typeof matrixVehicleTotalSchema>;

export const matrixSchema = z.object({
  requirements: z.array(requirementSchema).describe('Die Spalten: für den ganzen Betrieb zuerst, dann nach Depot'),
  vehicleTypes: z
    .array(vehicleRequirementSchema)
    .describe('Die geforderten Fahrzeugtypen als weitere Spalten (keine, wenn nach einer Anforderung gefiltert wird)'),
  vehicleTotals: z.array(matrixVehicleTotalSchema).describe('Je Fahrzeugtyp, über alle Fahrer/innen'),
  drivers: z.array(matrixDriverSchema).describe('Die Zeilen dieser Seite'),
  totals: z.array(matrixTotalSchema).describe('Je Anforderung, über alle Fahrer/innen (nicht nur diese Seite)'),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().describe('Fahrer/innen, die zu den Filtern passen'),
  asOf: z.string().describe('Stichtag (JJJJ-MM-TT, heute in der Zeitzone der App)'),
});
export type Matrix = z.infer<typeof matrixSchema>;

/**
 * A cell in words, as the matrix, the CSV, the PDF and a screen reader say it (issue 40: the colour only repeats it):
 * 'gültig bis 31.12.2027', 'läuft ab am 15.12.2026', 'abgelaufen seit 02.01.2026' (the day after the last valid
 * one), 'nie gefahren', 'fehlt'.
 */
export function matrixCellLabel(cell: Pick<MatrixCell, 'state' | 'validUntil'>): string {
  switch (cell.state) {
    case 'gueltig':
      return `gültig bis ${formatDate(cell.validUntil)}`;
    case 'bald':
      return `läuft ab am ${formatDate(cell.validUntil)}`;
    case 'abgelaufen':
      return cell.validUntil
        ? `abgelaufen seit ${formatDate(addDays(cell.validUntil, 1))}`
        : MATRIX_STATE_LABELS.abgelaufen;
    default:
      return MATRIX_STATE_LABELS[cell.state];
  }
}

/**
 * A requirement in a column's header: 'NWH – NF (K1) · 5910 km 1,0–20,0 · Würzburg' — codes, Kürzel, section, depot;
 * a place's as 'Ortskunde FF (K1) · Würzburg'.
 */
export function requirementShortLabel(requirement: {
  startStation: { code: string };
  endStation: { code: string };
  companyRoute: string | null;
  section?: LineSection | null;
  depot: { name: string } | null;
}): string {
  const code = requirement.companyRoute ? ` (${requirement.companyRoute})` : '';
  const section = requirement.section ? ` · ${sectionsText([requirement.section])}` : '';
  const depot = requirement.depot ? ` · ${requirement.depot.name}` : '';
  const items =
    requirement.startStation.code === requirement.endStation.code
      ? placeShortLabel(requirement.startStation.code)
      : `${requirement.startStation.code} – ${requirement.endStation.code}`;
  return `${items}${code}${section}${depot}`;
}

/** A vehicle type in a column's header: 'BR 218' or 'BR 218 · Würzburg'. */
export function vehicleTypeShortLabel(requirement: { vehicleType: string; depot: { name: string } | null }): string {
  return requirement.depot ? `${requirement.vehicleType} · ${requirement.depot.name}` : requirement.vehicleType;
}

/** A vehicle cell in words: 'bekannt (Br218)' with the driver's vehicle of the type, or 'fehlt'. */
export function vehicleCellLabel(cell: { vehicle: { name: string } | null }): string {
  return cell.vehicle ? `bekannt (${cell.vehicle.name})` : MATRIX_STATE_LABELS.fehlt;
}

/** "2 von 5 Fahrer/innen kennen den Typ", "1 von 1 Fahrer/in kennt den Typ". */
export function vehicleCoverageLabel(total: Pick<MatrixVehicleTotal, 'known' | 'drivers'>): string {
  const drivers = total.drivers === 1 ? 'Fahrer/in' : 'Fahrer/innen';
  return `${total.known} von ${total.drivers} ${drivers} ${total.known === 1 ? 'kennt' : 'kennen'} den Typ`;
}

/** "12 von 40 Fahrern streckenkundig". */
export function coverageLabel(total: Pick<MatrixTotal, 'valid' | 'drivers'>): string {
  return `${total.valid} von ${total.drivers} ${total.drivers === 1 ? 'Fahrer/in' : 'Fahrer/innen'} streckenkundig`;
}
