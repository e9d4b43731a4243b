import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import hyphen from 'hyphen/de/index.js';
import QRCode from 'qrcode';
import { DEFAULT_TIME_ZONE, EXPIRING_SOON_DAYS, PRODUCT_NAME } from '@streckenpass/contract/constants';
import { formatDate, formatDateTime } from '@streckenpass/contract/format';
import { plural } from '@streckenpass/contract/plural';
import { EXPORT_STATUS_LABELS, UNRECORDED_LABEL } from '@streckenpass/contract/status';
import { accountRuleLabel, TERMS } from '@streckenpass/contract/terms';
import { sectionsText } from '@streckenpass/contract/route-paths';
import {
  fullName,
  routeEnds,
  routeStatus,
  type ExportData,
  type ExportDrive,
  type ExportHistoryLine,
  type RouteStatusKind,
} from './model.js';

/**
 * The "Streckenkundenachweis": an A4 PDF a train driver can hand to an employer.
 *
 * Layout: title block with name, e-mail and date of issue, a summary of the statuses, the route table (its header
 * repeated on every page), the vehicles, notes and a signature line; on every page a footer with the issued
 * document's verification code, address and QR code (issue 27), product, version and "Seite X von Y" (pages are
 * buffered so the total is known). Expired and soon-expiring routes are
 * marked three ways, so that the marking survives a black-and-white printer: a symbol and bold status text, a
 * tinted row and a bar at the row's left edge.
 *
 * Text is set in DejaVu Sans, embedded from `assets/fonts` (shipped with the server, not read from the system),
 * so umlauts, ß and the dashes of route names render on every machine.
 */

const FONT_DIR = path.resolve(import.meta.dirname, '../../assets/fonts');
const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';

/** What `registerFont` takes: the TTF bytes. */
type FontSource = Buffer;

/**
 * Reads a face's file once per process; each document parses it itself (about 75 ms). A fontkit font parsed once
 * and shared between documents (pdfkit ≥ 0.20 accepts one) is not safe: its glyph cache keeps glyphs that a subset
 * created without their characters, and later documents then lose those characters from their text layer (copying
 * or searching "Zuletzt" gave "Z letzt"). `pdf.test.ts` renders several documents in one process and reads each.
 */
function readFace(file: string): FontSource {
  return fs.readFileSync(path.join(FONT_DIR, file));
}

let fontCache: { regular: FontSource; bold: FontSource } | undefined;
export function fonts() {
  fontCache ??= { regular: readFace('DejaVuSans.ttf'), bold: readFace('DejaVuSans-Bold.ttf') };
  return fontCache;
}

/** The space after a table, before what follows it (counted when the last row keeps that block with it). */
const TABLE_GAP = 18;

const PAGE = { width: 595.28, height: 841.89 };
/** The bottom margin holds the footer band: verification code, address and QR code, product, page number. */
const MARGIN = { top: 50, bottom: 68, left: 48, right: 48 };
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;

export const COLOR = {
  text: '#1b1f24',
  muted: '#5b6472',
  rule: '#c9ced6',
  accent: '#1f3a5f',
  headerFill: '#e6eaf0',
  valid: '#1e6b34',
  expiring: { text: '#8a4600', fill: '#fff1d6', bar: '#e08a00' },
  expired: { text: '#a4161a', fill: '#fbe3e3', bar: '#a4161a' },
  unrecorded: '#5b6472',
};

const STATUS_SYMBOL: Record<RouteStatusKind, string> = {
  valid: '✓',
  expiring: '⚠',
  expired: '✖',
  unrecorded: '–',
};

const BODY_SIZE = 8.5;
const CELL_PAD_X = 4;
const CELL_PAD_Y = 4.5;
/** Width of the status bar at a row's left edge; the first column is indented by it on every row. */
const BAR_WIDTH = 3;

/**
 * A cell's text with soft hyphens in every word that is wider than the cell, so that pdfkit breaks such a word at a
 * syllable with a visible hyphen ("Aschaf-fenburg") instead of anywhere without one; words that fit stay untouched.
 * German hyphenation patterns come from `hyphen` (decision 0039).
 */
