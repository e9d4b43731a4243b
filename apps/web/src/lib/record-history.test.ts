import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@streckenpass/contract/history';
import { changedFieldsText, historyLines } from './record-history';

describe('historyLines', () => {
  it('words a delete and a change through the outbox, and keeps the server’s order among equal times', () => {
    const at = '2026-11-25T10:00:00.000Z';
    const lines = historyLines([
      { at, action: 'delete', channel: 'api', changes: [], fieldChanges: [] },
      {
        at,
        action: 'update',
        channel: 'outbox',
        changes: ['acquiredAt', 'acquiredUntil'],
        fieldChanges: [
          { field: 'acquiredAt', label: 'Gefahren am', from: '03.08.2026', to: '05.08.2026' },
          { field: 'acquiredUntil', label: 'Gültig bis', from: '02.08.2027', to: '04.08.2027' },
        ],
      },
    ]);
    expect(lines.map((line) => line.text)).toEqual([
      'Gelöscht am 25.11.2026, 11:00 (in der App)',
      'Geändert am 25.11.2026, 11:00: Gefahren am: 03.08.2026 → 05.08.2026; Gültig bis: 02.08.2027 → 04.08.2027 (offline erfasst, später gesendet)',
    ]);
  });

  it('names only the fields of an entry kept offline from before the answer carried the values', () => {
    const entry = { at: '2026-11-25T10:00:00.000Z', action: 'update', channel: 'api', changes: ['acquiredAt'] };
    expect(historyLines([entry as HistoryEntry]).map((line) => line.text)).toEqual([
      'Geändert am 25.11.2026, 11:00: Gefahren am',
    ]);
  });

  it('names each changed field once, by its label, an unknown one by its name', () => {
    expect(changedFieldsText(['routes', 'acquiredRoutes', 'farbe'])).toBe('Strecken, farbe');
  });

  it('says how a drive was made where it is more than selbst gefahren, at no time', () => {
    const lines = historyLines(
      [],
      [
        {
          id: 1,
          acquiredAt: '2026-12-20',
          recordedAt: '2026-12-20T21:00:00.000Z',
          way: 'escorted',
          time: '21:40',
          dark: true,
        },
        { id: 2, acquiredAt: '2026-12-19', recordedAt: '2026-12-19T08:00:00.000Z', way: 'simulator', time: null },
        { id: 3, acquiredAt: '2026-12-18', recordedAt: '2026-12-18T08:00:00.000Z' },
        { id: 4, acquiredAt: '2026-12-17', recordedAt: '2026-12-17T08:00:00.000Z', way: 'driven', time: null },
      ],
    );
    expect(lines.map((line) => line.text)).toEqual([
      'Fahrt vom 20.12.2026 (begleitete Fahrt · 21:40 Uhr · bei Dunkelheit) erfasst am 20.12.2026, 22:00',
      'Fahrt vom 19.12.2026 (Simulator) erfasst am 19.12.2026, 09:00',
      'Fahrt vom 18.12.2026 erfasst am 18.12.2026, 09:00',
      // Selbst gefahren at no time: as every drive's line read before ways were kept.
      'Fahrt vom 17.12.2026 erfasst am 17.12.2026, 09:00',
    ]);
  });

  it('words a change of a drive’s way, time and direction by the contract', () => {
    const lines = historyLines([
      {
        at: '2026-12-21T10:00:00.000Z',
        action: 'update',
        channel: 'api',
        changes: ['way', 'time'],
        fieldChanges: [
          { field: 'way', label: 'Art der Fahrt', from: 'selbst gefahren', to: 'Simulator' },
          { field: 'time', label: 'Uhrzeit', from: '–', to: '21:40' },
        ],
      },
    ]);
    expect(lines[0]?.text).toBe(
      'Geändert am 21.12.2026, 11:00: Art der Fahrt: selbst gefahren → Simulator; Uhrzeit: – → 21:40',
    );
  });
});
