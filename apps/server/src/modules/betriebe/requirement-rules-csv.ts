import { DRIVE_WAY_LABELS, DRIVE_WAYS, keepingWaysSchema, type DriveWay } from '@streckenpass/contract/drive-ways';
import { firstAcquisitionSchema, type FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import { createRequirementSchema, REQUIREMENT_RULE_COLUMNS } from '@streckenpass/contract/requirements';

/*
 * A requirement's own rules from the cells of a CSV line (issue 41 items 2 and 3): the minimum of drivers, the ways
 * that keep the knowledge valid, and the first acquisition — in the columns the export writes
 * (`REQUIREMENT_RULE_COLUMNS`), checked by the contract's schemas, whose German messages name a bad cell.
 */

export type RuleField = keyof typeof REQUIREMENT_RULE_COLUMNS;

/** Other usual names of the rules' columns, compared as every column name is (`columnKey`). */
export const RULE_SYNONYMS: Record<RuleField, string[]> = {
  minDrivers: [REQUIREMENT_RULE_COLUMNS.minDrivers, 'Mindestzahl', 'Mindestens', 'Mindestanzahl', 'Mindestzahl Fahrer'],
  keepingWays: [REQUIREMENT_RULE_COLUMNS.keepingWays, 'Erhaltende Arten', 'Erhalten durch', 'Erhaltende Fahrten'],
  firstDrives: [REQUIREMENT_RULE_COLUMNS.firstDrives, 'Ersterwerb', 'Ersterwerb Fahrten je Richtung'],
  firstDark: [REQUIREMENT_RULE_COLUMNS.firstDark, 'Ersterwerb Dunkelheit', 'Ersterwerb bei Dunkelheit'],
  firstDays: [REQUIREMENT_RULE_COLUMNS.firstDays, 'Ersterwerb innerhalb Tage', 'Ersterwerb Zeitraum'],
};

export interface RequirementRules {
  minDrivers: number | null;
  keepingWays: DriveWay[] | null;
  firstAcquisition: FirstAcquisition | null;
}

/** A way in words as compared: lower case, blanks collapsed. */
const wayKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const WAYS = new Map<string, DriveWay>(
  DRIVE_WAYS.flatMap((way) => [
    [wayKey(DRIVE_WAY_LABELS[way]), way],
    [way, way],
  ]),
);

/** A whole number as typed ("3"; "1,5" is a number the schema refuses as not whole); anything else NaN. */
function numberOf(text: string): number {
  return /^\d+(?:,\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

const quoted = (field: RuleField) => `„${REQUIREMENT_RULE_COLUMNS[field]}“`;
const FIRST_ACQUISITION_FIELDS: Record<string, RuleField> = {
  drives: 'firstDrives',
  dark: 'firstDark',
  days: 'firstDays',
};

/**
 * The rules of a line's cells (trimmed; missing = empty): empty cells are no rule. Every bad cell adds its reason to
 * `reasons`; then the rules answered are not to be used.
 */
export function readRules(cells: Partial<Record<RuleField, string>>, reasons: string[]): RequirementRules {
  const rules: RequirementRules = { minDrivers: null, keepingWays: null, firstAcquisition: null };

  if (cells.minDrivers) {
    const checked = createRequirementSchema.shape.minDrivers.safeParse(numberOf(cells.minDrivers));
    if (checked.success) rules.minDrivers = checked.data;
    else reasons.push(`${quoted('minDrivers')}: ${checked.error.issues[0]?.message ?? 'ungültig'}`);
  }

  if (cells.keepingWays) {
    const words = cells.keepingWays
      .split(/[,/]/)
      .map((word) => word.trim())
      .filter(Boolean);
    const unknown = words.filter((word) => !WAYS.has(wayKey(word)));
    if (unknown.length > 0) {
      reasons.push(
        `${quoted('keepingWays')}: ${unknown.map((word) => `„${word}“`).join(', ')} ist keine Art der Fahrt; ` +
          `erlaubt: ${DRIVE_WAYS.map((way) => DRIVE_WAY_LABELS[way]).join(', ')}.`,
      );
    } else if (words.length > 0) {
      const checked = keepingWaysSchema.safeParse(words.map((word) => WAYS.get(wayKey(word))));
      if (checked.success) rules.keepingWays = checked.data;
      else reasons.push(`${quoted('keepingWays')}: ${checked.error.issues[0]?.message ?? 'ungültig'}`);
    }
  }

  if (cells.firstDrives) {
    const checked = firstAcquisitionSchema.safeParse({
      drives: numberOf(cells.firstDrives),
      dark: cells.firstDark ? numberOf(cells.firstDark) : 0,
      days: cells.firstDays ? numberOf(cells.firstDays) : null,
    });
    if (checked.success) rules.firstAcquisition = checked.data;
    else {
      for (const issue of checked.error.issues) {
        const field = FIRST_ACQUISITION_FIELDS[String(issue.path[0])] ?? 'firstDrives';
        reasons.push(`${quoted(field)}: ${issue.message}`);
      }
    }
  } else if (cells.firstDark || cells.firstDays) {
    reasons.push(
      `${quoted('firstDrives')} fehlt: Ohne die Zahl der Fahrten je Richtung verlangt die Anforderung keinen Ersterwerb.`,
    );
  }
  return rules;
}