function breakableText(doc: Doc, text: string, width: number): string {
  return text.replace(/[^\s–—]+/g, (word) =>
    doc.widthOfString(word) > width ? hyphen.hyphenateSync(word, { minWordLength: 4 }) : word,
  );
}

/** Left inset and text width of column `index`. */
function cellBox(column: Column, index: number) {
  const left = CELL_PAD_X + (index === 0 ? BAR_WIDTH : 0);
  return { left, width: column.width - left - CELL_PAD_X };
}

export interface Column {
  header: string;
  width: number;
  /** Bold cell text. */
  bold?: (row: number) => boolean;
  /** Texts sized to fit one line (dates, status): never measured or wrapped. */
  oneLine?: boolean;
}

export type Doc = PDFKit.PDFDocument;

/** The document's title: the proof, or the transfer document with the whole record and its history. */
const titleOf = (data: ExportData) => (data.transfer ? TERMS.transferProof : TERMS.proof);

/** An A4 document of the app (pages buffered for "Seite X von Y", the fonts embedded), titled for its metadata. */
export function createPdf(info: { title: string; author: string; subject: string; version: string }): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: 'de-DE',
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: `${PRODUCT_NAME} ${info.version}` },
  });
  const { regular, bold } = fonts();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  doc.font(REGULAR).fillColor(COLOR.text);
  return doc;
}

/** Draws the document with `draw`, then ends it; a failure destroys the stream with the error. */
export function finish(doc: Doc, draw: () => Promise<void>): Readable {
  draw().then(
    () => doc.end(),
    (error: unknown) => {
      if (!doc.destroyed) doc.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return doc;
}

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
      await drawHistory(doc, data.transfer.history, notes.height);
    }
    drawNotes(doc, notes);
    drawFooters(doc, { version: data.version, verification: data.verification, line: `${title} ${name} · ${issued}` });
  });
}

/** Rows drawn between two pauses: a long table must not block the server's other requests for its whole length. */
const ROWS_PER_SLICE = 100;
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The title block: product, title, a rule, then facts as label and value (the first value in bold). */
export function drawTitleBlock(doc: Doc, title: string, facts: [string, string][]) {
  const top = MARGIN.top;
  doc.font(BOLD).fontSize(9).fillColor(COLOR.accent).text(PRODUCT_NAME.toUpperCase(), MARGIN.left, top, {
    lineBreak: false,
  });
  doc
    .font(BOLD)
    .fontSize(22)
    .fillColor(COLOR.text)
    .text(title, MARGIN.left, top + 16, { lineBreak: false });
  const ruleY = top + 48;
  doc.rect(MARGIN.left, ruleY, CONTENT_WIDTH, 2).fill(COLOR.accent);
  let y = ruleY + 14;
  facts.forEach(([label, value], index) => {
    doc.font(REGULAR).fontSize(9.5).fillColor(COLOR.muted).text(label, MARGIN.left, y, { lineBreak: false });
    doc
      .font(index === 0 ? BOLD : REGULAR)
      .fillColor(COLOR.text)
      .text(value, MARGIN.left + 100, y, { width: CONTENT_WIDTH - 100, lineBreak: false, ellipsis: true });
    y += 15;
  });
  doc.y = y + 8;
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

function sectionHeading(doc: Doc, title: string) {
  doc.font(BOLD).fontSize(12.5).fillColor(COLOR.text).text(title, MARGIN.left, doc.y, { lineBreak: false });
  doc.y += 20;
}

/** Room a heading, the table header and one row need, so a section never starts at the foot of a page. */
const KEEP_WITH_NEXT = 80;

function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > CONTENT_BOTTOM) {
    doc.addPage();
    doc.y = MARGIN.top;
  }
}

/**
 * A table whose header row is drawn again at the top of every page it continues on. `cells(i)` gives row i's
 * texts; `style(i)` its marking.
 */
