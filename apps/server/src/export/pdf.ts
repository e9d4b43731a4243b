import type { Readable } from 'node:stream';
import { EXPIRING_SOON_DAYS, PRODUCT_NAME } from '@streckenpass/contract/constants';
import { formatDate } from '@streckenpass/contract/format';
import { plural } from '@streckenpass/contract/plural';
import { EXPORT_STATUS_LABELS, UNRECORDED_LABEL } from '@streckenpass/contract/status';
import { accountRuleLabel, TERMS } from '@streckenpass/contract/terms';
import { sectionsText } from '@streckenpass/contract/route-paths';
import { fullName, routeEnds, routeStatus, type ExportData, type RouteStatusKind } from './model.js';
import {
  BOLD,
  COLOR,
  CONTENT_WIDTH,
  createPdf,
  drawTitleBlock,
  finish,
  MARGIN,
  REGULAR,
  STATUS_SYMBOL,
  type Doc,
} from './pdf-drawing.js';
import { drawFooters } from './pdf-footer.js';
import { drawTable, ensureRoom, type Column } from './pdf-table.js';
import { drawAttestations, drawDrives, drawHistory } from './pdf-transfer.js';

/**
 * The "Streckenkundenachweis": an A4 PDF a train driver can hand to an employer.
 *
 * Layout: title block with name, e-mail and date of issue, a summary of the statuses, the route table (its header
 * repeated on every page), the vehicles, notes and a signature line; on every page a footer with the issued
 * document's verification code, address and QR code (issue 27), product, version and "Seite X von Y" (pages are
 * buffered so the total is known). Expired and soon-expiring routes are
 * marked three ways, so that the marking survives a black-and-white printer: a symbol and bold status text, a
 * tinted row and a bar at the row's left edge.
 * The primitives it is drawn with are pdf-drawing.ts.
 */

/** The document's title: the proof, or the transfer document with the whole record and its history. */
const titleOf = (data: ExportData) => (data.transfer ? TERMS.transferProof : TERMS.proof);

export function renderPdf(data: ExportData): Readable {
  const name = fullName(data.user);
  const issued = formatDate(data.today);
  const title = titleOf(data);
  const doc = createPdf({
    title: `${title} – ${name}`,
    author: name,
    subject: `${title}, ausgestellt am ${issued}`,
    version: data.version,
  });
  return finish(doc, async () => {
    drawTitle(doc, data, name, issued);
    drawSummary(doc, data);
    const notes = notesBlock(doc, name, data.rules, Boolean(data.transfer), data.networkAttribution);
    await drawRoutes(doc, data);
    // The last table's last row keeps the notes and the signature lines on its page: the vehicles table (always
    // drawn, empty or not), or in the transfer document the history after the drives.
    await drawVehicles(doc, data, data.transfer ? 0 : notes.height);
    if (data.transfer) {
      await drawDrives(doc, data.transfer.drives);
      if (data.transfer.attestations) await drawAttestations(doc, data.transfer.attestations);
      await drawHistory(doc, data.transfer.history, notes.height);
    }
    drawNotes(doc, notes);
    drawFooters(doc, { version: data.version, verification: data.verification, line: `${title} ${name} · ${issued}` });
  });
}

function drawTitle(doc: Doc, data: ExportData, name: string, issued: string) {
  const vehicleCount = data.vehicles?.length ?? 0;
  const scope = [
    plural(data.routes.length, 'Strecke', 'Strecken'),
    ...(data.vehicles ? [plural(vehicleCount, 'Fahrzeug', 'Fahrzeuge')] : []),
    ...(data.transfer ? [plural(data.transfer.drives.length, 'Fahrt', 'Fahrten')] : []),
  ].join(' · ');
  drawTitleBlock(doc, titleOf(data), [
    ['Name', name],
    ['E-Mail', data.user.email],
    ['Ausgestellt am', issued],
    ['Umfang', scope],
  ]);
}

