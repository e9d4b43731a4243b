import { DEFAULT_TIME_ZONE } from '@streckenpass/contract/constants';
import {
  DEFAULT_KEEPING_WAYS,
  directionLabel,
  driveMannerLabel,
  keepsValid,
  type DriveDirection,
  type DriveWay,
} from '@streckenpass/contract/drive-ways';
import { wallClockIn } from '@streckenpass/contract/format';
import { isPlace } from '@streckenpass/contract/knowledge-items';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Route } from '@streckenpass/contract/routes';

/** What a drive whose way its route's rule does not keep counts for, in words (never colour alone). */
export const FIRST_ACQUISITION_ONLY = 'zählt nur für den Ersterwerb, nicht für die Gültigkeit';

type DriveManner = Partial<Pick<RouteActivity, 'way' | 'time' | 'direction' | 'dark'>>;

/** A route's ends and their stations, as far as a direction needs them. */
export type RouteEnds = Pick<Route, 'startPoint' | 'endPoint'> & Partial<Pick<Route, 'startStation' | 'endStation'>>;

/**
 * A drive's way, time, direction and darkness. A drive stored before ways were kept (a copy in the stored cache of an
 * older build) was driven, at no time given.
 */
export function mannerOf(drive: DriveManner): {
  way: DriveWay;
  time: string | null;
  direction: DriveDirection | null;
  dark: boolean | null;
} {
  return {
    way: drive.way ?? 'driven',
    time: drive.time ?? null,
    direction: drive.direction ?? null,
    dark: drive.dark ?? null,
  };
}

/** The ends a direction names: the linked station's name ("Mannheim Hbf"), else the place as typed. */
export function routeEnds(route: RouteEnds): { start: string; end: string } {
  return { start: route.startStation?.name ?? route.startPoint, end: route.endStation?.name ?? route.endPoint };
}

/**
 * How the lists describe a drive: "begleitete Fahrt · 21:40 Uhr · bei Dunkelheit", and "· Richtung Mannheim Hbf" when
 * a direction is given and `route` is the drive's one route.
 */
export function driveMannerText(drive: DriveManner, route?: RouteEnds | null): string {
  const manner = mannerOf(drive);
  // A place has no direction (issue 41 item 4): none is named, whatever an older drive recorded.
  const direction =
    manner.direction && route && !isPlace(route) ? directionLabel(manner.direction, routeEnds(route)) : null;
  return [driveMannerLabel(manner), direction].filter(Boolean).join(' · ');
}

/** The ways that keep a route's knowledge valid: its own rule, else the account's (the contract's default while unknown). */
export function keepingWaysOf(
  route: Partial<Pick<Route, 'keepingWays'>>,
  accountWays: readonly DriveWay[] | null | undefined,
): readonly DriveWay[] {
  return route.keepingWays ?? accountWays ?? DEFAULT_KEEPING_WAYS;
}

/** Whether a drive keeps `route` valid under its rule (else it counts only for a first acquisition). */
export function keepsRouteValid(
  drive: DriveManner,
  route: Partial<Pick<Route, 'keepingWays'>>,
  accountWays: readonly DriveWay[] | null | undefined,
): boolean {
  return keepsValid(mannerOf(drive).way, keepingWaysOf(route, accountWays));
}

/** The time on the app's wall clock (Europe/Berlin) as a drive records it, "05:40". */
export function timeNow(now = new Date()): string {
  const { hour, minute } = wallClockIn(now, DEFAULT_TIME_ZONE);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/**
 * A time as typed made "HH:MM": "540", "5:40", "5.40" → "05:40", "21" → "21:00". Anything else stays as it is, for
 * the contract's message.
 */
export function normalizeTime(text: string): string {
  const trimmed = text.trim();
  const match = /^(\d{1,2})(?:[:.]?(\d{2}))?$/.exec(trimmed);
  if (!match) return trimmed;
  const [, hours = '', minutes = '00'] = match;
  return `${hours.padStart(2, '0')}:${minutes}`;
}

/**
 * What a drive counts for where its way does not keep every route valid: "zählt nur für den Ersterwerb, nicht für
 * die Gültigkeit" (none of its routes), or "zählt bei „A“ nur für den Ersterwerb, …" (some); null = it keeps them all.
 */
export function firstAcquisitionNote(
  drive: DriveManner,
  routes: readonly (Pick<Route, 'name'> & Partial<Pick<Route, 'keepingWays'>>)[],
  accountWays: readonly DriveWay[] | null | undefined,
): string | null {
  const notKept = routes.filter((route) => !keepsRouteValid(drive, route, accountWays));
  if (notKept.length === 0) return null;
  if (notKept.length === routes.length) return FIRST_ACQUISITION_ONLY;
  return `zählt bei ${notKept.map((route) => `„${route.name}“`).join(', ')} nur für den Ersterwerb, nicht für die Gültigkeit`;
}
