import hyphen from 'hyphen/de/index.js';
import { BOLD, COLOR, CONTENT_BOTTOM, CONTENT_WIDTH, MARGIN, REGULAR, type Doc } from './pdf-drawing.js';

/*
 * The tables of the app's PDFs: a heading, then rows whose header is drawn again at the top of every page the table
 * continues on; a cell's long words break at syllables, and a row is marked by its fill, bar and status colour.
 */

/** The space after a table, before what follows it (counted when the last row keeps that block with it). */
const TABLE_GAP = 18;

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

/** Rows drawn between two pauses: a long table must not block the server's other requests for its whole length. */
const ROWS_PER_SLICE = 100;
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));
function sectionHeading(doc: Doc, title: string) {
  doc.font(BOLD).fontSize(12.5).fillColor(COLOR.text).text(title, MARGIN.left, doc.y, { lineBreak: false });
  doc.y += 20;
}

/** Room a heading, the table header and one row need, so a section never starts at the foot of a page. */
const KEEP_WITH_NEXT = 80;

export function ensureRoom(doc: Doc, height: number) {
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
