import { describe, expect, it } from 'vitest';
import { expandSelection, placeKey } from './knowledge.js';
import { createStationIndex, placeLabel, placeWords, stationIndexFromTuples, type IndexedStation } from './stations.js';

/** Real entries of the db-stations data set (names, codes and weights as published). */
const stations: IndexedStation[] = [
  { code: 'FF', name: 'Frankfurt (Main) Hbf', lat: 50.107145, lon: 8.663789, weight: 5000 },
  { code: 'FFS', name: 'Frankfurt (Main) Süd', lat: 50.099365, lon: 8.686557, weight: 900 },
  { code: 'BFP', name: 'Frankfurt (Oder)', lat: 52.336, lon: 14.546, weight: 300 },
  { code: 'MH', name: 'München Hbf', lat: 48.140229, lon: 11.558339, weight: 4800 },
  { code: 'MPA', name: 'München-Pasing', lat: 48.149853, lon: 11.461872, weight: 1200 },
  { code: 'MMF', name: 'Mühldorf (Oberbay)', lat: 48.2447, lon: 12.5226, weight: 200 },
  { code: 'RK', name: 'Karlsruhe Hbf', lat: 48.993512, lon: 8.401938, weight: 2500 },
  { code: 'KK', name: 'Köln Hbf', lat: 50.943029, lon: 6.958729, weight: 4500 },
  { code: 'AH', name: 'Hamburg Hbf', lat: 53.552736, lon: 10.006909, weight: 4900 },
  { code: 'ADF', name: 'Hamburg Dammtor', lat: 53.560751, lon: 9.989566, weight: 1500 },
  { code: 'TU  F', name: 'Ulm-Söflingen', lat: 48.3979, lon: 9.9677, weight: 40 },
  { code: 'SSIN', name: 'St. Ingbert', lat: 49.2766, lon: 7.1133, weight: 60 },
  { code: 'FFRN', name: 'Niederhöchstadt', lat: 50.157, lon: 8.546, weight: 50 },
];
const index = createStationIndex(stations);
const codes = (query: string, limit?: number) => index.search(query, limit).map((station) => station.code);

describe('placeWords', () => {
  it('lower-cases, spells out umlauts and ß, splits at punctuation and unifies "Hauptbahnhof"', () => {
    expect(placeWords('Frankfurt (Main) Hauptbahnhof')).toEqual(['frankfurt', 'main', 'hbf']);
    expect(placeWords('MÜNCHEN-Pasing')).toEqual(['muenchen', 'pasing']);
    expect(placeWords('Großbeeren Bhf.')).toEqual(['grossbeeren', 'bf']);
    expect(placeWords('  ')).toEqual([]);
  });
});

describe('station search', () => {
  it('puts the exact code first, case-insensitively', () => {
    expect(codes('FF')[0]).toBe('FF');
    expect(codes('ff')[0]).toBe('FF');
    expect(codes('rk')[0]).toBe('RK');
    expect(codes('MH')[0]).toBe('MH');
  });

  it('matches a code with inner blanks typed with or without them', () => {
    expect(codes('TU  F')[0]).toBe('TU  F');
    expect(codes('tuf')[0]).toBe('TU  F');
  });

  it('finds a station by name with "Hbf" or "Hauptbahnhof", ignoring punctuation', () => {
    expect(codes('frankfurt hbf')[0]).toBe('FF');
    expect(codes('Frankfurt Hauptbahnhof')[0]).toBe('FF');
    expect(codes('frankfurt (main) hbf.')[0]).toBe('FF');
    expect(codes('hbf frankfurt')[0]).toBe('FF');
  });

  it('treats umlauts both ways: ü, ue and u', () => {
    expect(codes('muenchen')[0]).toBe('MH');
    expect(codes('münchen')[0]).toBe('MH');
    expect(codes('munchen')[0]).toBe('MH');
    expect(codes('koeln')).toEqual(['KK']);
    expect(codes('Köln')).toEqual(['KK']);
    expect(codes('soeflingen')).toEqual(['TU  F']);
    expect(codes('sankt ingbert')).toEqual(['SSIN']);
  });

  it('ranks an exact name above a prefix, a prefix above a word match, busier stations first within a rank', () => {
    // "Frankfurt" starts three names: the busiest first.
    expect(codes('frankfurt')).toEqual(['FF', 'FFS', 'BFP']);
    // "hamburg" starts both Hamburg names; Hbf is busier.
    expect(codes('hamburg')).toEqual(['AH', 'ADF']);
    // "Pasing" only starts the second word: after München Hbf would be wrong, it is the only match.
    expect(codes('pasing')).toEqual(['MPA']);
    // Whole name beats a longer name with the same start.
    expect(codes('münchen hbf')).toEqual(['MH']);
  });

  it('puts a name match above a code prefix and finds substrings last', () => {
    // "mü" starts München Hbf, München-Pasing and Mühldorf; no code starts with "MÜ".
    expect(codes('mü')).toEqual(['MH', 'MPA', 'MMF']);
    // "hoechst" is inside "Niederhöchstadt" only.
    expect(codes('hoechst')).toEqual(['FFRN']);
    // "FFR" is no word start but a code prefix.
    expect(codes('FFR')).toEqual(['FFRN']);
  });

  it('limits the answer and finds nothing for unrelated text', () => {
    expect(codes('a', 2)).toHaveLength(2);
    expect(codes('Abzweig Xyz')).toEqual([]);
    expect(codes('---')).toEqual([]);
  });

  it('looks up codes and exact names for linking', () => {
    expect(index.byCode('ff')?.name).toBe('Frankfurt (Main) Hbf');
    expect(index.exact('Frankfurt (Main) Hbf')?.code).toBe('FF');
    expect(index.exact('FF')?.code).toBe('FF');
    expect(index.exact(' MH ')?.code).toBe('MH');
    // Exact means exact: another spelling is not linked by the migration.
    expect(index.exact('frankfurt hbf')).toBeUndefined();
    expect(index.exact('ff')).toBeUndefined();
  });

  it('builds the same index from the compact list', () => {
    const compact = stationIndexFromTuples(stations.map((s) => [s.code, s.name, s.lat, s.lon, s.weight]));
    expect(compact.size).toBe(stations.length);
    expect(compact.search('frankfurt hbf').map((s) => s.code)).toEqual(
      index.search('frankfurt hbf').map((s) => s.code),
    );
  });
});

describe('places', () => {
  it('labels a linked point with the station name and code, else the typed text', () => {
    expect(placeLabel('FF', { code: 'FF', name: 'Frankfurt (Main) Hbf' })).toBe('Frankfurt (Main) Hbf (FF)');
    expect(placeLabel('Abzw. Nord', null)).toBe('Abzw. Nord');
  });

  it('makes "FF" and a route linked to Frankfurt (Main) Hbf one place', () => {
    const ff = { code: 'FF' };
    expect(placeKey('Frankfurt (Main) Hbf', ff)).toBe('FF');
    const routes = [
      { id: 1, startPoint: 'FF', endPoint: 'RK' },
      { id: 2, startPoint: 'Frankfurt (Main) Hbf', endPoint: 'Mannheim', startStation: ff },
      { id: 3, startPoint: 'Mainz', endPoint: 'Frankfurt Hbf', endStation: ff },
      { id: 4, startPoint: 'Frankfurt Hbf', endPoint: 'Mainz' },
    ];
    expect(expandSelection({ places: ['FF'] }, routes, [])).toEqual([1, 2, 3]);
  });
});
