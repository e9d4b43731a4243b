import { describe, expect, it } from 'vitest';
import {
  COVERAGE_WINDOW_DAYS,
  coverageLabel,
  MATRIX_STATE_BANDS,
  MATRIX_STATE_LABELS,
  MATRIX_STATES,
  MATRIX_VALID_STATES,
  matrixCellLabel,
  vehicleCellLabel,
  vehicleCoverageLabel,
  vehicleTypeShortLabel,
  matrixCellOf,
  matrixState,
  requirementShortLabel,
} from './matrix.js';
import { addDays } from './knowledge.js';
import { whoCanDriveQuerySchema } from './who-can-drive.js';

describe('matrixState', () => {
  const asOf = '2026-11-27';
  it('tells the five states apart at the edges of the window', () => {
    expect(COVERAGE_WINDOW_DAYS).toBe(30);
    expect(matrixState(null, asOf, false)).toBe('fehlt');
    expect(matrixState(null, asOf)).toBe('nie');
    expect(matrixState('2026-11-26', asOf)).toBe('abgelaufen');
    expect(matrixState('2026-11-27', asOf)).toBe('bald');
    expect(matrixState('2026-12-27', asOf)).toBe('bald');
    expect(matrixState('2026-12-28', asOf)).toBe('gueltig');
  });

  it('is decided by the bands for a driven route: every band ending where the next begins', () => {
    expect(MATRIX_STATE_BANDS.map((band) => band.state)).toEqual(['abgelaufen', 'bald', 'gueltig']);
    expect(MATRIX_STATE_BANDS.at(-1)!.before).toBeNull();
    expect(MATRIX_VALID_STATES).toEqual(['bald', 'gueltig']);
  });

  it('makes a never driven route a state of its own, between expired and missing (issue 40)', () => {
    expect(MATRIX_STATES).toEqual(['gueltig', 'bald', 'abgelaufen', 'ausbildung', 'nie', 'fehlt']);
    expect(MATRIX_STATE_LABELS.nie).toBe('nie gefahren');
    const route = { id: 7, name: 'Würzburg – Fürth' };
    expect(matrixCellOf({ validUntil: null, route, kind: 'pair' }, asOf)).toMatchObject({ state: 'nie', route });
    // Not valid on the Stichtag: it counts as no one's knowledge.
    expect(MATRIX_VALID_STATES).not.toContain('nie');
  });

  it('tells a route in its first acquisition ("in Ausbildung") from a never driven one (issue 41)', () => {
    const route = { id: 7, name: 'Würzburg – Fürth' };
    expect(matrixState(null, asOf, true, true)).toBe('ausbildung');
    expect(matrixCellOf({ validUntil: null, route, kind: 'pair', training: true }, asOf)).toEqual({
      state: 'ausbildung',
      validUntil: null,
      route,
      kind: 'pair',
    });
    // A route with a valid day is decided by the bands, whatever the flag says; no match stays `fehlt`.
    expect(matrixState(addDays(asOf, 100), asOf, true, true)).toBe('gueltig');
    expect(matrixState(null, asOf, false, true)).toBe('fehlt');
    expect(matrixCellLabel({ state: 'ausbildung', validUntil: null })).toBe('in Ausbildung');
    expect(MATRIX_VALID_STATES).not.toContain('ausbildung');
  });

  it('gives a cell without a match `fehlt` and one with a match its facts', () => {
    expect(matrixCellOf(undefined, asOf)).toEqual({ state: 'fehlt', validUntil: null, route: null, kind: null });
    const route = { id: 7, name: 'Würzburg – Fürth' };
    expect(matrixCellOf({ validUntil: '2026-12-01', route, kind: 'pair' }, asOf)).toEqual({
      state: 'bald',
      validUntil: '2026-12-01',
      route,
      kind: 'pair',
    });
  });
});

