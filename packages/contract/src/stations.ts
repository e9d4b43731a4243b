import { z } from 'zod';
import { text } from './common.js';

/**
 * Railway operating points (Betriebsstellen) with their DS100/RIL100 code, from the `db-stations` data set
 * (data © Deutsche Bahn, CC BY 4.0). The server and the web app share the matching below, so that the search
 * endpoint and the offline combobox rank alike.
 */

/** One station as the routes carry it. */
export const stationSchema = z.object({
  code: z.string().describe('DS100/RIL100-Kürzel, z. B. „FF“'),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type Station = z.infer<typeof stationSchema>;

/** A station in the index: with its weight (how busy it is; higher first among equal matches). */
export interface IndexedStation extends Station {
  weight: number;
}

/** The compact list the web app caches for offline lookup: `[code, name, lat, lon, weight]` per station. */
export const stationTupleSchema = z.tuple([z.string(), z.string(), z.number(), z.number(), z.number()]);
export type StationTuple = z.infer<typeof stationTupleSchema>;
export const stationListSchema = z.object({
  /** The data set's version (`db-stations@x.y.z`): the cache key of the offline copy. */
  version: z.string(),
  stations: z.array(stationTupleSchema),
});
export type StationList = z.infer<typeof stationListSchema>;

export const stationSearchQuerySchema = z.object({
  q: text()
    .trim()
    .min(1, 'Bitte einen Suchbegriff angeben.')
    .max(64, 'Der Suchbegriff darf höchstens 64 Zeichen lang sein.'),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export const stationSearchResultSchema = z.object({ stations: z.array(stationSchema) });
export type StationSearchResult = z.infer<typeof stationSearchResultSchema>;

/** A station code as sent by a client: trimmed, upper case, inner runs of blanks kept as in the data ("TU  F"). */
export const stationCodeSchema = text()
  .trim()
  .max(8, 'Das Betriebsstellen-Kürzel darf höchstens 8 Zeichen lang sein.')
  .transform((value) => value.toUpperCase())
  .nullable()
  .transform((value) => (value ? value : null));

/** "Frankfurt (Main) Hbf (FF)" for a linked place, otherwise the text as typed. */
export function placeLabel(typed: string, station: Pick<Station, 'code' | 'name'> | null | undefined): string {
  return station ? `${station.name} (${station.code})` : typed;
}

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', é: 'e', è: 'e', à: 'a' };
/** Words written several ways; the key is replaced by the value after the other rules. */
const WORDS: Record<string, string> = {
  hauptbahnhof: 'hbf',
  hbhf: 'hbf',
  bahnhof: 'bf',
  bhf: 'bf',
  sankt: 'st',
};

/**
 * The comparable form of a place name: lower case, umlauts and ß spelled out (ü → ue), punctuation as blanks,
 * "Hauptbahnhof" as "hbf"; then words. "Frankfurt (Main) Hauptbahnhof" → ["frankfurt", "main", "hbf"].
 */
export function placeWords(value: string): string[] {
  const spelled = value
    .toLowerCase()
    .normalize('NFC')
    .replace(/[äöüßéèà]/g, (char) => UMLAUTS[char] ?? char);
  // "Hbf." and "Hbf" alike; "Frankfurt(M)" splits at the bracket; only whole words are replaced.
  return spelled
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => WORDS[word] ?? word);
}

/** Umlauts folded further (ue → u), so that "munchen" finds "München" as well as "muenchen" does. */
function loose(word: string): string {
  return word.replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u');
}

/** A code as the data set writes it, for exact comparison: upper case, trimmed. */
export function normaliseCode(value: string): string {
  return value.trim().toUpperCase();
}

interface Entry {
  station: IndexedStation;
  code: string;
  /** The code without blanks ("TU  F" → "TUF"), for typed codes. */
  compactCode: string;
  words: string[];
  looseWords: string[];
  joined: string;
  looseJoined: string;
}

export interface StationIndex {
  readonly size: number;
  byCode(code: string): IndexedStation | undefined;
  /** Stations matching `query`, best first (see `rankOf`). */
  search(query: string, limit?: number): IndexedStation[];
  /** The station whose name or code is exactly `typed` (for linking existing routes), or undefined. */
  exact(typed: string): IndexedStation | undefined;
}

/** Whether every query word is the start of a distinct name word, in any order (bit mask: no allocation). */
function wordsArePrefixes(queryWords: readonly string[], nameWords: readonly string[]): boolean {
  let used = 0;
  for (const queryWord of queryWords) {
    let found = -1;
    for (let i = 0; i < nameWords.length && i < 31; i++) {
      if ((used & (1 << i)) === 0 && nameWords[i]!.startsWith(queryWord)) {
        found = i;
        break;
      }
    }
    if (found < 0) return false;
    used |= 1 << found;
  }
  return true;
}

/** A query, prepared once per search. */
interface Query {
  compactCode: string;
  words: string[];
  looseWords: string[];
  joined: string;
  looseJoined: string;
}

/**
 * Ranks: 0 the code exactly, 1 the whole name, 2 the name starts with the query, 3 every query word starts a name
 * word, 4 the code starts with the query, 5 every query word occurs in the name; null = no match. Each band also
 * accepts the folded spelling (ue → u), so "munchen" ranks like "muenchen".
 */
function rankOf(entry: Entry, query: Query): number | null {
  const { compactCode, words, looseWords, joined, looseJoined } = query;
  if (compactCode.length > 0 && entry.compactCode === compactCode) return 0;
  const codePrefix = compactCode.length >= 2 && entry.compactCode.startsWith(compactCode);
  // Every name rank needs the first word somewhere in the name: most stations stop here.
  if (words.length === 0 || !(entry.joined.includes(words[0]!) || entry.looseJoined.includes(looseWords[0]!))) {
    return codePrefix ? 4 : null;
  }
  if (entry.joined === joined || entry.looseJoined === looseJoined) return 1;
  if (entry.joined.startsWith(joined) || entry.looseJoined.startsWith(looseJoined)) return 2;
  if (wordsArePrefixes(words, entry.words) || wordsArePrefixes(looseWords, entry.looseWords)) return 3;
  if (codePrefix) return 4;
  if (
    words.every((word) => entry.joined.includes(word)) ||
    looseWords.every((word) => entry.looseJoined.includes(word))
  )
    return 5;
  return null;
}

const collator = new Intl.Collator('de', { sensitivity: 'base' });

export function createStationIndex(stations: readonly IndexedStation[]): StationIndex {
  const entries: Entry[] = stations.map((station) => {
    const words = placeWords(station.name);
    const looseWords = words.map(loose);
    return {
      station,
      code: normaliseCode(station.code),
      compactCode: station.code.replace(/\s+/g, '').toUpperCase(),
      words,
      looseWords,
      joined: words.join(' '),
      looseJoined: looseWords.join(' '),
    };
  });
  const byCode = new Map(entries.map((entry) => [entry.code, entry.station]));
  const byName = new Map<string, IndexedStation>();
  for (const entry of entries) if (!byName.has(entry.station.name)) byName.set(entry.station.name, entry.station);

  return {
    size: entries.length,
    byCode: (code) => byCode.get(normaliseCode(code)),
    exact(typed) {
      const value = typed.trim();
      return byName.get(value) ?? byCode.get(value);
    },
    search(text, limit = 10) {
      const words = placeWords(text);
      const looseWords = words.map(loose);
      const query: Query = {
        compactCode: text.replace(/\s+/g, '').toUpperCase(),
        words,
        looseWords,
        joined: words.join(' '),
        looseJoined: looseWords.join(' '),
      };
      // The best `limit` hits, kept in order while scanning (no sort of thousands of hits for "a").
      const top: { rank: number; station: IndexedStation }[] = [];
      const before = (a: { rank: number; station: IndexedStation }, b: { rank: number; station: IndexedStation }) =>
        a.rank - b.rank || b.station.weight - a.station.weight || collator.compare(a.station.name, b.station.name);
      for (const entry of entries) {
        const rank = rankOf(entry, query);
        if (rank === null) continue;
        const hit = { rank, station: entry.station };
        if (top.length === limit && before(hit, top[limit - 1]!) >= 0) continue;
        let at = top.length;
        while (at > 0 && before(hit, top[at - 1]!) < 0) at--;
        top.splice(at, 0, hit);
        if (top.length > limit) top.pop();
      }
      return top.map((hit) => hit.station);
    },
  };
}

/** The index of a compact list (the web app's offline copy). */
export function stationIndexFromTuples(tuples: readonly StationTuple[]): StationIndex {
  return createStationIndex(tuples.map(([code, name, lat, lon, weight]) => ({ code, name, lat, lon, weight })));
}
