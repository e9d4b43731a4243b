import { VALIDITY_DAYS_HALF_YEAR, VALIDITY_DAYS_YEAR } from '@streckenpass/contract/constants';
import type { ValidityPeriod } from '@streckenpass/contract/knowledge';
import type { RoutePath, RoutePathInput } from '@streckenpass/contract/route-paths';
import { DEFAULT_KEEPING_WAYS, DRIVE_WAYS, type DriveWay } from '@streckenpass/contract/drive-ways';
import type { FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import type { KnowledgeKind } from '@streckenpass/contract/knowledge-items';

export type RuleChoice = 'account' | 'year' | 'half-year' | 'custom';

export interface RouteFormValues {
  /** A route between two points, or a place (Ortskunde, issue 41 item 4): one station, stored at both ends. */
  kind: KnowledgeKind;
  name: string;
  companyRoute: string;
  startPoint: string;
  endPoint: string;
  /** The route's validity rule: the account's, or its own (docs/decisions/0020). */
  rule: RuleChoice;
  ruleDays: number | string;
  /** Which ways of a drive keep it valid: the account's rule, or the route's own `keepingWays` (issue 41). */
  waysRule: 'account' | 'own';
  keepingWays: DriveWay[];
  /** The first acquisition the route asks before it counts as known (issue 41 item 3); null = none. */
  firstAcquisition: FirstAcquisition | null;
  /** DS100 codes of the chosen stations; null = free text. */
  startStation: string | null;
  endStation: string | null;
  /** "Zuletzt gefahren am" (yyyy-mm-dd), only on create; empty = no first record. */
  lastDriven: string;
  /** The first drive's validity: by the rule, or explicitly a year or half a year. */
  period: ValidityPeriod | 'rule';
  /** The path: along the tracks (the shortest, or over `via`), or one section given by line number and km. */
  pathMode: 'network' | 'line';
  /** DS100 code of a point the path goes over; empty = the shortest path. */
  via: string;
  lineNumber: number | string;
  lineFromKm: number | string;
  lineToKm: number | string;
  /**
   * The path the save sends, resolved when the form is submitted (`resolvePath`): undefined = the server keeps the
   * route's path, or finds the shortest when the start or end changed; null = none.
   */
  path?: RoutePathInput | null;
}

/** The route's own rule in days from the form; null = the account's. */
export function ruleDaysOf(values: Pick<RouteFormValues, 'rule' | 'ruleDays'>): number | null {
  if (values.rule === 'account') return null;
  if (values.rule === 'year') return VALIDITY_DAYS_YEAR;
  if (values.rule === 'half-year') return VALIDITY_DAYS_HALF_YEAR;
  return typeof values.ruleDays === 'number' ? values.ruleDays : Number.NaN;
}

/** The route's own ways from the form, in the contract's order (not the order of the taps); null = the account's rule. */
export function keepingWaysOfForm(values: Pick<RouteFormValues, 'waysRule' | 'keepingWays'>): DriveWay[] | null {
  return values.waysRule === 'account' ? null : DRIVE_WAYS.filter((way) => values.keepingWays.includes(way));
}

/** The form's choice for a route's stored ways (the account's rule: the contract's default to start from). */
export function waysChoiceOf(
  ways: readonly DriveWay[] | null | undefined,
): Pick<RouteFormValues, 'waysRule' | 'keepingWays'> {
  return ways
    ? { waysRule: 'own', keepingWays: [...ways] }
    : { waysRule: 'account', keepingWays: [...DEFAULT_KEEPING_WAYS] };
}

/** The form's rule choice for a route's stored rule. */
export function ruleChoiceOf(days: number | null | undefined): Pick<RouteFormValues, 'rule' | 'ruleDays'> {
  if (days === null || days === undefined) return { rule: 'account', ruleDays: 90 };
  if (days === VALIDITY_DAYS_YEAR) return { rule: 'year', ruleDays: days };
  if (days === VALIDITY_DAYS_HALF_YEAR) return { rule: 'half-year', ruleDays: days };
  return { rule: 'custom', ruleDays: days };
}

export const emptyRouteValues: RouteFormValues = {
  kind: 'route',
  name: '',
  companyRoute: '',
  startPoint: '',
  endPoint: '',
  rule: 'account',
  ruleDays: 90,
  ...waysChoiceOf(null),
  firstAcquisition: null,
  startStation: null,
  endStation: null,
  lastDriven: '',
  period: 'rule',
  pathMode: 'network',
  via: '',
  lineNumber: '',
  lineFromKm: '',
  lineToKm: '',
};

/**
 * The form's path fields for a stored path: along the tracks, over its via point if it has one. (A section once given
 * by line is kept as it is unless the driver chooses anew.)
 */
export function pathChoiceOf(
  path: RoutePath | undefined,
): Pick<RouteFormValues, 'pathMode' | 'via' | 'lineNumber' | 'lineFromKm' | 'lineToKm'> {
  return { pathMode: 'network', via: path?.via ?? '', lineNumber: '', lineFromKm: '', lineToKm: '' };
}
