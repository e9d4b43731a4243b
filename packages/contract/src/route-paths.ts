import { z } from 'zod';
import { lineSectionSchema, type LineSection } from './network.js';

/**
 * A route's path on the rail network (issue 29, items 2 and 3; docs/decisions/0051): the line sections it covers
 * (line number, from km, to km, in the order driven), its length and the point it was routed over. Found along the
 * tracks between the route's stations (`GET /api/network/path`), or given line by line. A route without a path (no
 * network imported, a station off the network, free-text places) has none, and everything works as before.
 */

/** At most this many sections per route (a path across Germany has a few dozen). */
export const MAX_PATH_SECTIONS = 200;

/** A km as DB counts them on a line; a few lines start below zero. */
const kmSchema = z
  .number({ error: 'Bitte einen km-Wert angeben.' })
  .min(-1000, 'Ein km-Wert liegt zwischen −1000 und 2000.')
  .max(2000, 'Ein km-Wert liegt zwischen −1000 und 2000.');

/** One line section as a client sends it. */
export const lineSectionInputSchema = z.strictObject({
  line: z
    .number({ error: 'Bitte die Streckennummer angeben.' })
    .int('Eine Streckennummer ist eine ganze Zahl.')
    .min(1, 'Eine Streckennummer liegt zwischen 1 und 99999.')
    .max(99999, 'Eine Streckennummer liegt zwischen 1 und 99999.'),
  fromKm: kmSchema,
  toKm: kmSchema,
});

export const routePathSchema = z.object({
  /** Length in km (one decimal): along the tracks, or the sum of the sections' km when given by line. */
  km: z.number(),
  sections: z.array(lineSectionSchema),
  /** DS100 code of the point the path was routed over; null = the shortest path, or given by line. */
  via: z.string().nullable(),
});
export type RoutePath = z.infer<typeof routePathSchema>;

/** What a client sends as a route's path: the sections it showed, its km and the point it went over. */
export const routePathInputSchema = z.strictObject({
  km: z.number().min(0).max(5000),
  sections: z
    .array(lineSectionInputSchema)
    .min(1, 'Ein Weg hat mindestens einen Streckenabschnitt.')
    .max(MAX_PATH_SECTIONS, `Ein Weg hat höchstens ${MAX_PATH_SECTIONS} Streckenabschnitte.`),
  via: z
    .string()
    .trim()
    .max(16)
    .nullable()
    .optional()
    .transform((value) => (value ? value.toUpperCase() : null)),
});
export type RoutePathInput = z.input<typeof routePathInputSchema>;

/** The length of sections given by line: the sum of their km spans, one decimal. */
export function sectionsKm(sections: readonly LineSection[]): number {
  const km = sections.reduce((sum, section) => sum + Math.abs(section.toKm - section.fromKm), 0);
  return Math.round(km * 10) / 10;
}

/** The line numbers in the order the sections run over them, each run of one line once. */
export function pathLines(sections: readonly LineSection[]): number[] {
  const lines: number[] = [];
  for (const { line } of sections) if (lines.at(-1) !== line) lines.push(line);
  return lines;
}

const kmFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const wholeKm = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** A path's length as a driver reads it: whole km from 10 km on ("78 km"), one decimal below ("7,2 km"). */
export function formatPathKm(km: number): string {
  return `${km >= 10 ? wholeKm.format(Math.round(km)) : kmFormat.format(km)} km`;
}

/** A km on a line as DB writes it: "12,3". */
export function formatLineKm(km: number): string {
  return kmFormat.format(km);
}

/** "über 3520 › 4010 › 4011, 78 km". */
export function pathSummary(path: Pick<RoutePath, 'km' | 'sections'>): string {
  const lines = pathLines(path.sections);
  return lines.length > 0 ? `über ${lines.join(' › ')}, ${formatPathKm(path.km)}` : formatPathKm(path.km);
}

/** "Strecke 4010, km 12,3 – 45,6". */
export function sectionLabel(section: LineSection): string {
  return `Strecke ${section.line}, km ${formatLineKm(section.fromKm)} – ${formatLineKm(section.toKm)}`;
}

/** The sections as one line of text for exports: "3520 km 0,0–3,4; 4010 km 1,2–60,0". */
export function sectionsText(sections: readonly LineSection[]): string {
  return sections
    .map((section) => `${section.line} km ${formatLineKm(section.fromKm)}–${formatLineKm(section.toKm)}`)
    .join('; ');
}

const SECTION_TEXT = /^(\d{1,5})\s*km\s*(-?\d+(?:,\d+)?)\s*[–—-]\s*(-?\d+(?:,\d+)?)$/;

/**
 * The sections of a text as `sectionsText` writes it ("3520 km 0,3–3,4; 4010 km 1,2–60,0"): read back by the CSV
 * import. Null for an empty text; an error for one that is not such a list.
 */
export function parseSectionsText(text: string): LineSection[] | null | { error: string } {
  const parts = text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const sections: LineSection[] = [];
  for (const part of parts) {
    const match = SECTION_TEXT.exec(part);
    if (!match) return { error: `„${part}“ ist kein Streckenabschnitt; bitte wie „4010 km 1,2–60,0“ schreiben.` };
    const km = (value: string) => Number(value.replace(',', '.'));
    sections.push({ line: Number(match[1]), fromKm: km(match[2]!), toKm: km(match[3]!) });
  }
  if (sections.length > MAX_PATH_SECTIONS)
    return { error: `Ein Weg hat höchstens ${MAX_PATH_SECTIONS} Streckenabschnitte.` };
  return sections;
}

/**
 * The line number a search asks for: "4010", "Strecke 4010" or "strecke4010" (3 to 5 digits); otherwise null, and
 * the search is a name search only.
 */
export function lineOfSearch(search: string): number | null {
  const match = /^(?:strecke\s*)?(\d{3,5})$/i.exec(search.trim());
  return match ? Number(match[1]) : null;
}

/** Whether a route's path covers part of `line`. */
export function coversLine(path: Pick<RoutePath, 'sections'> | null | undefined, line: number): boolean {
  return path?.sections.some((section) => section.line === line) ?? false;
}

/**
 * A typed place that is written as a DS100 code ("RMF", "TU  F"): upper case letters and digits, at most one run of
 * blanks. Only such text is looked up on the network (a junction has no station to link); "Mannheim" is not taken
 * for a code — nothing is guessed.
 */
const CODE_LIKE = /^[A-ZÄÖÜ][A-ZÄÖÜ0-9]{0,5}(?: {1,2}[A-ZÄÖÜ0-9]{1,3})?$/;

/**
 * The code a route's start or end is looked up by on the network: the linked station's, else the typed text if it is
 * written as a code; null = none (the route then has no path).
 */
export function pointCodeOf(station: string | null, typed: string): string | null {
  if (station) return station;
  const text = typed.trim();
  return CODE_LIKE.test(text) ? text : null;
}
