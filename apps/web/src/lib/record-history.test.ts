import { describe, expect, it } from 'vitest';
import { changedFieldsText, historyLines } from './record-history';

describe('historyLines', () => {
  it('words a delete and a change through the outbox, and keeps the server’s order among equal times', () => {
    const at = '2026-11-25T10:00:00.000Z';
    const lines = historyLines([
      { at, action: 'delete', channel: 'api', changes: [] },
      { at, action: 'update', channel: 'outbox', changes: ['acquiredUntil'] },
    ]);
    expect(lines.map((line) => line.text)).toEqual([
      'Gelöscht am 25.11.2026, 11:00 (in der App)',
      'Geändert am 25.11.2026, 11:00: Gültig bis (offline erfasst, später gesendet)',
    ]);
  });

  it('names each changed field once, by its label, an unknown one by its name', () => {
    expect(changedFieldsText(['routes', 'acquiredRoutes', 'farbe'])).toBe('Strecken, farbe');
  });
});
