import type { Readable } from 'node:stream';
import { formatDate } from '@streckenpass/contract/format';
import {
  coverageLabel,
  matrixCellLabel,
  vehicleCellLabel,
  vehicleCoverageLabel,
  type MatrixState,
} from '@streckenpass/contract/matrix';
import { plural } from '@streckenpass/contract/plural';
import { holderName } from './proof-content.js';
import {
  issuedCellState,
  requirementLabel,
  scopeLabel,
  vehicleTypeLabel,
  type MatrixPdfData,
  type MatrixProofContent,
} from './matrix-model.js';
import { COLOR, CONTENT_WIDTH, createPdf, drawTitleBlock, finish } from './pdf-drawing.js';
import { drawFooters } from './pdf-footer.js';
import { drawTable } from './pdf-table.js';

const TITLE = 'Streckenkunde-Matrix';

/**
 * A cell's marking, as the driver's Nachweis marks a route: expired, never driven and missing red; expiring and in
 * training (not yet known, but under way) amber.
 */
const STYLES: Record<MatrixState, { fill?: string; bar?: string; statusColor?: string }> = {
  gueltig: { statusColor: COLOR.valid },
  bald: { fill: COLOR.expiring.fill, bar: COLOR.expiring.bar, statusColor: COLOR.expiring.text },
  abgelaufen: { fill: COLOR.expired.fill, bar: COLOR.expired.bar, statusColor: COLOR.expired.text },
  ausbildung: { fill: COLOR.expiring.fill, bar: COLOR.expiring.bar, statusColor: COLOR.expiring.text },
  nie: { fill: COLOR.expired.fill, bar: COLOR.expired.bar, statusColor: COLOR.expired.text },
  fehlt: { fill: COLOR.expired.fill, bar: COLOR.expired.bar, statusColor: COLOR.expired.text },
};

/**
 * A Betrieb's matrix as an issued A4 PDF (issue 28 item 3), drawn from the issued content with the Nachweis's pieces:
 * the title block (Betrieb, Stichtag, who issued it, the filters), the coverage per requirement ("12 von 40"), then
 * one row per driver and requirement asked of them (state with its date, the route that decides it), marked like
 * the Nachweis's routes; the verification code and QR code in every page's footer.
 */
export function renderMatrixPdf(data: MatrixPdfData): Readable {
  const { content } = data;
  const asOf = formatDate(content.asOf);
  const issuer = holderName({ holder: content.issuer });
  const doc = createPdf({
    title: `${TITLE} – ${content.betrieb.name}`,
    author: issuer,
    subject: `${TITLE} des Betriebs ${content.betrieb.name}, Stand ${asOf}`,
    version: data.version,
  });
  const byId = new Map(content.requirements.map((requirement) => [requirement.id, requirement]));
  const typesById = new Map((content.vehicleTypes ?? []).map((type) => [type.id, type]));
  // Per driver the requirements asked of them, then the vehicle types: [who, what, state in words, route], styled.
  const rows = content.drivers.flatMap((driver) => {
    const who = driver.depot ? `${driver.name}\n${driver.depot}` : driver.name;
    return [
      ...driver.cells.map((cell) => {
        const state = issuedCellState(cell, content.asOf);
        return {
          cells: [
            who,
            requirementLabel(byId.get(cell.requirementId)!),
            matrixCellLabel({ state, validUntil: cell.validUntil }),
            cell.route ?? '',
          ],
          style: STYLES[state],
        };
      }),
      ...(driver.vehicles ?? []).map((cell) => ({
        cells: [
          who,
          `Fahrzeugtyp ${vehicleTypeLabel(typesById.get(cell.requirementId)!)}`,
          vehicleCellLabel({ vehicle: cell.vehicle === null ? null : { name: cell.vehicle } }),
          '',
        ],
        style: STYLES[cell.vehicle === null ? 'fehlt' : 'gueltig'],
      })),
    ];
  });
  return finish(doc, async () => {
    drawTitleBlock(doc, TITLE, [
      ['Betrieb', content.betrieb.name],
      ['Stand', asOf],
      ['Ausgestellt von', issuer],
      ['Auswahl', scopeLabel(content)],
      [
        'Umfang',
        `${plural(content.drivers.length, 'Fahrer/in', 'Fahrer/innen')} · ` +
          plural(content.requirements.length, 'Anforderung', 'Anforderungen') +
          (content.vehicleTypes?.length
            ? ` · ${plural(content.vehicleTypes.length, 'Fahrzeugtyp', 'Fahrzeugtypen')}`
            : ''),
      ],
    ]);
    await drawCoverage(doc, content);
    if (content.vehicleTypes?.length) await drawVehicleCoverage(doc, content);
    await drawTable(doc, {
      title: 'Fahrer/innen',
      columns: [
        { header: 'Fahrer/in', width: 130 },
        { header: 'Anforderung', width: 130 },
        { header: 'Zustand', width: 130, oneLine: true },
        { header: 'Strecke', width: CONTENT_WIDTH - 390 },
      ],
      rows: rows.length,
      statusColumn: 2,
      empty: 'Keine Fahrer/innen in dieser Auswahl.',
      cells: (index) => rows[index]!.cells,
      style: (index) => rows[index]!.style,
    });
    drawFooters(doc, {
      version: data.version,
      verification: data.verification,
      line: `${TITLE} ${content.betrieb.name} · ${asOf}`,
    });
  });
}

