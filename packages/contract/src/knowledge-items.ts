import { TERMS } from './terms.js';

/**
 * What a driver keeps knowledge of (issue 41 item 4, docs/decisions/0065): a route between two operating points, or a
 * place — one operating point, a station, a yard or a siding ("Ortskunde"), as TfV Anlage 8 asks knowledge of the
 * "Örtlichkeiten" and as MEV's app keeps stations, yards and sidings apart from routes. A place is stored as a route
 * whose start and end are the same operating point, so that drives, rules, validity, the expiring list, the Nachweis,
 * the backup and a Betrieb's coverage hold for it as for a route; these helpers are how every view tells the two
 * apart and words them. No zod here: pages import it freely.
 */
export const KNOWLEDGE_KINDS = ['route', 'place'] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];

/** The kinds as a choice names them: "Strecke", "Ortskunde". */
export const KNOWLEDGE_KIND_LABELS: Readonly<Record<KnowledgeKind, string>> = {
  route: TERMS.route,
  place: TERMS.place,
};

/** A station as a route (its object) or a requirement row (its DS100 code) holds it; null = free text. */
type StationRef = { code: string } | string | null | undefined;

const codeOf = (station: StationRef): string | null =>
  typeof station === 'string' ? station || null : (station?.code ?? null);

/**
 * Whether an item is a place: its start and end are one operating point (DS100). The same typed text at both ends
 * without a station is no place: what it names is unknown, so it stays a route as before.
 */
export function isPlace(item: { startStation?: StationRef; endStation?: StationRef }): boolean {
  const start = codeOf(item.startStation);
  return start !== null && start === codeOf(item.endStation);
}

export function knowledgeKind(item: { startStation?: StationRef; endStation?: StationRef }): KnowledgeKind {
  return isPlace(item) ? 'place' : 'route';
}

/** An operating point with its code: "Frankfurt(Main)Hbf (FF)". */
const stationWords = (station: { code: string; name: string }) => `${station.name} (${station.code})`;

/** A place as every list, the Nachweis and the Betrieb's views name it: "Ortskunde Frankfurt(Main)Hbf (FF)". */
export function placeKnowledgeLabel(station: { code: string; name: string }): string {
  return `${TERMS.place} ${stationWords(station)}`;
}

/** The name the route form proposes for a place: "Ortskunde Frankfurt(Main)Hbf" (editable). */
export function proposedPlaceName(station: { name: string }): string {
  return `${TERMS.place} ${station.name}`;
}

/** A requirement's short label of a place, in a matrix column: "Ortskunde FF". */
export function placeShortLabel(code: string): string {
  return `${TERMS.place} ${code}`;
}

/**
 * What an item covers, in words: a place as "Ortskunde Frankfurt(Main)Hbf (FF)", a route as its two ends
 * ("Frankfurt(Main)Hbf (FF) – Mannheim Hbf (RM)", typed text where no station is linked).
 */
export function knowledgeEndsLabel(item: {
  startPoint: string;
  endPoint: string;
  startStation?: { code: string; name: string } | null;
  endStation?: { code: string; name: string } | null;
}): string {
  if (item.startStation && isPlace(item)) return placeKnowledgeLabel(item.startStation);
  const end = (typed: string, station: { code: string; name: string } | null | undefined) =>
    station ? stationWords(station) : typed;
  return `${end(item.startPoint, item.startStation)} – ${end(item.endPoint, item.endStation)}`;
}

/** A place lies at one point: the server refuses a path for it, and finds none. */
export const PLACE_PATH_MESSAGE = 'Eine Ortskunde hat keinen Weg im Streckennetz.';

/**
 * Two operating points as a requirement names them: "Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF)", or the place when
 * both are one: "Ortskunde Frankfurt(Main)Hbf (FF)".
 */
export function stationsLabel(start: { code: string; name: string }, end: { code: string; name: string }): string {
  return start.code === end.code ? placeKnowledgeLabel(start) : `${stationWords(start)} – ${stationWords(end)}`;
}

/** A place is one station of the list: free text would be a route from a point to itself. */
export const PLACE_STATION_MESSAGE = 'Bitte die Betriebsstelle aus der Liste wählen (DS100-Kürzel oder Name).';
