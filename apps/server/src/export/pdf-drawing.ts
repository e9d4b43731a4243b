import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '@streckenpass/contract/constants';
import type { RouteStatusKind } from './model.js';

/*
 * The page of the app's PDFs (the driver's Nachweis in pdf.ts, a Betrieb's matrix in matrix-pdf.ts): an A4 document
 * with the embedded fonts, its margins and colours, and the title block; tables are pdf-table.ts, the footer band
 * pdf-footer.ts.
 *
 * Text is set in DejaVu Sans, embedded from `assets/fonts` (shipped with the server, not read from the system),
 * so umlauts, ß and the dashes of route names render on every machine.
 */

const FONT_DIR = path.resolve(import.meta.dirname, '../../assets/fonts');
export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';

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

export const PAGE = { width: 595.28, height: 841.89 };
/** The bottom margin holds the footer band: verification code, address and QR code, product, page number. */
export const MARGIN = { top: 50, bottom: 68, left: 48, right: 48 };
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
export const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;

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

export const STATUS_SYMBOL: Record<RouteStatusKind, string> = {
  valid: '✓',
  expiring: '⚠',
  expired: '✖',
  unrecorded: '–',
};

export type Doc = PDFKit.PDFDocument;

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
