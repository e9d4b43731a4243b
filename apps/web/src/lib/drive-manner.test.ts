import { describe, expect, it } from 'vitest';
import {
  driveMannerText,
  FIRST_ACQUISITION_ONLY,
  firstAcquisitionNote,
  keepsRouteValid,
  mannerOf,
  normalizeTime,
  routeEnds,
  timeNow,
} from './drive-manner';

const frankfurtMannheim = {
  name: 'Frankfurt – Mannheim',
  startPoint: 'FF',
  endPoint: 'RM',
  startStation: { code: 'FF', name: 'Frankfurt (Main) Hbf', lat: 50.1, lon: 8.66 },
  endStation: { code: 'RM', name: 'Mannheim Hbf', lat: 49.48, lon: 8.47 },
  keepingWays: null,
};

describe('how the lists describe a drive', () => {
  it('names way, time, darkness and – for its one route – the direction by the stations’ names', () => {
    const drive = { way: 'escorted' as const, time: '21:40', direction: 'forward' as const, dark: true };
    expect(driveMannerText(drive, frankfurtMannheim)).toBe(
      'begleitete Fahrt · 21:40 Uhr · bei Dunkelheit · Richtung Mannheim Hbf',
    );
    expect(driveMannerText({ ...drive, direction: 'reverse' }, frankfurtMannheim)).toBe(
      'begleitete Fahrt · 21:40 Uhr · bei Dunkelheit · Richtung Frankfurt (Main) Hbf',
    );
    // Without its one route (a drive of several) the direction is not named.
    expect(driveMannerText(drive)).toBe('begleitete Fahrt · 21:40 Uhr · bei Dunkelheit');
  });

  it('reads a drive stored by an older build as driven, at no time', () => {
    expect(mannerOf({})).toEqual({ way: 'driven', time: null, direction: null, dark: null });
    expect(driveMannerText({})).toBe('selbst gefahren');
  });

  it('names a route’s ends by the text typed where no station is linked', () => {
    expect(routeEnds({ startPoint: 'Nord', endPoint: 'Süd', startStation: null, endStation: null })).toEqual({
      start: 'Nord',
      end: 'Süd',
    });
  });
});

describe('what a drive counts for', () => {
  it('follows the route’s own rule, else the account’s, else the contract’s default', () => {
    const simulator = { way: 'simulator' as const };
    expect(keepsRouteValid(simulator, { keepingWays: null }, undefined)).toBe(false);
    expect(keepsRouteValid(simulator, { keepingWays: null }, ['driven', 'simulator'])).toBe(true);
    expect(keepsRouteValid(simulator, { keepingWays: ['driven'] }, ['simulator'])).toBe(false);
    expect(keepsRouteValid({ way: 'escorted' }, {}, undefined)).toBe(true);
  });

  it('says so in words for all of its routes, or names the routes it does not keep', () => {
    const routes = [
      { name: 'A', keepingWays: null },
      { name: 'B', keepingWays: ['driven' as const, 'cab_ride' as const] },
    ];
    expect(firstAcquisitionNote({ way: 'driven' }, routes, undefined)).toBeNull();
    expect(firstAcquisitionNote({ way: 'route_film' }, routes, undefined)).toBe(FIRST_ACQUISITION_ONLY);
    expect(firstAcquisitionNote({ way: 'cab_ride' }, routes, undefined)).toBe(
      'zählt bei „A“ nur für den Ersterwerb, nicht für die Gültigkeit',
    );
  });
});

describe('a drive’s time of day', () => {
  it('is now on the wall clock of Europe/Berlin, summer and winter', () => {
    expect(timeNow(new Date('2026-12-21T04:40:00Z'))).toBe('05:40');
    expect(timeNow(new Date('2026-07-01T19:05:00Z'))).toBe('21:05');
  });

  it('is read as Germans type it, and anything else stays for the contract’s message', () => {
    expect(['540', '5:40', '5.40', '0540', '05:40', ' 21 ', '7'].map(normalizeTime)).toEqual([
      '05:40',
      '05:40',
      '05:40',
      '05:40',
      '05:40',
      '21:00',
      '07:00',
    ]);
    expect(normalizeTime('5:4')).toBe('5:4');
    expect(normalizeTime('abends')).toBe('abends');
    expect(normalizeTime('')).toBe('');
  });
});
