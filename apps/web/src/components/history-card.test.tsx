import { render, screen, within } from '@testing-library/react';
import type { HistoryEntry } from '@streckenpass/contract/history';
import { describe, expect, it } from 'vitest';
import { historyLines } from '../lib/record-history';
import { wrapper } from '../test/render';
import { HistoryCard } from './history-card';

const loaded = <T,>(data: T) => ({ data, isPending: false, isError: false, error: null, refetch: () => undefined });

const entries: HistoryEntry[] = [
  {
    at: '2026-11-25T13:03:00.000Z',
    action: 'update',
    channel: 'api',
    changes: ['name', 'validityDays'],
    fieldChanges: [
      { field: 'name', label: 'Name', from: 'Würzburg – Fürth', to: 'Würzburg – Nürnberg' },
      { field: 'validityDays', label: 'Gültigkeitsregel', from: 'wie im Konto', to: '½ Jahr (182 Tage)' },
    ],
  },
  {
    at: '2026-11-24T07:30:00.000Z',
    action: 'update',
    channel: 'restore',
    changes: ['startStation'],
    fieldChanges: [{ field: 'startStation', label: 'Start (Betriebsstelle)', from: '–', to: 'Würzburg Hbf (NWH)' }],
  },
  { at: '2026-11-20T09:15:00.000Z', action: 'create', channel: 'quick', changes: [], fieldChanges: [] },
];

describe('HistoryCard ("Verlauf")', () => {
  it('lists when the record was recorded and changed, and how, newest first, with its drives', () => {
    const drives = [
      // Recorded on the day: no mark.
      { id: 4, acquiredAt: '2026-11-21', recordedAt: '2026-11-21T18:00:00.000Z' },
      // Recorded ten days after it was driven: "nachgetragen".
      { id: 5, acquiredAt: '2026-11-12', recordedAt: '2026-11-22T06:00:00.000Z' },
      // Recorded before recording times were kept: no line.
      { id: 3, acquiredAt: '2026-01-02', recordedAt: null },
    ];
    render(
      wrapper({
        children: (
          <HistoryCard
            query={loaded(entries)}
            label="Verlauf der Strecke"
            lines={(data) => historyLines(data, drives)}
          />
        ),
      }),
    );
    expect(screen.getByRole('heading', { name: 'Verlauf' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Verlauf der Strecke' })).getAllByRole('listitem');
    // Times in the app's zone (Europe/Berlin: UTC+1 in November).
    expect(items.map((item) => item.textContent)).toEqual([
      'Geändert am 25.11.2026, 14:03: Name: Würzburg – Fürth → Würzburg – Nürnberg; Gültigkeitsregel: wie im Konto → ½ Jahr (182 Tage)',
      'Geändert am 24.11.2026, 08:30: Start (Betriebsstelle): – → Würzburg Hbf (NWH) (Wiederherstellung einer Sicherung)',
      'Fahrt vom 12.11.2026 erfasst am 22.11.2026, 07:00nachgetragen',
      'Fahrt vom 21.11.2026 erfasst am 21.11.2026, 19:00',
      'Erfasst am 20.11.2026, 10:15 (Schnellerfassung)',
    ]);
    expect(within(items[2]!).getByText('nachgetragen')).toBeInTheDocument();
    expect(screen.getAllByText('nachgetragen')).toHaveLength(1);
  });

  it('says so when nothing is recorded yet (a record from before history began)', () => {
    render(
      wrapper({
        children: <HistoryCard query={loaded([])} label="Verlauf der Strecke" lines={(data) => historyLines(data)} />,
      }),
    );
    expect(screen.getByText('Für diesen Eintrag ist noch nichts aufgezeichnet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the failure of its query with a way to try again, not an empty history', () => {
    render(
      wrapper({
        children: (
          <HistoryCard
            query={{
              data: undefined,
              isPending: false,
              isError: true,
              error: new Error('x'),
              refetch: () => undefined,
            }}
            label="Verlauf der Strecke"
            lines={(data: HistoryEntry[]) => historyLines(data)}
          />
        ),
      }),
    );
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    expect(screen.queryByText('Für diesen Eintrag ist noch nichts aufgezeichnet.')).not.toBeInTheDocument();
  });
});
