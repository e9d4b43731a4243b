import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '@streckenpass/contract/knowledge';
import { ConfigError, loadConfig } from '../../config.js';
import { users, weeklyReportLog } from '../../db/schema.js';
import { buildTestApp, registerUser, type TestContext } from '../../test/helpers.js';
import {
  allReports,
  currentIsoWeek,
  insertDueUser,
  insertReportUser,
  insertRouteValidFor,
  reportsFor,
  today,
} from '../../test/reports.js';
import { insertRoute, insertRouteActivity } from '../../test/seed.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { CRON_RATE_LIMIT, cronKeyMatches } from './cronjob.routes.js';

const KEY = 'cron-test-key-4f1c0a9e8b7d6c5e';
const BCC = 'betrieb@example.org';
const cronUrl = (key = KEY) => `/api/cronjob/internal/${encodeURIComponent(key)}`;

let smtp: TestSmtp;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await buildTestApp({ smtpUrl: smtp.url, cronApiKey: KEY, reportBcc: BCC });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
// Every test starts with no users (their routes and report log go with them) and an empty mail sink.
beforeEach(async () => {
  await ctx.app.db.delete(users);
  smtp.messages.splice(0);
});

const runCron = async (key = KEY) => {
  const response = await ctx.app.inject({ method: 'GET', url: cronUrl(key) });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

describe('GET /api/cronjob/internal/{apiKey}', () => {
  it('answers 403 with a problem for a wrong key, and sends nothing', async () => {
    const user = await insertDueUser(ctx.app);
    for (const key of ['falsch', `${KEY}x`, KEY.slice(0, -1), KEY.toUpperCase()]) {
      const response = await ctx.app.inject({ method: 'GET', url: cronUrl(key) });
      expect(response.statusCode, key).toBe(403);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ status: 403, title: 'Forbidden' });
    }
    expect(reportsFor(smtp, user.email)).toHaveLength(0);
  });

  it('answers 403 to every key when no CRON_API_KEY is configured', async () => {
    const bare = await buildTestApp({ smtpUrl: smtp.url }, ctx.db);
    try {
      expect(bare.app.config.cronApiKey).toBeUndefined();
      await insertDueUser(bare.app);
      for (const key of [KEY, 'undefined', 'null', ' ']) {
        const response = await bare.app.inject({ method: 'GET', url: cronUrl(key) });
        expect(response.statusCode, key).toBe(403);
      }
      expect(allReports(smtp)).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });

  it('compares keys without a length shortcut', () => {
    expect(cronKeyMatches(KEY, KEY)).toBe(true);
    expect(cronKeyMatches(KEY, '')).toBe(false);
    expect(cronKeyMatches(KEY, 'x'.repeat(10_000))).toBe(false);
    expect(cronKeyMatches(undefined, '')).toBe(false);
    expect(cronKeyMatches('', '')).toBe(false);
  });

  it('accepts keys up to one path segment long and refuses longer ones at start-up', async () => {
    const longest = 'k'.repeat(100);
    const wide = await buildTestApp({ cronApiKey: longest }, ctx.db);
    try {
      const response = await wide.app.inject({ method: 'GET', url: cronUrl(longest) });
      expect(response.statusCode).toBe(200);
    } finally {
      await wide.close();
    }
    expect(() => loadConfig({ CRON_API_KEY: 'k'.repeat(101) })).toThrow(ConfigError);
    expect(() => loadConfig({ CRON_API_KEY: 'a/b' })).toThrow(ConfigError);
  });

  it('is public: the right key works without a bearer token and answers { sent, skipped }', async () => {
    const user = await insertDueUser(ctx.app);
    const { status, body } = await runCron();
    expect(status).toBe(200);
    expect(body).toEqual({ sent: 1, skipped: 0 });
    expect(reportsFor(smtp, user.email)).toHaveLength(1);
  });

  it('sends one report per user and week however often it is called', async () => {
    const a = await insertDueUser(ctx.app);
    const b = await insertDueUser(ctx.app);
    const idle = await insertReportUser(ctx.app);
    await insertRouteValidFor(ctx.app, idle.id, 200);

    const answers = [];
    for (let run = 0; run < 5; run++) answers.push((await runCron()).body);
    expect(answers[0]).toEqual({ sent: 2, skipped: 1 });
    for (const later of answers.slice(1)) expect(later).toEqual({ sent: 0, skipped: 3 });
    expect(reportsFor(smtp, a.email)).toHaveLength(1);
    expect(reportsFor(smtp, b.email)).toHaveLength(1);
    expect(allReports(smtp)).toHaveLength(2);

    const log = await ctx.app.db.select().from(weeklyReportLog);
    expect(log).toHaveLength(2);
    for (const row of log) {
      expect(row).toMatchObject({ isoWeek: currentIsoWeek(ctx.app), status: 'sent' });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
  });

  it('sends one report per user when five calls arrive at the same moment', async () => {
    const due = await Promise.all(Array.from({ length: 4 }, () => insertDueUser(ctx.app)));
    const answers = await Promise.all(Array.from({ length: 5 }, () => runCron()));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.reduce((sum, answer) => sum + (answer.body.sent as number), 0)).toBe(4);
    for (const user of due) expect(reportsFor(smtp, user.email)).toHaveLength(1);
    expect(allReports(smtp)).toHaveLength(4);
  });

  it('sends nothing to unverified or opted-out users, and does not count them', async () => {
    const unverified = await insertDueUser(ctx.app, { mailVerified: false });
    const optedOut = await insertDueUser(ctx.app, { receiveWeeklyReports: false });
    const neither = await insertDueUser(ctx.app, { mailVerified: false, receiveWeeklyReports: false });
    const { body } = await runCron();
    expect(body).toEqual({ sent: 0, skipped: 0 });
    for (const user of [unverified, optedOut, neither]) expect(reportsFor(smtp, user.email)).toHaveLength(0);
  });

  it('sends nothing to users with nothing due and counts them as skipped', async () => {
    await insertReportUser(ctx.app); // no routes at all
    const neverRecorded = await insertReportUser(ctx.app);
    await insertRoute(ctx.app, neverRecorded.id, { name: 'Nie befahren' });
    const validLong = await insertReportUser(ctx.app);
    await insertRouteValidFor(ctx.app, validLong.id, 31);
    // An old, expired activity does not count when a later one renews the route.
    const renewed = await insertReportUser(ctx.app);
    const route = await insertRouteValidFor(ctx.app, renewed.id, -40);
    await insertRouteActivity(ctx.app, renewed.id, {
      acquiredAt: today(ctx.app),
      acquiredUntil: addDays(today(ctx.app), 364),
      routeIds: [route.id],
    });

    const { body } = await runCron();
    expect(body).toEqual({ sent: 0, skipped: 4 });
    expect(allReports(smtp)).toHaveLength(0);
    // Nothing is recorded either: if something falls due later in the week, the next run still reports it.
    expect(await ctx.app.db.select().from(weeklyReportLog)).toHaveLength(0);
    await insertRouteValidFor(ctx.app, validLong.id, 2);
    expect((await runCron()).body).toEqual({ sent: 1, skipped: 3 });
    expect(reportsFor(smtp, validLong.email)).toHaveLength(1);
  });

  it('mails a German report with the due routes, most urgent first, and a link to the dashboard', async () => {
    const user = await insertReportUser(ctx.app, { firstname: 'Jürgen' });
    await insertRouteValidFor(ctx.app, user.id, 12, { name: 'Hamburg – Lübeck', companyRoute: 'KBS 140' });
    await insertRouteValidFor(ctx.app, user.id, -3, { name: 'Frankfurt – Fulda', companyRoute: null });
    await insertRouteValidFor(ctx.app, user.id, 0, { name: 'Köln <Hbf> & Deutz' });
    await insertRouteValidFor(ctx.app, user.id, 30, { name: 'Am Rand des Fensters' });
    await insertRouteValidFor(ctx.app, user.id, -1, { name: 'Gestern abgelaufen' });
    await insertRouteValidFor(ctx.app, user.id, 31, { name: 'Außerhalb des Fensters' });
    await insertRoute(ctx.app, user.id, { name: 'Nie erfasst' });

    expect((await runCron()).body).toEqual({ sent: 1, skipped: 0 });
    const [mail] = reportsFor(smtp, user.email);
    if (!mail) throw new Error('no report');
    const date = (days: number) => addDays(today(ctx.app), days).split('-').reverse().join('.');

    expect(mail.subject).toBe(`Streckenpass: Wochenbericht ${weekLabel()} – 5 Strecken abgelaufen oder bald fällig`);
    expect(mail.text).toContain('Hallo Jürgen,');
    expect(mail.text).toContain(
      'bei 5 Strecken ist Ihre Streckenkunde abgelaufen oder läuft in den nächsten 30 Tagen ab',
    );
    const lines = mail.text.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toEqual([
      `- Frankfurt – Fulda: gültig bis ${date(-3)}, abgelaufen seit 3 Tagen`,
      `- Gestern abgelaufen: gültig bis ${date(-1)}, abgelaufen seit 1 Tag`,
      `- Köln <Hbf> & Deutz: gültig bis ${date(0)}, läuft heute ab (letzter gültiger Tag)`,
      `- Hamburg – Lübeck (KBS 140): gültig bis ${date(12)}, noch 12 Tage gültig`,
      `- Am Rand des Fensters: gültig bis ${date(30)}, noch 30 Tage gültig`,
    ]);
    expect(mail.text).not.toContain('Außerhalb');
    expect(mail.text).not.toContain('Nie erfasst');
    expect(mail.text).toContain('http://streckenpass.test/dashboard');
    expect(mail.text).toContain('http://streckenpass.test/account/settings');

    expect(mail.html).toContain('lang="de"');
    expect(mail.html).toContain('href="http://streckenpass.test/dashboard"');
    expect(mail.html).toContain('Köln &lt;Hbf&gt; &amp; Deutz');
    expect(mail.html).not.toContain('<Hbf>');
    expect(mail.html).toContain('KBS 140');
    expect(mail.html).toContain(date(12));
    const order = ['Frankfurt', 'Gestern', 'Köln', 'Hamburg', 'Am Rand'].map((name) => mail.html.indexOf(name));
    expect(order).toEqual([...order].sort((x, y) => x - y));
  });

  it('sends a blind copy to REPORT_BCC in the envelope only to users who asked for it', async () => {
    const withCopy = await insertDueUser(ctx.app, { bccMailWeeklyReports: true });
    const withoutCopy = await insertDueUser(ctx.app, { bccMailWeeklyReports: false });
    expect((await runCron()).body).toEqual({ sent: 2, skipped: 0 });

    const [copied] = reportsFor(smtp, withCopy.email);
    expect(copied?.to.sort()).toEqual([BCC, withCopy.email.toLowerCase()].sort());
    // A blind copy: the operator is an envelope recipient, never named in the headers.
    expect(copied?.raw).not.toContain(BCC);
    expect(copied?.parsed.bcc).toBeUndefined();
    expect(reportsFor(smtp, withoutCopy.email)[0]?.to).toEqual([withoutCopy.email.toLowerCase()]);
    expect(smtp.messages.filter((mail) => mail.to.includes(BCC))).toHaveLength(1);
  });

  it('sends no copy when REPORT_BCC is not configured', async () => {
    const noBcc = await buildTestApp({ smtpUrl: smtp.url, cronApiKey: KEY }, ctx.db);
    try {
      const user = await insertDueUser(noBcc.app, { bccMailWeeklyReports: true });
      const response = await noBcc.app.inject({ method: 'GET', url: cronUrl() });
      expect(response.json()).toEqual({ sent: 1, skipped: 0 });
      expect(reportsFor(smtp, user.email)[0]?.to).toEqual([user.email.toLowerCase()]);
    } finally {
      await noBcc.close();
    }
  });

  it('retries a report whose send failed on the next run, and then delivers it once', async () => {
    const user = await insertDueUser(ctx.app);
    smtp.failNext(1);
    expect((await runCron()).body).toEqual({ sent: 0, skipped: 1 });
    expect(reportsFor(smtp, user.email)).toHaveLength(0);
    // The claim was given up, so the week is still open for this user.
    expect(await ctx.app.db.select().from(weeklyReportLog).where(eq(weeklyReportLog.userId, user.id))).toHaveLength(0);

    expect((await runCron()).body).toEqual({ sent: 1, skipped: 0 });
    expect((await runCron()).body).toEqual({ sent: 0, skipped: 1 });
    expect(reportsFor(smtp, user.email)).toHaveLength(1);
  });

  it('sends the others when one send fails', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => insertDueUser(ctx.app)));
    smtp.failNext(1);
    expect((await runCron()).body).toEqual({ sent: 2, skipped: 1 });
    expect((await runCron()).body).toEqual({ sent: 1, skipped: 2 });
    for (const user of users) expect(reportsFor(smtp, user.email)).toHaveLength(1);
  });

  it('answers 429 once a client calls too often', async () => {
    const limited = await buildTestApp({ cronApiKey: KEY }, ctx.db);
    try {
      const statuses: number[] = [];
      for (let call = 0; call <= CRON_RATE_LIMIT.max; call++) {
        statuses.push((await limited.app.inject({ method: 'GET', url: cronUrl('geraten') })).statusCode);
      }
      expect(statuses.slice(0, CRON_RATE_LIMIT.max).every((status) => status === 403)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/settings/report', () => {
  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/settings/report' });
    expect(response.statusCode).toBe(401);
  });

  it('names the copy address and the schedule', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/settings/report', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      bcc_configured: true,
      bcc_address: BCC,
      schedule: 'Montags 06:00 (Europe/Berlin)',
    });
  });

  it('says when no copy address is configured', async () => {
    const bare = await buildTestApp({ timezone: 'Europe/Vienna' }, ctx.db);
    try {
      const user = await registerUser(bare.app);
      const response = await bare.app.inject({ method: 'GET', url: '/api/settings/report', headers: user.headers });
      expect(response.json()).toEqual({
        bcc_configured: false,
        bcc_address: null,
        schedule: 'Montags 06:00 (Europe/Vienna)',
      });
    } finally {
      await bare.close();
    }
  });
});

function weekLabel(): string {
  const [year, week] = currentIsoWeek(ctx.app).split('-W');
  return `KW ${Number(week)}/${year}`;
}
