import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportData } from './model.js';
import { createPdfPool, type PdfPool } from './pdf-pool.js';

function pdfText(pdf: Buffer): string {
  try {
    return execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });
  } catch (error) {
    throw new Error(`pdftotext (Debian package poppler-utils) is required to check the PDF export: ${String(error)}`);
  }
}

function data(routeCount: number, firstname = 'Jörg'): ExportData {
  return {
    today: '2026-05-04',
    user: { firstname, lastname: 'Weiß', email: 'joerg@example.org' },
    version: '9.8.7',
    routes: Array.from({ length: routeCount }, (_, i) => ({
      name: `Strecke ${i}`,
      companyRoute: `KBS ${i}`,
      startPoint: 'FH',
      endPoint: 'FF',
      tours: [],
      lastDriven: '2026-01-01',
      validUntil: '2026-12-31',
      daysLeft: 241,
      validityRule: '1 Jahr (364 Tage)',
      ownRule: false,
    })),
    vehicles: null,
    rules: { routes: '1 Jahr (364 Tage)', vehicles: 'unbegrenzt' },
  };
}

let pool: PdfPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const waitFor = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
};

describe('createPdfPool', () => {
  it('renders the document in a worker thread, started on first use and reused afterwards', async () => {
    pool = createPdfPool({ size: 2 });
    expect(pool.stats()).toEqual({ workers: 0, jobs: 0 });
    const first = await buffer(pool.render(data(60)));
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(first);
    expect(text).toContain('Jörg Weiß');
    expect(text).toContain('Strecke 59\n');
    expect(pool.stats()).toEqual({ workers: 1, jobs: 0 });
    await buffer(pool.render(data(3)));
    expect(pool.stats().workers).toBe(1);
  });

  it('spreads documents drawn at the same time over its workers, each document intact', async () => {
    pool = createPdfPool({ size: 2 });
    const [a, b, c] = await Promise.all([
      buffer(pool.render(data(60, 'Anna'))),
      buffer(pool.render(data(60, 'Bert'))),
      buffer(pool.render(data(60, 'Carla'))),
    ]);
    expect(pool.stats()).toEqual({ workers: 2, jobs: 0 });
    expect(pdfText(a!)).toContain('Anna Weiß');
    expect(pdfText(b!)).toContain('Bert Weiß');
    const textC = pdfText(c!);
    expect(textC).toContain('Carla Weiß');
    expect(textC).not.toContain('Anna');
  });

  it('tells the worker to stop when the reader goes away midway', async () => {
    pool = createPdfPool({ size: 1 });
    const stream = pool.render(data(3_000));
    expect(pool.stats().jobs).toBe(1);
    stream.destroy();
    expect(pool.stats().jobs).toBe(0);
    // The worker is still usable afterwards.
    const pdf = await buffer(pool.render(data(2)));
    expect(pdfText(pdf)).toContain('Strecke 1\n');
  });

  it('fails the stream, not the process, when rendering throws', async () => {
    pool = createPdfPool({ size: 1 });
    const broken = { ...data(1), routes: null } as unknown as ExportData;
    await expect(buffer(pool.render(broken))).rejects.toThrow(/PDF rendering failed/);
    expect(pool.stats().jobs).toBe(0);
  });

  it('stops an idle worker after idleMs and starts a new one for the next document', async () => {
    pool = createPdfPool({ size: 1, idleMs: 50 });
    await buffer(pool.render(data(1)));
    await waitFor(() => pool!.stats().workers === 0);
    const pdf = await buffer(pool.render(data(1)));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it.runIf(process.platform === 'linux')(
    'runs its worker thread at a lower priority than the main thread',
    async () => {
      const niceOfThreads = () =>
        fs.readdirSync('/proc/self/task').map((tid) => {
          const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
          // Field 19 of the whole line ("nice"), the 17th after "pid (comm) ".
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        });
      const before = niceOfThreads();
      expect(before.every((nice) => nice < 10)).toBe(true);
      pool = createPdfPool({ size: 1 });
      await buffer(pool.render(data(1)));
      expect(niceOfThreads().filter((nice) => nice >= 10)).toHaveLength(1);
      expect(
        Number(fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
      ).toBe(before[0]);
    },
  );

  it('fails documents in progress and refuses new ones once closed', async () => {
    pool = createPdfPool({ size: 1 });
    const outcome = buffer(pool.render(data(3_000))).then(
      () => 'finished',
      (error: Error) => error.message,
    );
    await pool.close();
    expect(await outcome).toMatch(/closed/);
    expect(pool.stats()).toEqual({ workers: 0, jobs: 0 });
    await expect(buffer(pool.render(data(1)))).rejects.toThrow(/closed/);
  });
});
