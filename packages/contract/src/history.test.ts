import { describe, expect, it } from 'vitest';
import { changedFields, channelFromHeader, fieldChangesOf, fieldChangeText } from './history.js';

describe('changedFields', () => {
  const route = {
    id: 7,
    name: 'Würzburg – Fürth',
    companyRoute: null,
    startStation: { code: 'NWH', name: 'Würzburg Hbf', lat: 49.8, lon: 9.9 },
    tours: ['/api/tours/1'],
    validityDays: null,
  };

  it('names the fields whose values differ, in the order of the new state', () => {
    expect(changedFields(route, { ...route, validityDays: 90, name: 'Würzburg – Nürnberg' })).toEqual([
      'name',
      'validityDays',
    ]);
  });

  it('finds nothing for the same state, whatever the order of keys in nested objects (jsonb reorders them)', () => {
    const reordered = { ...route, startStation: { lon: 9.9, lat: 49.8, name: 'Würzburg Hbf', code: 'NWH' } };
    expect(changedFields(route, reordered)).toEqual([]);
  });

  it('compares lists item by item: another order or another item is a change', () => {
    expect(changedFields(route, { ...route, tours: ['/api/tours/1', '/api/tours/2'] })).toEqual(['tours']);
    expect(changedFields({ r: [1, 2] }, { r: [2, 1] })).toEqual(['r']);
    expect(changedFields({ r: [1, 2] }, { r: [1, 2] })).toEqual([]);
  });

  it('counts a field that appears or disappears (a route driven for the first time gains lastDriven)', () => {
    expect(changedFields(route, { ...route, lastDriven: '2026-11-20' })).toEqual(['lastDriven']);
    const { companyRoute: _gone, ...without } = route;
    expect(changedFields(route, without)).toEqual(['companyRoute']);
    expect(changedFields({ a: undefined }, {})).toEqual([]);
  });

  it('tells null from a value and from an empty text', () => {
    expect(changedFields({ companyRoute: null }, { companyRoute: '' })).toEqual(['companyRoute']);
    expect(changedFields({ companyRoute: null }, { companyRoute: null })).toEqual([]);
  });

  it('gives no fields when a side is no record (a create has no before, a delete no after)', () => {
    expect(changedFields(null, route)).toEqual([]);
    expect(changedFields(route, null)).toEqual([]);
    expect(changedFields([1], [2])).toEqual([]);
  });
});

describe('channelFromHeader', () => {
  it('takes quick and outbox exactly as the web app sends them', () => {
    expect(channelFromHeader('quick')).toBe('quick');
    expect(channelFromHeader('outbox')).toBe('outbox');
  });

  it('makes anything else the API: no header, other words, the server-only channels, lists', () => {
    for (const value of [undefined, '', 'Quick', ' quick', 'import', 'restore', 'api', ['quick'], 1]) {
      expect(channelFromHeader(value), JSON.stringify(value)).toBe('api');
    }
  });
});

describe('fieldChangesOf', () => {
  it('words each changed field with its old and new value: days as TT.MM.JJJJ, links by name, none as –', () => {
    const names = (iri: string) => ({ '/api/routes/1': 'Würzburg – Fürth', '/api/routes/2': 'Lohr – Gemünden' })[iri];
    const changes = fieldChangesOf(
      { acquiredAt: '2026-08-03', acquiredUntil: '2027-08-02', acquiredRoutes: ['/api/routes/1'], name: 'x' },
      {
        acquiredAt: '2026-08-05',
        acquiredUntil: '2027-08-04',
        acquiredRoutes: ['/api/routes/1', '/api/routes/2'],
        name: 'x',
      },
      names,
    );
    expect(changes).toEqual([
      { field: 'acquiredAt', label: 'Gefahren am', from: '03.08.2026', to: '05.08.2026' },
      { field: 'acquiredUntil', label: 'Gültig bis', from: '02.08.2027', to: '04.08.2027' },
      { field: 'acquiredRoutes', label: 'Strecken', from: 'Würzburg – Fürth', to: 'Würzburg – Fürth, Lohr – Gemünden' },
    ]);
    expect(changes.map(fieldChangeText)[0]).toBe('Gefahren am: 03.08.2026 → 05.08.2026');
  });

  it('words a validity rule, a station, an emptied value and a link whose name is unknown', () => {
    expect(
      fieldChangesOf(
        { validityDays: null, startStation: null, companyRoute: 'K9', tours: ['/api/tours/9'] },
        { validityDays: 182, startStation: { code: 'NWH', name: 'Würzburg Hbf' }, companyRoute: null, tours: [] },
      ).map(fieldChangeText),
    ).toEqual([
      'Gültigkeitsregel: wie im Konto → ½ Jahr (182 Tage)',
      'Start (Betriebsstelle): – → Würzburg Hbf (NWH)',
      'Kürzel: K9 → –',
      'Touren: eine gelöschte Tour → –',
    ]);
  });
});
