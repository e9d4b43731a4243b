import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';

/*
 * The compact rail network (issue 29, docs/decisions/0049) as the build writes it, the database stores it and the
 * graph reads it, and the input rows of DB Netz's open data it is built from.
 */

/** One segment of the Geo-Streckennetz (a GeoJSON feature). */
export interface LineFeature {
  properties: { strecke_nr: number; richtung: string | number; von_km_i: number; bis_km_i: number };
  geometry: { type: string; coordinates: number[][] };
}

/** One row of the Geo-Betriebsstellen. */
export interface PointRow {
  STRECKE_NR: number;
  KM_I: number | null;
  BEZEICHNUNG: string;
  STELLE_ART: string;
  KUERZEL: string;
  GEOGR_BREITE: number | null;
  GEOGR_LAENGE: number | null;
}

/** `[from node, to node, line (0 for a joint between loose ends), from km, to km, length in m, interior lon/lat flat]` */
export type CompactEdge = [number, number, number, number, number, number, number[]];
/** `[DS100 code, name, kind (Bf, Hp, Abzw, …), nodes the point lies at]` */
export type CompactPoint = [string, string, string, number[]];

export interface CompactNetwork {
  format: 1;
  /** Node coordinates, flat: lon, lat, lon, lat, … (5 decimals). */
  nodes: number[];
  edges: CompactEdge[];
  /** The operating points placed on the network, by code. */
  points: CompactPoint[];
}

export interface BuildStats {
  segments: number;
  droppedSegments: number;
  nodes: number;
  edges: number;
  joints: number;
  points: number;
  /** Codes of operating points that could not be placed (reported by the import, never guessed). */
  unplaced: string[];
}

/** `von_km_i`/`KM_I` as km: v = km_i − 100000000, km = floor(v / 1000) / 100 + (v mod 1000) / 1000. */
export function decodeKm(encoded: number): number {
  const v = encoded - 100_000_000;
  const metres = ((v % 1000) + 1000) % 1000;
  return Math.round((Math.floor(v / 1000) / 100 + metres / 1000) * 1000) / 1000;
}

/** A network as the database stores it (`rail_network`, one row per version). */
export interface StoredNetwork {
  version: string;
  attribution: string;
  /** The compact network as gzipped JSON. */
  data: Uint8Array;
}

/** The stored form of a compact network: gzipped JSON, named by the first 16 hex digits of its SHA-256. */
export function packNetwork(network: CompactNetwork, attribution: string): StoredNetwork {
  const json = JSON.stringify(network);
  const version = createHash('sha256').update(json).update(attribution).digest('hex').slice(0, 16);
  return { version, attribution, data: gzipSync(json, { level: 9 }) };
}

export function unpackNetwork(data: Uint8Array): CompactNetwork {
  const network = JSON.parse(gunzipSync(data).toString('utf8')) as CompactNetwork;
  if (network.format !== 1) throw new Error(`Unbekanntes Format des Streckennetzes: ${String(network.format)}`);
  return network;
}