function drawSummary(doc: Doc, data: ExportData) {
  const counts: Record<RouteStatusKind, number> = { valid: 0, expiring: 0, expired: 0, unrecorded: 0 };
  for (const route of data.routes) counts[routeStatus(route.daysLeft).kind] += 1;
  const tiles: { label: string; value: number; color: string; kind: RouteStatusKind }[] = [
    { label: EXPORT_STATUS_LABELS.valid, value: counts.valid, color: COLOR.valid, kind: 'valid' },
    { label: EXPORT_STATUS_LABELS.soon, value: counts.expiring, color: COLOR.expiring.bar, kind: 'expiring' },
    { label: EXPORT_STATUS_LABELS.expired, value: counts.expired, color: COLOR.expired.bar, kind: 'expired' },
    { label: EXPORT_STATUS_LABELS.unrecorded, value: counts.unrecorded, color: COLOR.unrecorded, kind: 'unrecorded' },
  ];
  const gap = 8;
  const width = (CONTENT_WIDTH - gap * (tiles.length - 1)) / tiles.length;
  const height = 40;
  const top = doc.y;
  tiles.forEach((tile, index) => {
    const x = MARGIN.left + index * (width + gap);
    doc.lineWidth(0.75).rect(x, top, width, height).stroke(COLOR.rule);
    doc.rect(x, top, 3, height).fill(tile.color);
    doc
      .font(BOLD)
      .fontSize(15)
      .fillColor(COLOR.text)
      .text(String(tile.value), x + 11, top + 6, { lineBreak: false });
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(COLOR.muted)
      .text(`${STATUS_SYMBOL[tile.kind]} ${tile.label}`, x + 11, top + 25, {
        width: width - 14,
        lineBreak: false,
        ellipsis: true,
      });
  });
  doc.y = top + height + 20;
}

/** The route column: its name, then where it starts and ends unless the name says so, then a rule of its own. */
function routeCell(route: ExportData['routes'][number]): string {
  const lines = [route.name];
  const ends = routeEnds(route);
  if (ends) lines.push(ends);
  if (route.ownRule) lines.push(`${TERMS.validityRule}: ${route.validityRule}`);
  // The line sections the route covers (decision 0051), as the CSV writes them.
  if (route.sections && route.sections.length > 0) lines.push(`Streckenabschnitte: ${sectionsText(route.sections)}`);
  return lines.join('\n');
}

function drawRoutes(doc: Doc, data: ExportData): Promise<void> {
  // Status fits "⚠ läuft in 30 Tagen ab" in bold on one line; the route name takes what is left.
  const widths = [64, 70, 60, 116];
  const nameWidth = CONTENT_WIDTH - widths.reduce((a, b) => a + b, 0);
  const columns: Column[] = [
    { header: TERMS.route, width: nameWidth },
    { header: TERMS.companyRoute, width: widths[0]! },
    // Not one line: a last drive recorded more than 7 days late has "nachgetragen" under its date (issue 27), most
    // often in the height the route's name and ends take anyway; the width holds the word without a break.
    { header: TERMS.lastDriven, width: widths[1]! },
    { header: TERMS.validUntil, width: widths[2]!, oneLine: true },
    {
      header: 'Status',
      width: widths[3]!,
      oneLine: true,
      bold: (row) => {
        const kind = routeStatus(data.routes[row]!.daysLeft).kind;
        return kind === 'expired' || kind === 'expiring';
      },
    },
  ];
  return drawTable(doc, {
    title: TERMS.routes,
    columns,
    rows: data.routes.length,
    statusColumn: 4,
    empty: 'Keine Strecken in diesem Nachweis.',
    cells: (row) => {
      const route = data.routes[row]!;
      const status = routeStatus(route.daysLeft);
      return [
        routeCell(route),
        route.companyRoute ?? '',
        `${formatDate(route.lastDriven, '–')}${route.lastDrivenBackdated ? `\n${TERMS.backdated}` : ''}`,
        formatDate(route.validUntil, '–'),
        `${STATUS_SYMBOL[status.kind]} ${status.label}`,
      ];
    },
    style: (row) => {
      const kind = routeStatus(data.routes[row]!.daysLeft).kind;
      if (kind === 'expired')
        return { fill: COLOR.expired.fill, bar: COLOR.expired.bar, statusColor: COLOR.expired.text };
      if (kind === 'expiring')
        return { fill: COLOR.expiring.fill, bar: COLOR.expiring.bar, statusColor: COLOR.expiring.text };
      if (kind === 'valid') return { statusColor: COLOR.valid };
      return { statusColor: COLOR.unrecorded };
    },
  });
}

