import { execFileSync } from 'node:child_process';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { addDays } from '@streckenpass/contract/knowledge';
import type { ExportData } from './model.js';
import { fonts, renderPdf } from './pdf.js';

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
      if (page < pages) expect(content, `page ${page}`).toMatch(/Strecke\s+Kürzel\s+Start–Ende/);
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
    expect(all).toContain('(Regel: 90 Tage)');
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

  it('parses its fonts once per process, not once per document', () => {
    const { regular, bold } = fonts();
    expect(Buffer.isBuffer(regular)).toBe(false);
    expect(typeof (regular as unknown as { layout: unknown }).layout).toBe('function');
    expect(typeof (bold as unknown as { layout: unknown }).layout).toBe('function');
    expect(fonts().regular).toBe(regular);
  });

  it('renders documents drawn at the same time, sharing the parsed fonts, each correctly', async () => {
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
});