describe('the vehicle types in words', () => {
  it('words a vehicle cell, a column and its coverage', () => {
    expect(vehicleCellLabel({ vehicle: { name: 'Br218' } })).toBe('bekannt (Br218)');
    expect(vehicleCellLabel({ vehicle: null })).toBe('fehlt');
    expect(vehicleTypeShortLabel({ vehicleType: 'BR 218', depot: null })).toBe('BR 218');
    expect(vehicleTypeShortLabel({ vehicleType: 'BR 218', depot: { name: 'Würzburg' } })).toBe('BR 218 · Würzburg');
    expect(vehicleCoverageLabel({ known: 2, drivers: 5 })).toBe('2 von 5 Fahrer/innen kennen den Typ');
    expect(vehicleCoverageLabel({ known: 1, drivers: 1 })).toBe('1 von 1 Fahrer/in kennt den Typ');
    expect(vehicleCoverageLabel({ known: 0, drivers: 3 })).toBe('0 von 3 Fahrer/innen kennen den Typ');
  });
});

describe('matrixCellLabel and requirementShortLabel', () => {
  it('word a cell – its state and date in words, not only in colour – and a column with codes, Kürzel and depot', () => {
    expect(matrixCellLabel({ state: 'gueltig', validUntil: '2027-12-31' })).toBe('gültig bis 31.12.2027');
    expect(matrixCellLabel({ state: 'bald', validUntil: '2026-12-15' })).toBe('läuft ab am 15.12.2026');
    // The last valid day was 11.11.: expired since the 12th.
    expect(matrixCellLabel({ state: 'abgelaufen', validUntil: '2026-11-11' })).toBe('abgelaufen seit 12.11.2026');
    expect(matrixCellLabel({ state: 'nie', validUntil: null })).toBe('nie gefahren');
    expect(matrixCellLabel({ state: 'fehlt', validUntil: null })).toBe('fehlt');
    const ends = { startStation: { code: 'NWH' }, endStation: { code: 'NF' } };
    expect(requirementShortLabel({ ...ends, companyRoute: 'K1', depot: { name: 'Würzburg' } })).toBe(
      'NWH – NF (K1) · Würzburg',
    );
    expect(requirementShortLabel({ ...ends, companyRoute: null, depot: null })).toBe('NWH – NF');
    const section = { line: 5200, fromKm: 0, toKm: 34.5 };
    expect(requirementShortLabel({ ...ends, companyRoute: 'K1', section, depot: { name: 'Würzburg' } })).toBe(
      'NWH – NF (K1) · 5200 km 0,0–34,5 · Würzburg',
    );
  });
});

describe('coverageLabel', () => {
  it('says how many of how many drivers know the route', () => {
    expect(coverageLabel({ valid: 12, drivers: 40 })).toBe('12 von 40 Fahrer/innen streckenkundig');
    expect(coverageLabel({ valid: 0, drivers: 1 })).toBe('0 von 1 Fahrer/in streckenkundig');
  });
});

describe('whoCanDriveQuerySchema', () => {
  it('takes a requirement or a station pair, not both and not neither', () => {
    expect(whoCanDriveQuerySchema.safeParse({ requirement: '3' }).success).toBe(true);
    expect(whoCanDriveQuerySchema.parse({ from: 'ff', to: 'FKW' })).toMatchObject({ from: 'FF', to: 'FKW' });
    expect(whoCanDriveQuerySchema.safeParse({}).success).toBe(false);
    expect(whoCanDriveQuerySchema.safeParse({ requirement: '3', from: 'FF', to: 'FKW' }).success).toBe(false);
    expect(whoCanDriveQuerySchema.safeParse({ from: 'FF' }).success).toBe(false);
    // The same point twice asks for a place (Ortskunde, issue 41 item 4).
    expect(whoCanDriveQuerySchema.safeParse({ from: 'FF', to: 'ff' }).success).toBe(true);
    expect(whoCanDriveQuerySchema.safeParse({ requirement: '3', date: '2026-02-30' }).success).toBe(false);
  });
});
