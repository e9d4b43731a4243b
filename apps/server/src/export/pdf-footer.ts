import QRCode from 'qrcode';
import { PRODUCT_NAME } from '@streckenpass/contract/constants';
import type { ExportData } from './model.js';
import { BOLD, COLOR, CONTENT_WIDTH, MARGIN, PAGE, REGULAR, type Doc } from './pdf-drawing.js';

/*
 * The footer band of every page of the app's PDFs (issue 27): the issued document's verification code, its address
 * and a QR code of it, then product, version and "Seite X von Y".
 */

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
