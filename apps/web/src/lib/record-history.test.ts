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
});