export async function drawTable(
  doc: Doc,
  options: {
    title: string;
    columns: Column[];
    rows: number;
    cells: (row: number) => string[];
    style?: (row: number) => { fill?: string; bar?: string; statusColor?: string } | undefined;
    statusColumn?: number;
    empty: string;
    /** Height of what must follow the last row on the same page (the notes and signature after the last table). */
    keepWithLast?: number;
  },
) {
  const { columns } = options;
  const keepWithLast = options.keepWithLast ?? 0;
  ensureRoom(doc, KEEP_WITH_NEXT + (options.rows <= 1 ? TABLE_GAP + keepWithLast : 0));
  sectionHeading(doc, options.title);

  const header = () => {
    doc.font(BOLD).fontSize(8);
    const height =
      Math.max(...columns.map((c, index) => doc.heightOfString(c.header, { width: cellBox(c, index).width }))) + 2 * 5;
    const top = doc.y;
    doc.rect(MARGIN.left, top, CONTENT_WIDTH, height).fill(COLOR.headerFill);
    let x = MARGIN.left;
    doc.fillColor(COLOR.text);
    columns.forEach((column, index) => {
      const box = cellBox(column, index);
      doc.text(column.header, x + box.left, top + 5, { width: box.width });
      x += column.width;
    });
    doc
      .moveTo(MARGIN.left, top + height)
      .lineTo(MARGIN.left + CONTENT_WIDTH, top + height)
      .lineWidth(0.8)
      .stroke(COLOR.accent);
    doc.y = top + height;
  };

  header();
  const lineHeight = doc.font(REGULAR).fontSize(BODY_SIZE).currentLineHeight(true);
  if (options.rows === 0) {
    const top = doc.y;
    doc
      .font(REGULAR)
      .fontSize(BODY_SIZE)
      .fillColor(COLOR.muted)
      .text(options.empty, MARGIN.left + CELL_PAD_X + BAR_WIDTH, top + CELL_PAD_Y, { lineBreak: false });
    doc.y = top + BODY_SIZE + 2 * CELL_PAD_Y + 18;
    return;
  }

  for (let row = 0; row < options.rows; row++) {
    if (row > 0 && row % ROWS_PER_SLICE === 0) {
      await nextTick();
      // The reader has gone (client disconnected): stop drawing.
      if (doc.destroyed) throw new Error('PDF stream destroyed');
    }
    const texts = options.cells(row);
    const style = options.style?.(row);
    // Most cells fit one line: a width check is far cheaper than a line-wrapped layout (speed and garbage at
    // 1,000 rows), so only the texts that do not fit are wrapped and measured.
    const wraps = columns.map((column, index) => {
      const text = texts[index];
      if (column.oneLine || !text) return false;
      doc.font(column.bold?.(row) ? BOLD : REGULAR).fontSize(BODY_SIZE);
      const width = cellBox(column, index).width;
      if (!text.includes('\n') && doc.widthOfString(text) <= width) return false;
      texts[index] = breakableText(doc, text, width);
      return true;
    });
    const height =
      Math.max(
        lineHeight,
        ...columns.map((column, index) => {
          if (!wraps[index]) return 0;
          doc.font(column.bold?.(row) ? BOLD : REGULAR).fontSize(BODY_SIZE);
          return doc.heightOfString(texts[index]!, { width: cellBox(column, index).width });
        }),
      ) +
      2 * CELL_PAD_Y;

    // The last row keeps the block after the table with it: a signature never stands alone on a page.
    const needed = height + (row === options.rows - 1 ? TABLE_GAP + keepWithLast : 0);
    if (doc.y + needed > CONTENT_BOTTOM) {
      doc.addPage();
      doc.y = MARGIN.top;
      doc.font(REGULAR).fontSize(8).fillColor(COLOR.muted).text(`${options.title} (Fortsetzung)`, MARGIN.left, doc.y, {
        lineBreak: false,
      });
      doc.y += 14;
      header();
    }

    const top = doc.y;
    // Tints start below the previous row's rule, so that the rule between two marked rows stays visible.
    if (style?.fill) doc.rect(MARGIN.left, top + 0.3, CONTENT_WIDTH, height - 0.3).fill(style.fill);
    if (style?.bar) doc.rect(MARGIN.left, top + 0.3, BAR_WIDTH, height - 0.3).fill(style.bar);
    let x = MARGIN.left;
    columns.forEach((column, index) => {
      const isStatus = index === options.statusColumn;
      const box = cellBox(column, index);
      doc
        .font(column.bold?.(row) ? BOLD : REGULAR)
        .fontSize(BODY_SIZE)
        .fillColor(isStatus && style?.statusColor ? style.statusColor : COLOR.text)
        .text(texts[index] ?? '', x + box.left, top + CELL_PAD_Y, { width: box.width, lineBreak: wraps[index] });
      x += column.width;
    });
    doc
      .moveTo(MARGIN.left, top + height)
      .lineTo(MARGIN.left + CONTENT_WIDTH, top + height)
      .lineWidth(0.5)
      .stroke(COLOR.rule);
    doc.y = top + height;
  }
  doc.y += TABLE_GAP;
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

/** The transfer document's drives: every one, newest first, with the day it was recorded. */
function drawDrives(doc: Doc, drives: ExportDrive[]): Promise<void> {
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
        drive.routes.length > 0 ? drive.routes.join(', ') : 'Strecken inzwischen gelöscht',
      ];
    },
  });
}

