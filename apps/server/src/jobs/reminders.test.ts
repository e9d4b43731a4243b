import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '@streckenpass/contract/knowledge';
import { buildApp, type App } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { reminderLog, users } from '../db/schema.js';
import { buildTestApp, createTestDatabase, testConfig, type TestDatabase } from '../test/helpers.js';
import { insertReportUser, insertRouteValidFor, today } from '../test/reports.js';
import { startTestSmtp, type TestSmtp } from '../test/smtp.js';
import { dispatchReminders, REMINDER_STALE_MINUTES } from './reminders.js';

/**
 * Exactly once per route × threshold × channel (docs/decisions/0021): two app instances on one database (two
 * connection pools on PostgreSQL), a restart in between, a missed day, and a renewing drive.
 */

let smtp: TestSmtp;
let database: TestDatabase;
let one: App;
let two: App;
let secondDatabase: Database;

const build = async (db: Database) => {
  const app = await buildApp(testConfig({ smtpUrl: smtp.url }), { database: db, logger: false });
  await app.ready();
  return app;
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  database = await createTestDatabase();
  one = await build(database.database);
  secondDatabase = database.url ? await openDatabase({ databaseUrl: database.url }) : database.database;
  two = await build(secondDatabase);
});
afterAll(async () => {
  await two.close();
  if (secondDatabase !== database.database) await secondDatabase.close();
  await one.close();
  await database.drop();
  await smtp.close();
});
beforeEach(async () => {
  await one.db.delete(users);
  smtp.messages.splice(0);
});

const deps = (app: App) => ({
  reminders: app.reminders,
  pushTargets: app.pushTargets,
  mailer: app.mailer,
  push: app.push,
  config: app.config,
  log: app.log,
});
const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));
const logRows = (userId: number) => one.db.select().from(reminderLog).where(eq(reminderLog.userId, userId));

