import { addDays, todayIn } from '@streckenpass/contract/knowledge';
import type { App } from '../app.js';
import { users } from '../db/schema.js';
import { isoWeekOf } from '../jobs/weekly-report.js';
import { uniqueEmail } from './helpers.js';
import { insertRoute, insertRouteActivity } from './seed.js';
import type { TestSmtp, ReceivedMail } from './smtp.js';

/** Seeding for weekly-report tests: users straight into the table (no verification mails in the sink). */

export const today = (app: App) => todayIn(app.config.timezone);
export const currentIsoWeek = (app: App) => isoWeekOf(today(app));

export async function insertReportUser(
  app: App,
  values: Partial<{
    firstname: string | null;
    mailVerified: boolean;
    receiveWeeklyReports: boolean;
    bccMailWeeklyReports: boolean;
  }> = {},
) {
  const [row] = await app.db
    .insert(users)
    .values({
      email: uniqueEmail('bericht'),
      passwordHash: 'not-used',
      firstname: 'Erika',
      lastname: 'Muster',
      mailVerified: true,
      receiveWeeklyReports: true,
      ...values,
    })
    .returning();
  if (!row) throw new Error('insert user failed');
  return row;
}

/** A route of `ownerId` whose knowledge is valid for `days` more days (0 = today is the last day, negative = expired). */
export async function insertRouteValidFor(
  app: App,
  ownerId: number,
  days: number,
  values: Partial<{ name: string; companyRoute: string | null }> = {},
) {
  const route = await insertRoute(app, ownerId, values);
  const acquiredUntil = addDays(today(app), days);
  await insertRouteActivity(app, ownerId, {
    acquiredAt: addDays(acquiredUntil, -364),
    acquiredUntil,
    routeIds: [route.id],
  });
  return route;
}

/** A user who is due a report: one route expiring in 5 days. */
export async function insertDueUser(app: App, values: Parameters<typeof insertReportUser>[1] = {}) {
  const user = await insertReportUser(app, values);
  await insertRouteValidFor(app, user.id, 5);
  return user;
}

export const isReport = (mail: ReceivedMail) => mail.subject.includes('Wochenbericht');

/** The weekly reports the sink received for `email` (its envelope recipients include it). */
export function reportsFor(smtp: TestSmtp, email: string): ReceivedMail[] {
  return smtp.messages.filter((mail) => isReport(mail) && mail.to.includes(email.toLowerCase()));
}

export function allReports(smtp: TestSmtp): ReceivedMail[] {
  return smtp.messages.filter(isReport);
}