function drawVehicles(doc: Doc, data: ExportData, keepWithLast: number): Promise<void> {
  const vehicles = data.vehicles ?? [];
  return drawTable(doc, {
    title: TERMS.vehicles,
    columns: [
      { header: TERMS.vehicle, width: 200 },
      { header: TERMS.lastDriven, width: 90, oneLine: true },
      { header: TERMS.validUntil, width: 80, oneLine: true },
      { header: TERMS.validityRule, width: CONTENT_WIDTH - 370 },
    ],
    rows: vehicles.length,
    empty: data.vehicles === null ? 'Keine Fahrzeuge ausgewählt.' : 'Keine Fahrzeuge erfasst.',
    keepWithLast,
    cells: (row) => {
      const vehicle = vehicles[row]!;
      return [
        vehicle.name,
        formatDate(vehicle.lastDriven, UNRECORDED_LABEL),
        formatDate(vehicle.validUntil, '–'),
        vehicle.ownRule === false ? accountRuleLabel(vehicle.validityRule) : vehicle.validityRule,
      ];
    },
  });
}

const SIGNATURE_HEIGHT = 70;

/** The notes under the tables, and the height they and the signature lines take. */
function notesBlock(
  doc: Doc,
  name: string,
  rules: ExportData['rules'],
  transfer: boolean,
  networkAttribution?: string,
) {
  const notes = [
    ...(transfer
      ? [
          'Dieser Nachweis enthält alle Eintragungen mit ihrem Verlauf, zur Vorlage beim neuen Arbeitgeber (TfV § 13). ' +
            `„${TERMS.recordedOn}“ ist der Tag, an dem eine Fahrt eingetragen wurde; „${TERMS.backdated}“: mehr als 7 ` +
            'Tage nach der Fahrt; „übernommen“: aus einem CSV-Import oder einer Sicherung.',
        ]
      : []),
    `„${TERMS.lastDriven}“ ist der Tag der letzten erfassten Fahrt, „${TERMS.validUntil}“ der letzte Tag, an dem ` +
      `die Streckenkunde gilt. ${TERMS.validityRule} des Kontos für Strecken: ${rules.routes}, für Fahrzeuge: ` +
      `${rules.vehicles}; Strecken mit eigener Regel nennen sie unter dem Namen. Eine Fahrt kann ausdrücklich ` +
      'für 1 Jahr (364 Tage) oder ½ Jahr (182 Tage) erfasst sein.',
    `Markiert sind abgelaufene Strecken (✖) und Strecken, deren Streckenkunde in höchstens ${EXPIRING_SOON_DAYS} ` +
      'Tagen abläuft (⚠).',
    `Die Angaben beruhen auf den Eintragungen von ${name} in ${PRODUCT_NAME}.`,
    // CC BY 4.0 of the rail network data, whenever line sections derived from it are printed.
    ...(networkAttribution ? [`Streckenabschnitte: ${networkAttribution}`] : []),
  ];
  doc.font(REGULAR).fontSize(8);
  const notesHeight = notes.reduce((sum, note) => sum + doc.heightOfString(note, { width: CONTENT_WIDTH }) + 3, 0);
  return { notes, height: 14 + notesHeight + SIGNATURE_HEIGHT };
}

function drawNotes(doc: Doc, block: ReturnType<typeof notesBlock>) {
  ensureRoom(doc, block.height);
  doc.font(BOLD).fontSize(9).fillColor(COLOR.text).text('Hinweise', MARGIN.left, doc.y, { lineBreak: false });
  doc.y += 14;
  for (const note of block.notes) {
    doc.font(REGULAR).fontSize(8).fillColor(COLOR.muted).text(note, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
    doc.y += 3;
  }

  const lineY = doc.y + 42;
  const lineWidth = 200;
  for (const [x, label] of [
    [MARGIN.left, 'Ort, Datum'],
    [MARGIN.left + CONTENT_WIDTH - lineWidth, 'Unterschrift'],
  ] as const) {
    doc
      .moveTo(x, lineY)
      .lineTo(x + lineWidth, lineY)
      .lineWidth(0.6)
      .stroke(COLOR.text);
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(COLOR.muted)
      .text(label, x, lineY + 4, { lineBreak: false });
  }
  doc.y = lineY + 20;
}