describe('two instances on one database', () => {
  it('runs against the configured database kind, with a pool of its own on PostgreSQL', () => {
    expect(database.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    if (process.env.DATABASE_URL) expect(secondDatabase).not.toBe(database.database);
  });

  it('sends each due reminder once and bundles a user’s reminders of the day into one mail', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => insertReportUser(one)));
    for (const person of people) {
      await insertRouteValidFor(one, person.id, 30, { name: 'Hanau – Fulda' });
      await insertRouteValidFor(one, person.id, 7, { name: 'Aschaffenburg – Würzburg' });
      await insertRouteValidFor(one, person.id, 45, { name: 'Noch nicht fällig' });
    }
    const results = await Promise.all([
      dispatchReminders(deps(one)),
      dispatchReminders(deps(two)),
      dispatchReminders(deps(one)),
      dispatchReminders(deps(two)),
    ]);
    expect(results.reduce((sum, result) => sum + result.messages, 0)).toBe(6);
    expect(results.reduce((sum, result) => sum + result.reminders, 0)).toBe(12);
    expect(results.reduce((sum, result) => sum + result.failed, 0)).toBe(0);
    for (const person of people) {
      const mails = mailsTo(person.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('Hanau – Fulda');
      expect(mails[0]?.text).toContain('Aschaffenburg – Würzburg');
      expect(mails[0]?.text).not.toContain('Noch nicht fällig');
      expect(mails[0]?.text).not.toContain('verspätet');
      const rows = await logRows(person.id);
      expect(rows.map((row) => [row.threshold, row.channel, row.status]).sort()).toEqual([
        [30, 'mail', 'sent'],
        [7, 'mail', 'sent'],
      ]);
    }
    // Any number of later runs, on either instance, send nothing more.
    const again = await Promise.all([dispatchReminders(deps(one)), dispatchReminders(deps(two))]);
    expect(again.map((result) => result.messages)).toEqual([0, 0]);
    expect(smtp.messages).toHaveLength(6);
  });

  it('sends the next threshold when its day comes, and nothing for routes past expiry', async () => {
    const person = await insertReportUser(one);
    const route = await insertRouteValidFor(one, person.id, 30, { name: 'Gelnhausen – Wächtersbach' });
    await insertRouteValidFor(one, person.id, -1, { name: 'Schon abgelaufen' });
    await dispatchReminders(deps(one));
    expect(mailsTo(person.email)).toHaveLength(1);
    // 23 days later the route has 7 days left: the 7-day reminder is due, the 30-day one is done.
    const later = new Date(Date.now() + 23 * 86_400_000);
    const result = await dispatchReminders(deps(two), { now: later });
    expect(result.reminders).toBe(1);
    const mails = mailsTo(person.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('Gelnhausen – Wächtersbach');
    expect(mails[1]?.text).toContain('noch 7 Tage gültig');
    expect((await logRows(person.id)).filter((row) => row.routeId === route.id)).toHaveLength(2);
  });

  it('honours the chosen thresholds and channels, and mails only verified addresses', async () => {
    const picky = await insertReportUser(one);
    await one.db
      .update(users)
      .set({ reminderThresholds: [14, 0] })
      .where(eq(users.id, picky.id));
    const unverified = await insertReportUser(one, { mailVerified: false });
    const noMail = await insertReportUser(one);
    await one.db.update(users).set({ reminderMail: false }).where(eq(users.id, noMail.id));
    for (const person of [picky, unverified, noMail]) {
      await insertRouteValidFor(one, person.id, 30, { name: 'Dreißig' });
      await insertRouteValidFor(one, person.id, 0, { name: 'Heute' });
    }
    await dispatchReminders(deps(one));
    const mails = mailsTo(picky.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Heute');
    expect(mails[0]?.text).not.toContain('Dreißig');
    expect(mailsTo(unverified.email)).toHaveLength(0);
    expect(mailsTo(noMail.email)).toHaveLength(0);
  });
});

describe('across a restart', () => {
  it('leaves a crashed run’s claims to their lease, then sends them once from the restarted instance', async () => {
    const person = await insertReportUser(one);
    await insertRouteValidFor(one, person.id, 7, { name: 'Friedberg – Hanau' });
    // The instance claims the reminder and dies before sending it.
    const due = await one.reminders.listDue(today(one));
    expect(due).toHaveLength(1);
    const crashed = await one.reminders.claim(due, REMINDER_STALE_MINUTES);
    expect(crashed.routeIds).toHaveLength(1);

    const restartedDatabase = database.url ? await openDatabase({ databaseUrl: database.url }) : database.database;
    const restarted = await build(restartedDatabase);
    try {
      // Within the lease the claim is the dead run's: nothing is sent twice, nothing is lost.
      const first = await Promise.all([dispatchReminders(deps(restarted)), dispatchReminders(deps(two))]);
      expect(first.reduce((sum, result) => sum + result.held, 0)).toBe(2);
      expect(mailsTo(person.email)).toHaveLength(0);
      // After the lease, exactly one of two instances firing together takes it over.
      await one.db
        .update(reminderLog)
        .set({ claimedAt: new Date(Date.now() - (REMINDER_STALE_MINUTES + 1) * 60_000) })
        .where(eq(reminderLog.claimToken, crashed.token));
      const taken = await Promise.all([dispatchReminders(deps(restarted)), dispatchReminders(deps(two))]);
      expect(taken.reduce((sum, result) => sum + result.reminders, 0)).toBe(1);
      expect(mailsTo(person.email)).toHaveLength(1);
    } finally {
      await restarted.close();
      if (restartedDatabase !== database.database) await restartedDatabase.close();
    }
    // A further restart finds the reminder sent.
    const again = await build(secondDatabase === database.database ? database.database : secondDatabase);
    try {
      expect((await dispatchReminders(deps(again))).messages).toBe(0);
    } finally {
      if (again !== two) await again.close();
    }
    expect(mailsTo(person.email)).toHaveLength(1);
  });

  it('releases the claims of a failed send, so the next run retries it once', async () => {
    const person = await insertReportUser(one);
    await insertRouteValidFor(one, person.id, 7);
    smtp.failNext(1);
    const failed = await dispatchReminders(deps(one));
    expect(failed.failed).toBe(1);
    expect(await logRows(person.id)).toHaveLength(0);
    const retried = await dispatchReminders(deps(two));
    expect(retried.reminders).toBe(1);
    expect(mailsTo(person.email)).toHaveLength(1);
  });
});

describe('catch-up after a missed day', () => {
  it('sends a missed threshold at the next run, marked late, and never again', async () => {
    const person = await insertReportUser(one);
    // The 30-day reminder was due yesterday; no run happened.
    await insertRouteValidFor(one, person.id, 29, { name: 'Offenbach – Dietzenbach' });
    const result = await dispatchReminders(deps(one));
    expect(result).toMatchObject({ reminders: 1, late: 1 });
    const [mail] = mailsTo(person.email);
    expect(mail?.text).toContain('Offenbach – Dietzenbach');
    expect(mail?.text).toContain('verspätete Erinnerung');
    expect((await logRows(person.id))[0]).toMatchObject({ threshold: 30, late: true, status: 'sent' });
    expect((await dispatchReminders(deps(two))).messages).toBe(0);
    expect(mailsTo(person.email)).toHaveLength(1);
  });

  it('sends only the nearest of several missed thresholds', async () => {
    const person = await insertReportUser(one);
    await insertRouteValidFor(one, person.id, 5, { name: 'Lange verpasst' });
    await dispatchReminders(deps(one));
    const rows = await logRows(person.id);
    expect(rows.map((row) => [row.threshold, row.late])).toEqual([[7, true]]);
    expect(mailsTo(person.email)[0]?.text).toContain('noch 5 Tage gültig');
  });
});

describe('cancellation on renewal', () => {
  it('sends nothing for a route that a new drive renewed before the run', async () => {
    const ctx = await buildTestApp({ smtpUrl: smtp.url }, database);
    try {
      const person = await insertReportUser(one);
      const renewed = await insertRouteValidFor(one, person.id, 7, { name: 'Erneuert' });
      await insertRouteValidFor(one, person.id, 7, { name: 'Nicht erneuert' });
      // A claim from a crashed run of the old cycle must not be taken over either.
      const due = await one.reminders.listDue(today(one));
      await one.reminders.claim(
        due.filter((item) => item.routeId === renewed.id),
        REMINDER_STALE_MINUTES,
      );
      const { insertRouteActivity } = await import('../test/seed.js');
      await insertRouteActivity(one, person.id, {
        acquiredAt: today(one),
        acquiredUntil: addDays(today(one), 364),
        routeIds: [renewed.id],
      });
      const result = await dispatchReminders(deps(ctx.app), { staleAfterMinutes: 0 });
      expect(result.reminders).toBe(1);
      const [mail] = mailsTo(person.email);
      expect(mail?.text).toContain('Nicht erneuert');
      expect(mail?.text).not.toContain('Erneuert:');
    } finally {
      await ctx.close();
    }
  });
});

describe('GET /api/cronjob/reminders/{apiKey}', () => {
  it('sends the due reminders once with the configured key, refuses any other (403), and keeps the key out of logs', async () => {
    const ctx = await buildTestApp({ smtpUrl: smtp.url, cronApiKey: 'reminder-cron-key' }, database);
    try {
      const person = await insertReportUser(one);
      await insertRouteValidFor(one, person.id, 7, { name: 'Per Cron' });
      const wrong = await ctx.app.inject({ method: 'GET', url: '/api/cronjob/reminders/falsch' });
      expect(wrong.statusCode).toBe(403);
      expect(mailsTo(person.email)).toHaveLength(0);
      const calls = await Promise.all(
        [1, 2, 3].map(() => ctx.app.inject({ method: 'GET', url: '/api/cronjob/reminders/reminder-cron-key' })),
      );
      expect(calls.map((call) => call.statusCode)).toEqual([200, 200, 200]);
      expect(calls.reduce((sum, call) => sum + (call.json() as { reminders: number }).reminders, 0)).toBe(1);
      expect(mailsTo(person.email)).toHaveLength(1);
      // The redaction of the key and of a feed's address: secrets-in-urls.test.ts.
    } finally {
      await ctx.close();
    }
  });
});
