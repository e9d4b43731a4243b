import { z } from 'zod';

/**
 * How a drive was made (issue 41, docs/decisions/0063): the ways TfV Anlage 8 Nr. 2 names for acquiring route
 * knowledge. `driven` (selbst gefahren) is what every drive recorded before this was, and what a new one is unless
 * the driver says otherwise.
 */
export const DRIVE_WAYS = ['driven', 'escorted', 'cab_ride', 'route_film', 'simulator', 'line_walk'] as const;
export type DriveWay = (typeof DRIVE_WAYS)[number];

/** The ways in words, as the forms, the drive lists, the history, the CSV and the Nachweis write them. */
export const DRIVE_WAY_LABELS: Readonly<Record<DriveWay, string>> = {
  driven: 'selbst gefahren',
  escorted: 'begleitete Fahrt',
  cab_ride: 'Mitfahrt im Führerraum',
  route_film: 'streckentreuer Film',
  simulator: 'Simulator',
  line_walk: 'Begehung',
};

/**
 * The ways that keep route knowledge valid unless a rule says otherwise: driving it oneself and escorted drives.
 * The others (riding in the cab, films, the simulator, walking the line) count only for a first acquisition.
 */
export const DEFAULT_KEEPING_WAYS: readonly DriveWay[] = ['driven', 'escorted'];

export const driveWaySchema = z.enum(DRIVE_WAYS, {
  error: `Unbekannte Art der Fahrt; erlaubt: ${DRIVE_WAYS.join(', ')}.`,
});

/** The ways a validity rule lets keep knowledge valid: at least one, each once, in the order of `DRIVE_WAYS`. */
export const keepingWaysSchema = z
  .array(driveWaySchema)
  .min(1, 'Mindestens eine Art muss die Streckenkunde erhalten.')
  .max(DRIVE_WAYS.length)
  .refine((ways) => new Set(ways).size === ways.length, 'Jede Art nur einmal angeben.')
  .transform((ways) => DRIVE_WAYS.filter((way) => ways.includes(way)));

/** Whether a drive made this way keeps knowledge valid under `keepingWays` (the route's rule, else the account's). */
export function keepsValid(way: DriveWay, keepingWays: readonly DriveWay[] = DEFAULT_KEEPING_WAYS): boolean {
  return keepingWays.includes(way);
}

/** A rule's ways in words: "selbst gefahren, begleitete Fahrt". */
export function keepingWaysLabel(ways: readonly DriveWay[]): string {
  return DRIVE_WAYS.filter((way) => ways.includes(way))
    .map((way) => DRIVE_WAY_LABELS[way])
    .join(', ');
}

/** Which way a drive went along its route(s): from the route's start to its end, or back. */
export const DRIVE_DIRECTIONS = ['forward', 'reverse'] as const;
export type DriveDirection = (typeof DRIVE_DIRECTIONS)[number];
export const driveDirectionSchema = z.enum(DRIVE_DIRECTIONS, {
  error: 'Richtung: forward (vom Anfang zum Ende der Strecke) oder reverse.',
});

/** A direction in words without a route to name its ends (a drive of several routes, the history). */
export const DIRECTION_WORDS: Readonly<Record<DriveDirection, string>> = {
  forward: 'vom Start zum Ende',
  reverse: 'vom Ende zum Start',
};

/** "Richtung Mannheim Hbf": the station a drive went towards, from the route's ends. */
export function directionLabel(direction: DriveDirection, route: { start: string; end: string }): string {
  return `Richtung ${direction === 'forward' ? route.end : route.start}`;
}

/** A time of day on the wall clock of the app's time zone, "HH:MM" (00:00–23:59). */
export const driveTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Uhrzeit als HH:MM angeben, z. B. 05:40.')
  .describe('Uhrzeit der Fahrt (HH:MM, Zeitzone der Anwendung)');

/** How the drive lists and the Nachweis describe a drive's way, time and darkness: "begleitete Fahrt · 21:40 Uhr · bei Dunkelheit". */
export function driveMannerLabel(drive: { way: DriveWay; time: string | null; dark: boolean | null }): string {
  return [
    DRIVE_WAY_LABELS[drive.way],
    drive.time === null ? null : `${drive.time} Uhr`,
    drive.dark === true ? 'bei Dunkelheit' : drive.dark === false ? 'bei Tageslicht' : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}
