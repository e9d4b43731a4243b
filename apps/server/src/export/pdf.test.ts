import { execFileSync } from 'node:child_process';
import { buffer } from 'node:stream/consumers';
import jsQRModule from 'jsqr';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { addDays } from '@streckenpass/contract/knowledge';
import type { ExportData } from './model.js';
import { renderPdf } from './pdf.js';
import { fonts } from './pdf-drawing.js';

// jsqr is CommonJS with an ES-style default export: under NodeNext its function is the module's `default`.
const jsQR = jsQRModule.default;

const today = '2026-05-04';

function poppler(tool: string, args: string[], input: Buffer): string {
  try {
    return execFileSync(tool, args, { input, encoding: 'utf8' });
  } catch (error) {
    // No skipping: CI installs poppler-utils, and a PDF that is never read proves nothing.
    throw new Error(`${tool} (Debian package poppler-utils) is required to check the PDF export: ${String(error)}`);
  }
}

function data(routeCount: number): ExportData {
  const days = [200, 12, -5, null, 0];
  return {
    today,
    user: { firstname: 'Jörg', lastname: 'Weiß', email: 'joerg@example.org' },
    version: '9.8.7',
    routes: Array.from({ length: routeCount }, (_, i) => {
      const left = days[i % days.length]!;
      return {
        name: i % 7 === 0 ? `Hanau Hbf – Frankfurt (Main) Süd über Offenbach-Bieber und Mühlheim ${i}` : `Strecke ${i}`,
        companyRoute: i % 3 === 0 ? null : `KBS ${i}`,
        startPoint: 'FH',
        endPoint: 'FF',
        tours: [],
        lastDriven: left === null ? null : addDays(today, left - 364),
        validUntil: left === null ? null : addDays(today, left),
        daysLeft: left,
        validityRule: i === 0 ? '90 Tage' : '1 Jahr (364 Tage)',
        ownRule: i === 0,
      };
    }),
    vehicles: [
      { name: 'BR 218', lastDriven: '2026-04-01', validityRule: '½ Jahr (182 Tage)', validUntil: '2026-09-30' },
      { name: 'ET 425', lastDriven: '2026-04-01', validityRule: 'unbegrenzt', validUntil: null, ownRule: false },
    ],
    rules: { routes: '1 Jahr (364 Tage)', vehicles: 'unbegrenzt' },
  };
}

