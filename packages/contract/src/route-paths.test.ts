import { describe, expect, it } from 'vitest';
import {
  coversLine,
  formatPathKm,
  lineOfSearch,
  pathLines,
  parseSectionsText,
  pathSummary,
  pointCodeOf,
  routePathInputSchema,
  sectionLabel,
  sectionsKm,
  sectionsText,
} from './route-paths.js';

const FF_RM = [
  { line: 3520, fromKm: 0.3, toKm: 3.4 },
  { line: 4010, fromKm: 1.2, toKm: 60 },
  { line: 4011, fromKm: 0, toKm: 14.5 },
];

describe('route paths', () => {
  it('sums a path like the issue writes it: "über 3520 › 4010 › 4011, 78 km"', () => {
    expect(pathSummary({ km: 77.8, sections: FF_RM })).toBe('über 3520 › 4010 › 4011, 78 km');
    expect(pathSummary({ km: 7.24, sections: [{ line: 1000, fromKm: 0, toKm: 7.2 }] })).toBe('über 1000, 7,2 km');
    expect(formatPathKm(1234.4)).toBe('1.234 km');
  });

  it('names each line once per run, in the order driven', () => {
    expect(pathLines([...FF_RM, { line: 4011, fromKm: 14.5, toKm: 20 }, { line: 3520, fromKm: 3, toKm: 1 }])).toEqual([
      3520, 4010, 4011, 3520,
    ]);
  });

  it('labels sections with German decimals', () => {
    expect(sectionLabel(FF_RM[1]!)).toBe('Strecke 4010, km 1,2 – 60,0');
    expect(sectionsText(FF_RM.slice(0, 2))).toBe('3520 km 0,3–3,4; 4010 km 1,2–60,0');
    expect(sectionsKm([{ line: 1, fromKm: 10, toKm: 2.5 }])).toBe(7.5);
  });

  it('reads a line search: "4010" and "Strecke 4010", not a name', () => {
    expect(lineOfSearch('4010')).toBe(4010);
    expect(lineOfSearch(' Strecke 4010 ')).toBe(4010);
    expect(lineOfSearch('strecke4010')).toBe(4010);
    expect(lineOfSearch('Mannheim')).toBeNull();
    expect(lineOfSearch('12')).toBeNull();
    expect(coversLine({ sections: FF_RM }, 4010)).toBe(true);
    expect(coversLine({ sections: FF_RM }, 4020)).toBe(false);
    expect(coversLine(undefined, 4010)).toBe(false);
  });

  it('looks a place up by its linked station or a typed code, never by a name', () => {
    expect(pointCodeOf('FF', 'Frankfurt')).toBe('FF');
    expect(pointCodeOf(null, ' RMF ')).toBe('RMF');
    expect(pointCodeOf(null, 'TU  F')).toBe('TU  F');
    expect(pointCodeOf(null, 'Mannheim')).toBeNull();
    expect(pointCodeOf(null, 'rm')).toBeNull();
  });

  it('takes a path as a client sends it, via in upper case', () => {
    expect(routePathInputSchema.parse({ km: 3, sections: [{ line: 1, fromKm: 0, toKm: 3 }], via: 'mm' }).via).toBe(
      'MM',
    );
    expect(routePathInputSchema.safeParse({ km: 3, sections: [] }).success).toBe(false);
  });

  it('reads the sections back as the export writes them', () => {
    expect(parseSectionsText(sectionsText(FF_RM))).toEqual(FF_RM);
    expect(parseSectionsText(' 4010 km 1,2 - 60 ')).toEqual([{ line: 4010, fromKm: 1.2, toKm: 60 }]);
    expect(parseSectionsText('')).toBeNull();
    expect(parseSectionsText('über 4010')).toEqual({ error: expect.stringContaining('„über 4010“') });
  });
});
