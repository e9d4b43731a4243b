import type { Readable } from 'node:stream';
import { formatDate } from '@streckenpass/contract/format';
import { plural } from '@streckenpass/contract/plural';
import { COLOR, CONTENT_WIDTH, createPdf, drawTitleBlock, finish } from './pdf-drawing.js';
import { drawFooters } from './pdf-footer.js';
import { drawTable } from './pdf-table.js';
import { holderName } from './proof-content.js';
import { REGISTER_HEADER, registerCells, type RegisterPdfData } from './register-model.js';

const TITLE = 'Verzeichnis nach § 10 Abs. 4 TfV';

/**
 * A Betrieb's register per TfV § 10 (4) as an issued A4 PDF (issue 41 item 6), drawn from the issued content with the
 * matrix's pieces: the title block (Betrieb, Stichtag, who issued it), then a row per driver with the fields 31.1 and
 * 31.2 of Anlage 10; a driver without a check marked like an expired route. The verification code and QR code are in
 * every page's footer.
 */
export function renderRegisterPdf(data: RegisterPdfData): Readable {
  const { content } = data;
  const asOf = formatDate(content.asOf);
  const issuer = holderName({ holder: content.issuer });
  const doc = createPdf({
    title: `${TITLE} – ${content.betrieb.name}`,
    author: issuer,
    subject: `${TITLE} des Betriebs ${content.betrieb.name}, Stand ${asOf}`,
    version: data.version,
  });
  return finish(doc, async () => {
    drawTitleBlock(doc, TITLE, [
      ['Betrieb', content.betrieb.name],
      ['Stand', asOf],
      ['Ausgestellt von', issuer],
      ['Umfang', plural(content.drivers.length, 'Triebfahrzeugführer/in', 'Triebfahrzeugführer/innen')],
    ]);
    await drawTable(doc, {
      title: 'Triebfahrzeugführer/innen',
      columns: [
        { header: REGISTER_HEADER[0], width: 95 },
        { header: REGISTER_HEADER[1], width: 60 },
        { header: REGISTER_HEADER[2], width: CONTENT_WIDTH - 325 },
        { header: REGISTER_HEADER[3], width: 80, oneLine: true },
        { header: REGISTER_HEADER[4], width: 90 },
      ],
      rows: content.drivers.length,
      statusColumn: 3,
      empty: 'Der Betrieb hat keine Triebfahrzeugführer/innen.',
      cells: (index) => registerCells(content.drivers[index]!, (date) => formatDate(date)),
      style: (index) =>
        content.drivers[index]!.lastCheck
          ? { statusColor: COLOR.valid }
          : { fill: COLOR.expired.fill, bar: COLOR.expired.bar, statusColor: COLOR.expired.text },
    });
    drawFooters(doc, {
      version: data.version,
      verification: data.verification,
      line: `${TITLE} ${content.betrieb.name} · ${asOf}`,
    });
  });
}
