// `npm run lighthouse`: Lighthouse 13 (mobile preset, simulated throttling) in Debian's Chromium against the built
// app, started here on its own port and data directory – no network, no downloaded browser
// (docs/decisions/0018). Prints the scores of the start page, /about, the dashboard and the documentation page.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3300);
const origin = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

async function waitForHealth(child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server not healthy');
}

async function api(method, url, token, body) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
  return response.json();
}

/** A driver with a realistic amount of data: 30 routes, 5 tours, 2 vehicles, 40 documentations. */
async function seed() {
  const { jwt_token: token } = await api('POST', '/api/users/register', null, {
    email: `lighthouse.${Date.now()}@example.org`,
    password: 'Leuchtturm misst sieben Strecken',
    firstname: 'Lena',
    lastname: 'Leuchtturm',
  });
  const routes = [];
  for (let i = 1; i <= 30; i += 1) {
    routes.push(
      await api('POST', '/api/routes', token, { name: `Strecke ${i}`, startPoint: `P${i}`, endPoint: `P${i + 1}` }),
    );
  }
  for (let t = 0; t < 5; t += 1) {
    const members = routes.slice(t * 5, t * 5 + 4).map((route) => `/api/routes/${route.id}`);
    await api('POST', '/api/tours', token, { name: `Tour ${t + 1}`, routes: members });
  }
  await api('POST', '/api/vehicles', token, { name: 'BR 146' });
  await api('POST', '/api/vehicles', token, { name: 'BR 442' });
  for (let a = 0; a < 40; a += 1) {
    const day = new Date(Date.now() - (a * 9 + 5) * 86_400_000).toISOString().slice(0, 10);
    await api('POST', '/api/route_activities', token, {
      acquiredAt: day,
      acquiredRoutes: [`/api/routes/${routes[a % 30].id}`, `/api/routes/${routes[(a * 7) % 30].id}`],
    });
  }
  return token;
}

function decode(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

const categories = ['performance', 'accessibility', 'best-practices'];

async function audit(browserPage, chromePort, url, keepStorage) {
  const result = await lighthouse(
    url,
    {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      disableStorageReset: keepStorage,
    },
    undefined,
    browserPage,
  );
  const lhr = result.lhr;
  if (lhr.runtimeError) console.error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  for (const warning of lhr.runWarnings ?? []) console.error(`${url}: ${warning}`);
  const scores = Object.fromEntries(categories.map((id) => [id, lhr.categories[id]?.score ?? null]));
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode))
    .filter(
      (a) =>
        lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id) ||
        lhr.categories['best-practices'].auditRefs.some((ref) => ref.id === a.id),
    )
    .map((a) => {
      const node = a.details?.items?.[0]?.node;
      return node ? `${a.id} (${node.snippet})` : a.id;
    });
  if (process.env.LIGHTHOUSE_DETAILS) {
    const items = (id) => lhr.audits[id]?.details?.items ?? [];
    console.info(`\n${url}`);
    console.info(
      '  main thread:',
      items('mainthread-work-breakdown')
        .map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)}`)
        .join(' · '),
    );
    console.info(
      '  scripts:',
      items('bootup-time')
        .slice(0, 6)
        .map((i) => `${i.url.replace(origin, '')} ${Math.round(i.total)}/${Math.round(i.scripting)}`)
        .join(' · '),
    );
    console.info(
      '  long tasks:',
      items('long-tasks')
        .slice(0, 8)
        .map((i) => `${i.url?.replace(origin, '') ?? '?'}@${Math.round(i.startTime)}+${Math.round(i.duration)}`)
        .join(' · '),
    );
    console.info(
      '  layout shifts:',
      items('layout-shifts')
        .map((i) => `${i.node?.snippet ?? '?'} ${i.score?.toFixed(3)}`)
        .join(' · '),
    );
    console.info(
      '  requests:',
      items('network-requests')
        .filter((i) => i.url.startsWith(origin))
        .map(
          (i) =>
            `${i.url.replace(origin, '')} ${Math.round(i.networkRequestTime ?? 0)}–${Math.round(i.networkEndTime ?? 0)} ${i.transferSize}B${i.fromServiceWorker ? ' SW' : ''}`,
        )
        .join(' · '),
    );
  }
  return {
    scores,
    fcp: lhr.audits['first-contentful-paint'].displayValue,
    lcp: lhr.audits['largest-contentful-paint'].displayValue,
    tbt: lhr.audits['total-blocking-time'].displayValue,
    cls: lhr.audits['cumulative-layout-shift'].displayValue,
    si: lhr.audits['speed-index'].displayValue,
    // Lighthouse's own CPU benchmark of this machine during the run: the simulated phone is 4× slower than this
    // host, so a loaded host (low index) inflates TBT.
    benchmark: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    failed,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-lighthouse-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    SMTP_URL: 'smtp://127.0.0.1:9',
    DISABLE_SCHEDULER: 'true',
    RATE_LIMIT_SCALE: '100',
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    DATABASE_URL: '',
  },
  stdio: 'inherit',
});
let chrome;
try {
  await waitForHealth(server);
  const token = await seed();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--lang=de-DE',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const rows = [];
  // LIGHTHOUSE_PAGES=start,about,dashboard,documentation limits the run to some pages.
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const measure = async (label, key, url, keepStorage) => {
    if (only && !only.includes(key)) return;
    for (let run = 1; run <= runs; run += 1) {
      rows.push({ page: label, run, ...(await audit(page, chrome.port, url, keepStorage)) });
    }
  };
  // Signed out: a first visit (Lighthouse clears storage and caches before each run).
  await measure('Startseite /', 'start', `${origin}/`, false);
  await measure('Informationen /about', 'about', `${origin}/about`, false);
  // Signed in: the token in the browser's storage, as after a login (kept between runs, caches too).
  // As a driver would: a public page first (its small entry prefetches the app when idle), then signed in.
  await page.goto(`${origin}/legal`, { waitUntil: 'networkidle0' });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await page.evaluate(
    (value) => localStorage.setItem('streckenpass:auth', value),
    JSON.stringify({ state: { token, details: decode(token), valid: true, error: null }, version: 0 }),
  );
  await measure('Dashboard', 'dashboard', `${origin}/dashboard`, true);
  await measure('Dokumentation', 'documentation', `${origin}/documentation`, true);
  await browser.disconnect();

  const pad = (text, width) => String(text).padEnd(width);
  console.info(`\nLighthouse ${lighthouse.version ?? '13'} · mobile preset · ${chromePath}\n`);
  console.info(
    `${pad('Seite', 24)}${pad('Lauf', 6)}${pad('Performance', 13)}${pad('Barrierefrei', 14)}${pad('Best Practices', 16)}${pad('FCP', 9)}${pad('LCP', 9)}${pad('TBT', 9)}${pad('CLS', 7)}${pad('SI', 8)}${pad('CPU-Index', 11)}Nicht bestanden`,
  );
  for (const row of rows) {
    console.info(
      `${pad(row.page, 24)}${pad(row.run, 6)}${pad(row.scores.performance, 13)}${pad(row.scores.accessibility, 14)}${pad(row.scores['best-practices'], 16)}${pad(row.fcp, 9)}${pad(row.lcp, 9)}${pad(row.tbt, 9)}${pad(row.cls, 7)}${pad(row.si, 8)}${pad(row.benchmark, 11)}${row.failed.join(', ')}`,
    );
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
