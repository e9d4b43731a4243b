import { createStationIndex } from '@streckenpass/contract/stations';
import { describe, expect, it } from 'vitest';
import { nameAfterStations, proposedRouteName } from './route-name';

const index = createStationIndex([
  { code: 'FF', name: 'Frankfurt (Main) Hbf', lat: 50.1, lon: 8.66, weight: 10 },
  { code: 'RM', name: 'Mannheim Hbf', lat: 49.48, lon: 8.47, weight: 10 },
  { code: 'KK', name: 'Köln Hbf', lat: 50.94, lon: 6.96, weight: 10 },
]);

describe('the route name proposed from its stations', () => {
  it('names both stations once both ends are stations', () => {
    expect(proposedRouteName(index, 'FF', 'RM')).toBe('Frankfurt (Main) Hbf – Mannheim Hbf');
    expect(proposedRouteName(index, 'FF', null)).toBeNull();
    expect(proposedRouteName(index, 'FF', 'XX')).toBeNull();
    expect(proposedRouteName(null, 'FF', 'RM')).toBeNull();
  });

  it('fills an empty name, follows a changed end, and keeps what the driver wrote', () => {
    const first = proposedRouteName(index, 'FF', 'RM');
    expect(nameAfterStations('', null, first)).toBe(first);
    const second = proposedRouteName(index, 'FF', 'KK');
    expect(nameAfterStations(first!, first, second)).toBe('Frankfurt (Main) Hbf – Köln Hbf');
    expect(nameAfterStations('Meine Rheinstrecke', first, second)).toBe('Meine Rheinstrecke');
    expect(nameAfterStations('Meine Rheinstrecke', null, null)).toBe('Meine Rheinstrecke');
  });
});
