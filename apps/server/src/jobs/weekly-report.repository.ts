import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { repositoryPlugin } from '../db/repository.js';
import { weeklyClaims, type WeeklyClaim } from '../db/weekly-claims.js';
import { users, weeklyReportLog } from '../db/schema.js';

export interface ReportRecipient {
  id: number;
  email: string;
  firstname: string | null;
  bcc: boolean;
  /** A report has already gone out to this user in the week asked about. */
  reported: boolean;
}

/** A claim on one user's report of one ISO week (db/weekly-claims.ts). */
export type ReportClaim = WeeklyClaim;

/** The weekly report's reads and its claims in weekly_report_log (docs/decisions/0002). */
export function createWeeklyReportsRepository(db: Db) {
  // Claims, settles and releases a user's report of a week: the lease of db/weekly-claims.ts.
  const { sentIn, ...lease } = weeklyClaims(db, weeklyReportLog);
  return {
    /** Users who want the weekly report and have a verified address, with whether this week's report is out. */
    listRecipients(isoWeek: string): Promise<ReportRecipient[]> {
      return db
        .select({
          id: users.id,
          email: users.email,
          firstname: users.firstname,
          bcc: users.bccMailWeeklyReports,
          reported: sentIn(users.id, isoWeek),
        })
        .from(users)
        .where(and(eq(users.receiveWeeklyReports, true), eq(users.mailVerified, true)))
        .orderBy(asc(users.id));
    },

    ...lease,
  };
}

export type WeeklyReportsRepository = ReturnType<typeof createWeeklyReportsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    weeklyReports: WeeklyReportsRepository;
  }
}

export default repositoryPlugin('weeklyReports', (app) => createWeeklyReportsRepository(app.db));