/** The transfer document's history: every change, oldest first, with its time and how it came in. */
function drawHistory(doc: Doc, history: ExportHistoryLine[], keepWithLast: number): Promise<void> {
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

/**
 * Side of the QR code in the footer band: 46 pt (16 mm), beside the footer's text and within the bottom margin (the
 * band costs the content 6 pt a page), 6 mm above the paper's edge. With error correction L an address of up to 53
 * characters needs 29 modules (about 0.56 mm each), up to 78 characters 33 (0.49 mm): what a phone's camera reads
 * on paper and on a screen.
 */
const QR_SIZE = 46;

/**
 * Draws a QR code of `text` (encoded by the `qrcode` package; error correction L) as filled squares, one path per
 * row run, with its top left corner at x, y.
 */
function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'L' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      doc.rect(x + start * cell, y + row * cell, (col - start) * cell, cell);
    }
  }
  doc.fill('#000000');
}

/**
 * The footer band of every page: the issued document's verification code and address with a QR code of the address
 * (issue 27), then product, version, holder, date of issue and "Seite X von Y".
 */
export function drawFooters(
  doc: Doc,
  footer: { version: string; verification: ExportData['verification']; line: string },
) {
  const range = doc.bufferedPageRange();
  const total = range.count;
  const verification = footer.verification;
  const textWidth = verification ? CONTENT_WIDTH - QR_SIZE - 14 : CONTENT_WIDTH;
  for (let index = range.start; index < range.start + total; index++) {
    doc.switchToPage(index);
    // The footer sits below the content area: lift the bottom margin so pdfkit does not break to a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = PAGE.height - MARGIN.bottom + 3;
    doc
      .moveTo(MARGIN.left, top)
      .lineTo(MARGIN.left + textWidth, top)
      .lineWidth(0.5)
      .stroke(COLOR.rule);
    if (verification) {
      drawQr(doc, verification.url, MARGIN.left + CONTENT_WIDTH - QR_SIZE, top + 1, QR_SIZE);
      doc
        .font(BOLD)
        .fontSize(9)
        .fillColor(COLOR.text)
        .text(`Prüfcode ${verification.code}`, MARGIN.left, top + 5, { width: textWidth, lineBreak: false });
      doc
        .font(REGULAR)
        .fontSize(7.5)
        .fillColor(COLOR.muted)
        .text('Echtheit prüfen: QR-Code scannen oder die Adresse öffnen', MARGIN.left, top + 17, {
          width: textWidth,
          lineBreak: false,
        })
        .text(verification.url, MARGIN.left, top + 26, { width: textWidth, lineBreak: false, ellipsis: true });
    }
    const y = verification ? top + 39 : top + 19;
    doc
      .font(REGULAR)
      .fontSize(7.5)
      .fillColor(COLOR.muted)
      .text(`${PRODUCT_NAME} ${footer.version} · ${footer.line}`, MARGIN.left, y, {
        width: textWidth - 80,
        lineBreak: false,
        ellipsis: true,
      });
    doc.text(`Seite ${index - range.start + 1} von ${total}`, MARGIN.left, y, {
      width: textWidth,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