function drawCoverage(doc: PDFKit.PDFDocument, content: MatrixProofContent): Promise<void> {
  const totals = new Map(content.totals.map((total) => [total.requirementId, total]));
  return drawTable(doc, {
    title: 'Abdeckung je Anforderung',
    columns: [
      { header: 'Anforderung', width: CONTENT_WIDTH - 430 },
      { header: 'gültig', width: 50, oneLine: true },
      { header: 'davon läuft bald ab', width: 60 },
      { header: 'abgelaufen', width: 60, oneLine: true },
      { header: 'in Ausbildung', width: 50 },
      { header: 'nie gefahren', width: 50 },
      { header: 'fehlt', width: 40, oneLine: true },
      { header: 'Streckenkundig', width: 120 },
    ],
    rows: content.requirements.length,
    empty: 'Der Betrieb hat keine Anforderungen in dieser Auswahl.',
    cells: (index) => {
      const requirement = content.requirements[index]!;
      const total = totals.get(requirement.id);
      return [
        requirementLabel(requirement),
        String(total?.valid ?? 0),
        String(total?.expiring ?? 0),
        String(total?.expired ?? 0),
        String(total?.training ?? 0),
        String(total?.never ?? 0),
        String(total?.missing ?? 0),
        total ? coverageLabel(total) : '',
      ];
    },
  });
}

function drawVehicleCoverage(doc: PDFKit.PDFDocument, content: MatrixProofContent): Promise<void> {
  const types = content.vehicleTypes ?? [];
  const totals = new Map((content.vehicleTotals ?? []).map((total) => [total.requirementId, total]));
  return drawTable(doc, {
    title: 'Abdeckung je Fahrzeugtyp',
    columns: [
      { header: 'Fahrzeugtyp', width: CONTENT_WIDTH - 280 },
      { header: 'bekannt', width: 60, oneLine: true },
      { header: 'fehlt', width: 40, oneLine: true },
      { header: 'Abdeckung', width: 180 },
    ],
    rows: types.length,
    empty: 'Der Betrieb fordert keine Fahrzeugtypen in dieser Auswahl.',
    cells: (index) => {
      const type = types[index]!;
      const total = totals.get(type.id) ?? { requirementId: type.id, known: 0, drivers: 0 };
      return [
        vehicleTypeLabel(type),
        String(total.known),
        String(total.drivers - total.known),
        vehicleCoverageLabel(total),
      ];
    },
  });
}
