import { driveManner, signedDriveManner } from './proof-content.js';
import { describe, expect, it } from 'vitest';
import { transferDrives, transferHistory, type HistoryRow } from './transfer.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
const row = (values: Partial<HistoryRow>): HistoryRow => ({
  at: at(0),
  kind: 'routes',
  action: 'create',
  channel: 'api',
  before: null,
  after: null,
  ...values,
});

describe('transferHistory', () => {
  it('says what each change did, in words, with the fields a change changed and the channel', () => {
    const lines = transferHistory([
      row({ after: { name: 'Köln – Düsseldorf' }, channel: 'quick' }),
      row({
        at: at(1),
        action: 'update',
        before: { name: 'Köln – Düsseldorf', validityDays: null },
        after: { name: 'Köln Hbf – Düsseldorf Hbf', validityDays: 90 },
      }),
      row({ at: at(2), kind: 'route_activities', after: { acquiredAt: '2026-11-03' }, channel: 'outbox' }),
      row({ at: at(3), kind: 'vehicles', action: 'delete', before: { name: 'BR 218' } }),
      row({ at: at(4), kind: 'memberships', after: { betrieb: 'Westbahn', event: 'joined' } }),
      row({ at: at(5), kind: 'memberships', action: 'delete', before: { betrieb: 'Westbahn', event: 'left' } }),
    ]);
    expect(lines.map((line) => `${line.text} | ${line.channel}`)).toEqual([
      'Strecke „Köln – Düsseldorf“ angelegt | Schnellerfassung',
      'Strecke „Köln Hbf – Düsseldorf Hbf“ geändert: Name: Köln – Düsseldorf → Köln Hbf – Düsseldorf Hbf; ' +
        'Gültigkeitsregel: wie im Konto → 90 Tage | in der App',
      'Fahrt vom 03.11.2026 angelegt | offline erfasst, später gesendet',
      'Fahrzeug „BR 218“ gelöscht | in der App',
      'Mitgliedschaft „Westbahn“ begonnen | in der App',
      'Mitgliedschaft „Westbahn“ beendet | in der App',
    ]);
  });

  it('says what a moved drive was before: its old and new dates, and its routes by name', () => {
    const names = (iri: string) => ({ '/api/routes/1': 'Würzburg – Fürth', '/api/routes/2': 'Lohr – Gemünden' })[iri];
    const [line] = transferHistory(
      [
        row({
          kind: 'route_activities',
          action: 'update',
          before: { acquiredAt: '2026-08-03', acquiredUntil: '2027-08-02', acquiredRoutes: ['/api/routes/1'] },
          after: { acquiredAt: '2026-08-05', acquiredUntil: '2027-08-04', acquiredRoutes: ['/api/routes/2'] },
        }),
      ],
      names,
    );
    expect(line!.text).toBe(
      'Fahrt vom 05.08.2026 geändert: Gefahren am: 03.08.2026 → 05.08.2026; Gültig bis: 02.08.2027 → 04.08.2027; ' +
        'Strecken: Würzburg – Fürth → Lohr – Gemünden',
    );
  });

  it('takes the writes of one import or restore of one kind together, and keeps separate runs apart', () => {
    const imported = Array.from({ length: 12 }, () => row({ kind: 'route_activities', channel: 'import' }));
    const restored = Array.from({ length: 2 }, () => row({ at: at(9), channel: 'restore', after: { name: 'X' } }));
    const lines = transferHistory([
      ...imported,
      row({ channel: 'import', after: { name: 'Eine' } }),
      ...restored,
      row({ at: at(10), channel: 'import', kind: 'vehicles', after: { name: 'BR 146' } }),
    ]);
    expect(lines.map((line) => `${line.text} | ${line.channel}`)).toEqual([
      '12 Fahrten angelegt | CSV-Import',
      'Strecke „Eine“ angelegt | CSV-Import',
      '2 Strecken angelegt | Wiederherstellung einer Sicherung',
      'Fahrzeug „BR 146“ angelegt | CSV-Import',
    ]);
  });
});

/** A drive made by oneself, without a time: what every drive was before issue 41. */
const manner = { way: 'driven', time: null, dark: null };

describe('transferDrives', () => {
  it('marks a drive recorded more than 7 days late, and one of unknown recording time as neither', () => {
    const drives = transferDrives(
      [
        {
          acquiredAt: '2026-11-01',
          acquiredUntil: '2027-10-31',
          recordedAt: at(0),
          imported: false,
          routeNames: ['A'],
          ...manner,
        },
        {
          acquiredAt: '2026-11-19',
          acquiredUntil: '2027-11-18',
          recordedAt: at(0),
          imported: true,
          routeNames: [],
          ...manner,
        },
        {
          acquiredAt: '2026-01-01',
          acquiredUntil: '2026-12-31',
          recordedAt: null,
          imported: false,
          routeNames: ['B'],
          ...manner,
        },
      ],
      'Europe/Berlin',
    );
    expect(drives.map((drive) => [drive.recordedOn, drive.backdated, drive.imported])).toEqual([
      ['2026-11-20', true, false],
      ['2026-11-20', false, true],
      [null, false, false],
    ]);
  });
});

describe('a drive’s way in the signed transfer content (issue 41)', () => {
  it('holds only what differs from "driven without a time", so that older documents read as signed', () => {
    expect(driveManner({ way: 'driven', time: null, dark: null })).toEqual({});
    expect(driveManner({ way: 'escorted', time: '21:40', dark: true })).toEqual({
      way: 'escorted',
      time: '21:40',
      dark: true,
    });
    const base = {
      acquiredAt: '2026-11-20',
      acquiredUntil: '2027-11-19',
      recordedOn: null,
      imported: false,
      routes: [],
    };
    expect(signedDriveManner(base)).toBe('');
    expect(signedDriveManner({ ...base, time: '05:40', dark: false })).toBe(
      'selbst gefahren · 05:40 Uhr · bei Tageslicht',
    );
    expect(signedDriveManner({ ...base, way: 'simulator' })).toBe('Simulator');
  });
});
