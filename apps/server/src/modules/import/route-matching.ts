import { placeWords } from '@streckenpass/contract/stations';
import type { RouteDescription } from '../../db/route-columns.js';
import type { AccountSnapshot, ExistingRoute } from './import.repository.js';
import { routeKey, type ImportRow } from './import-rows.js';

/**
 * A route name as lines and routes are compared: case, blanks, punctuation and dashes (- – —) do not count, umlauts
 * are spelled out and "Hauptbahnhof" is "Hbf" (the station matcher's words) — "Würzburg Hbf – Nürnberg Hbf" and
 * "wuerzburg hbf - nuernberg Hauptbahnhof" are one name. Empty for a name without letters or digits.
 */
export function routeNameKey(name: string): string {
  return placeWords(name).join(' ');
}

/** A route the lines are matched to: one of the account's, or the first line that named a new one. */
export interface Target extends RouteDescription {
  key: string;
  nameKey: string;
  existing: ExistingRoute | null;
}

const compatible = (a: string | null, b: string | null) => !a || !b || a === b;

/**
 * Finds the route a line means among `targets` (those `fits` lets through): the one whose company code agrees, or,
 * of several, the one with the same name; none when that is not exactly one.
 */
function choose(
  targets: readonly Target[] | undefined,
  row: ImportRow,
  nameKey: string,
  fits: (target: Target) => boolean = () => true,
): Target | undefined {
  let first: Target | undefined;
  let count = 0;
  let named: Target | undefined;
  let namedCount = 0;
  for (const target of targets ?? []) {
    if (!compatible(target.companyRoute, row.companyRoute) || !fits(target)) continue;
    count += 1;
    first ??= target;
    if (nameKey !== '' && target.nameKey === nameKey) {
      namedCount += 1;
      named = target;
    }
    // Two of the same name: no single answer, whatever follows.
    if (namedCount > 1) return undefined;
  }
  if (count === 1) return first;
  return namedCount === 1 ? named : undefined;
}

/**
 * The routes the lines are matched to (see `planImport`): the account's, and each new one the first line naming it
 * introduces. `match` answers a line's route and whether it has the line's own natural key (`exact`), or, for a
 * line that names no known route, the new route it introduces (`existing` null).
 */
export function createRouteMatcher(account: AccountSnapshot) {
  const byKey = new Map<string, Target>();
  const byStations = new Map<string, Target[]>();
  const byName = new Map<string, Target[]>();
  const add = <K>(map: Map<K, Target[]>, key: K, target: Target) => {
    const list = map.get(key);
    if (list) list.push(target);
    else map.set(key, [target]);
  };
  const stationPair = (start: string | null, end: string | null) => (start && end ? `${start}\u0000${end}` : null);
  const remember = (target: Target) => {
    if (!byKey.has(target.key)) byKey.set(target.key, target);
    const pair = stationPair(target.startStation, target.endStation);
    if (pair) add(byStations, pair, target);
    if (target.nameKey) add(byName, target.nameKey, target);
  };
  for (const route of account.routes) {
    remember({ ...route, key: routeKey(route), nameKey: routeNameKey(route.name), existing: route });
  }

  return (row: ImportRow): { target: Target; exact: boolean } => {
    const key = routeKey(row);
    const nameKey = routeNameKey(row.name);
    let target = byKey.get(key);
    const exact = target !== undefined;
    const pair = stationPair(row.startStation, row.endStation);
    if (!target && pair) target = choose(byStations.get(pair), row, nameKey);
    if (!target) {
      target = choose(
        byName.get(nameKey),
        row,
        nameKey,
        (candidate) =>
          compatible(candidate.startStation, row.startStation) && compatible(candidate.endStation, row.endStation),
      );
    }
    if (!target) {
      target = {
        key,
        nameKey,
        name: row.name,
        companyRoute: row.companyRoute,
        startPoint: row.startPoint,
        endPoint: row.endPoint,
        startStation: row.startStation,
        endStation: row.endStation,
        existing: null,
      };
      remember(target);
    }
    return { target, exact };
  };
}
