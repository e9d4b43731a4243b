import { DEFAULT_TIME_ZONE } from '@streckenpass/contract/constants';
import { formatDate, formatDateTime } from '@streckenpass/contract/format';
import { TERMS } from '@streckenpass/contract/terms';
import { driveMannerLabel } from '@streckenpass/contract/drive-ways';
import { ATTESTATION_KIND_LABELS } from '@streckenpass/contract/attestations';
import type { ExportAttestation, ExportDrive, ExportHistoryLine } from './model.js';
import { CONTENT_WIDTH, type Doc } from './pdf-drawing.js';
import { drawTable } from './pdf-table.js';

/*
 * The transfer document's own tables ("Nachweis für den Arbeitgeberwechsel", pdf.ts draws the rest): every drive with
 * the day it was recorded, and every change of the record.
 */

/** The transfer document's drives: every one, newest first, with the day it was recorded. */
export function drawDrives(doc: Doc, drives: ExportDrive[]): Promise<void> {
  return drawTable(doc, {
    title: 'Alle Fahrten',
    columns: [
      { header: TERMS.drivenOn, width: 70, oneLine: true },
      { header: TERMS.validUntil, width: 64, oneLine: true },
      // "nachgetragen" / "übernommen" under the date, as in the route table.
      { header: TERMS.recordedOn, width: 76 },
      { header: TERMS.routes, width: CONTENT_WIDTH - 210 },
    ],
    rows: drives.length,
    empty: 'Keine Fahrten erfasst.',
    cells: (row) => {
      const drive = drives[row]!;
      const marks = [drive.backdated ? TERMS.backdated : '', drive.imported ? 'übernommen' : ''].filter(Boolean);
      return [
        formatDate(drive.acquiredAt),
        formatDate(drive.acquiredUntil),
        [formatDate(drive.recordedOn, 'unbekannt'), ...marks].join('\n'),
        // How it was made, under its routes, where it was not driven by oneself or has a time (issue 41).
        [
          drive.routes.length > 0 ? drive.routes.join(', ') : 'Strecken inzwischen gelöscht',
          drive.way === 'driven' && drive.time === null ? '' : driveMannerLabel(drive),
        ]
          .filter(Boolean)
          .join('\n'),
      ];
    },
  });
}

/**
 * The Betriebe's attestations the driver holds (issue 41 item 5): each with its kind, day, Betrieb and examiner, its
 * check code — the next employer verifies it at /pruefen — and whether the Betrieb withdrew it.
 */
export function drawAttestations(doc: Doc, attestations: ExportAttestation[]): Promise<void> {
  return drawTable(doc, {
    title: 'Bescheinigungen der Betriebe',
    columns: [
      { header: 'Bescheinigung', width: CONTENT_WIDTH - 330 },
      { header: 'Datum', width: 64, oneLine: true },
      { header: 'Betrieb, Prüfer/in', width: 140 },
      { header: 'Prüfcode', width: 126 },
    ],
    rows: attestations.length,
    empty: 'Keine Bescheinigungen.',
    cells: (row) => {
      const attestation = attestations[row]!;
      return [
        ATTESTATION_KIND_LABELS[attestation.kind],
        formatDate(attestation.checkedOn),
        `${attestation.betrieb}\n${attestation.examinerName}`,
        [
          attestation.code,
          attestation.withdrawnAt ? `widerrufen am ${formatDate(attestation.withdrawnAt.slice(0, 10))}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      ];
    },
  });
}

/** The transfer document's history: every change, oldest first, with its time and how it came in. */
export function drawHistory(doc: Doc, history: ExportHistoryLine[], keepWithLast: number): Promise<void> {
  return drawTable(doc, {
    title: 'Verlauf aller Eintragungen',
    columns: [
      // "27.11.2026, 18:33" on one line.
      { header: 'Zeitpunkt', width: 92 },
      { header: 'Änderung', width: CONTENT_WIDTH - 92 - 130 },
      { header: 'Weg', width: 130 },
    ],
    rows: history.length,
    empty: 'Noch keine Änderungen festgehalten.',
    keepWithLast,
    cells: (row) => {
      const line = history[row]!;
      return [formatDateTime(line.at, DEFAULT_TIME_ZONE), line.text, line.channel];
    },
  });
}