describe('renderPdf', () => {
  it('repeats the table header and writes "Seite X von Y" with product and version on every page', async () => {
    const pdf = await buffer(renderPdf(data(150)));
    const pages = Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', ['-'], pdf))?.[1]);
    expect(pages).toBeGreaterThan(2);
    for (let page = 1; page <= pages; page++) {
      const content = poppler('pdftotext', ['-layout', '-f', String(page), '-l', String(page), '-', '-'], pdf);
      expect(content, `page ${page}`).toContain(`Seite ${page} von ${pages}`);
      expect(content, `page ${page}`).toContain('Streckenpass 9.8.7');
      if (page < pages) expect(content, `page ${page}`).toMatch(/Strecke\s+Kürzel\s+Zuletzt/);
    }
    const all = poppler('pdftotext', ['-', '-'], pdf);
    for (let i = 0; i < 150; i += 1) {
      if (i % 7 !== 0) expect(all).toContain(`Strecke ${i}\n`);
    }
    expect(all).toContain('Fahrzeuge');
  });

  it('prints the validity rules: the account default, a route own rule, and each vehicle rule with its end', async () => {
    const all = poppler('pdftotext', ['-', '-'], await buffer(renderPdf(data(3)))).replace(/\s+/g, ' ');
    expect(all).toContain('Gültigkeitsregel des Kontos für Strecken: 1 Jahr (364 Tage), für Fahrzeuge: unbegrenzt');
    expect(all).toContain('Gültigkeitsregel: 90 Tage');
    expect(all).toContain('wie im Konto: unbegrenzt');
    expect(all).toContain('½ Jahr (182 Tage)');
    expect(all).toContain('30.09.2026');
  });

  it('stops drawing, without an error, when the reader goes away midway', async () => {
    const stream = renderPdf(data(1_000));
    const closed = new Promise((resolve) => stream.on('close', resolve));
    stream.destroy();
    await closed;
    // Give the drawing loop time to notice; an unhandled error would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stream.destroyed).toBe(true);
  });

  it('reads its font files once per process', () => {
    const { regular, bold } = fonts();
    expect(Buffer.isBuffer(regular)).toBe(true);
    expect(Buffer.isBuffer(bold)).toBe(true);
    expect(fonts().regular).toBe(regular);
  });

  it('keeps every character in the text layer of later documents built from the same fonts', async () => {
    // A fontkit font shared between documents lost characters from later documents' text: the fourth of these
    // read "Z letzt gefahren" (its glyph cache held glyphs without their characters).
    const render = (bold: string) => {
      const doc = new PDFDocument();
      doc.registerFont('R', fonts().regular);
      doc.registerFont('B', fonts().bold);
      doc.font('B').text(bold);
      doc.font('R').text('Strecke Köln Hbf');
      doc.end();
      return buffer(doc);
    };
    for (const text of ['Gefahren am', 'Prüfcode ABC', 'Prüfcode ABC', 'Zuletzt gefahren Prüfcode']) {
      expect(poppler('pdftotext', ['-', '-'], await render(text))).toContain(`${text}\nStrecke Köln Hbf`);
    }
  });

  it('renders documents drawn at the same time, each correctly', async () => {
    const first = data(250);
    const second = { ...data(250), user: { firstname: 'Ärger', lastname: 'Großmann', email: 'x@example.org' } };
    second.routes = second.routes.map((route) => ({ ...route, name: `Zweite ${route.name}` }));
    const [a, b] = await Promise.all([buffer(renderPdf(first)), buffer(renderPdf(second))]);
    const textA = poppler('pdftotext', ['-', '-'], a);
    const textB = poppler('pdftotext', ['-', '-'], b);
    expect(textA).toContain('Jörg Weiß');
    expect(textA).not.toContain('Zweite');
    expect(textB).toContain('Ärger Großmann');
    expect(textB).toContain('Zweite Strecke 249\n');
    expect(textA).toContain('Strecke 249\n');
  });

  it('embeds its font, so umlauts and ß do not depend on the reader', async () => {
    const pdf = await buffer(renderPdf(data(3)));
    const fonts = poppler('pdffonts', ['-'], pdf);
    expect(fonts).toMatch(/DejaVuSans\s.*yes\s+yes/);
    expect(fonts).toMatch(/DejaVuSans-Bold\s.*yes\s+yes/);
    expect(poppler('pdftotext', ['-', '-'], pdf)).toContain('Jörg Weiß');
  });

  /** Routes as drivers name them: station names, long compounds, company codes longer than their column. */
  function realistic(routeCount: number): ExportData {
    const base = data(routeCount);
    const names = [
      ['Frankfurt (Main) Hbf – Aschaffenburg Hbf', 'Frankfurt (Main) Hbf', 'Aschaffenburg Hbf'],
      ['Güterbahnhofsvorfeldstellwerksbereich Seelze', 'Hannover-Linden', 'Seelze Rangierbahnhof'],
      ['Köln Hbf – Düsseldorf Hbf', 'Köln Hbf', 'Düsseldorf Hbf'],
    ] as const;
    base.routes = base.routes.map((route, i) => {
      const [name, startPoint, endPoint] = names[i % names.length]!;
      return { ...route, name, startPoint, endPoint, companyRoute: i % 2 ? 'Kursbuchstrecke800' : 'KBS 640' };
    });
    return base;
  }

  /** Each page's words with their boxes (pdftotext -bbox, in points from the top left). */
  function wordBoxes(pdf: Buffer) {
    const html = poppler('pdftotext', ['-bbox', '-', '-'], pdf);
    return html
      .split('<page ')
      .slice(1)
      .map((page) =>
        [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<\/word>/g)].map(
          (m) => ({ x: Number(m[1]), y: Number(m[2]), text: m[3]! }),
        ),
      );
  }

  /** Dark pixels of a row of page `page` rendered at 72 dpi (1 px = 1 pt), between x and x + width. */
  function darkPixels(pdf: Buffer, page: number, y: number, x: number, width: number): number {
    const pgm = execFileSync('pdftoppm', ['-gray', '-r', '72', '-f', String(page), '-l', String(page), '-'], {
      input: pdf,
    });
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40))!;
    const rowWidth = Number(header[1]);
    const offset = header[0].length;
    let dark = 0;
    for (let px = Math.round(x); px < x + width; px++) {
      if (pgm[offset + Math.round(y) * rowWidth + px]! < 128) dark += 1;
    }
    return dark;
  }

  it.each([5, 40])(
    'keeps the signature lines on the page of the last table row, drawn, with %i routes',
    async (count) => {
      const pdf = await buffer(renderPdf(realistic(count)));
      const pages = wordBoxes(pdf);
      if (count === 5) expect(pages).toHaveLength(1);
      const signaturePage = pages.findIndex((words) => words.some((w) => w.text === 'Unterschrift'));
      expect(signaturePage).toBe(pages.length - 1);
      const words = pages[signaturePage]!;
      // The last row of the last table (the vehicles) stands on the same page, above the signature.
      const lastRow = words.find((w) => w.text === '425')!;
      const label = words.find((w) => w.text === 'Unterschrift')!;
      expect(lastRow).toBeDefined();
      expect(lastRow.y).toBeLessThan(label.y);
      // The signature line is drawn 4 pt above its label, 200 pt long.
      const line = Math.max(
        ...[3, 4, 5, 6].map((up) => darkPixels(pdf, signaturePage + 1, label.y - up, label.x, 200)),
      );
      expect(line).toBeGreaterThan(180);
    },
    30_000,
  );

  it.each([5, 40])(
    'breaks no word without a hyphen, in the route names or company codes, with %i routes',
    async (count) => {
      const input = realistic(count);
      const text = poppler('pdftotext', ['-', '-'], await buffer(renderPdf(input)))
        .replaceAll('\u00ad', '')
        .replace(/-\n/g, '');
      const tokens = new Set(text.split(/\s+/));
      const words = input.routes.flatMap((route) =>
        [route.name, route.companyRoute ?? ''].flatMap((value) => value.split(/\s+/)).filter(Boolean),
      );
      for (const word of words) expect(tokens, word).toContain(word);
    },
  );

  it('the transfer document: title, every drive and the history, the signature with the last history line', async () => {
    const input: ExportData = {
      ...realistic(8),
      transfer: {
        drives: Array.from({ length: 30 }, (_, i) => ({
          acquiredAt: `2026-0${1 + (i % 9)}-1${i % 10}`,
          acquiredUntil: '2027-01-01',
          recordedOn: i % 3 ? '2026-11-20' : null,
          backdated: i % 3 === 1,
          imported: i % 5 === 0,
          routes: ['Köln Hbf – Düsseldorf Hbf', 'Frankfurt (Main) Hbf – Aschaffenburg Hbf'],
          way: i === 1 ? ('escorted' as const) : ('driven' as const),
          time: i === 1 ? '21:40' : null,
          dark: i === 1 ? true : null,
        })),
        history: Array.from({ length: 60 }, (_, i) => ({
          at: new Date(Date.UTC(2026, 10, 1, 8, i)).toISOString(),
          text: i === 59 ? 'Letzte Änderung „Ende“ angelegt' : `Strecke „Nummer ${i}“ geändert: Name, Gültigkeitsregel`,
          channel: 'in der App',
        })),
      },
    };
    const pdf = await buffer(renderPdf(input));
    const pages = wordBoxes(pdf);
    const text = poppler('pdftotext', ['-', '-'], pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Nachweis für den Arbeitgeberwechsel');
    expect(text).toContain('Alle Fahrten');
    expect(text).toContain('Verlauf aller Eintragungen');
    expect(text).toContain('übernommen');
    expect(text).toContain('01.11.2026, 09:59');
    // How a drive was made, under its routes, where it is not "selbst gefahren" without a time (issue 41).
    expect(text).toContain('begleitete Fahrt · 21:40 Uhr · bei Dunkelheit');
    expect(text.match(/selbst gefahren/g)).toBeNull();
    const signaturePage = pages.findIndex((words) => words.some((w) => w.text === 'Unterschrift'));
    expect(signaturePage).toBe(pages.length - 1);
    const last = pages[signaturePage]!.find((w) => w.text === '„Ende“');
    expect(last).toBeDefined();
    expect(last!.y).toBeLessThan(pages[signaturePage]!.find((w) => w.text === 'Unterschrift')!.y);
  }, 30_000);

  it('prints the verification code, its address and a QR code of the address on every page', async () => {
    const url = 'https://streckenpass.example.org/pruefen/ABCD-EFGH-JKMN';
    const pdf = await buffer(renderPdf({ ...data(150), verification: { code: 'ABCD-EFGH-JKMN', url } }));
    const pages = Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', ['-'], pdf))?.[1]);
    expect(pages).toBeGreaterThan(2);
    for (let page = 1; page <= pages; page++) {
      const text = poppler('pdftotext', ['-f', String(page), '-l', String(page), '-', '-'], pdf);
      // (The code itself: the word before it is bold, whose extracted text varies with the fonts other documents of
      // this process used first.)
      expect(text, `page ${page}`).toContain('ABCD-EFGH-JKMN');
      expect(text, `page ${page}`).toContain(url);
      expect(text, `page ${page}`).toContain(`Seite ${page} von ${pages}`);
      // The footer band at 150 dpi, as a phone's camera would see a print: the QR code reads back as the address.
      const dpi = 150;
      const top = Math.floor(((841.89 - 70) * dpi) / 72);
      const pgm = execFileSync(
        'pdftoppm',
        [
          '-gray',
          '-r',
          String(dpi),
          '-f',
          String(page),
          '-l',
          String(page),
          '-y',
          String(top),
          '-H',
          '150',
          '-x',
          '0',
          '-W',
          '1240',
          '-',
        ],
        { input: pdf, maxBuffer: 64 * 1024 * 1024 },
      );
      const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40))!;
      const [width, height] = [Number(header[1]), Number(header[2])];
      const gray = pgm.subarray(header[0].length);
      const rgba = new Uint8ClampedArray(width * height * 4);
      for (let i = 0; i < width * height; i++) {
        rgba[4 * i] = rgba[4 * i + 1] = rgba[4 * i + 2] = gray[i]!;
        rgba[4 * i + 3] = 255;
      }
      expect(jsQR(rgba, width, height)?.data, `page ${page}`).toBe(url);
    }
  }, 60_000);
});
