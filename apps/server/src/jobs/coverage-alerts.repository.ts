import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { repositoryPlugin } from '../db/repository.js';
import { betriebe, coverageAlertLog, memberships, users } from '../db/schema.js';
import { weeklyClaims } from '../db/weekly-claims.js';

declare module 'fastify' {
  interface FastifyInstance {
    coverageAlerts: CoverageAlertsRepository;
  }
}

/** A membership whose member wants the weekly coverage mail of its Betrieb. */
export interface AlertRecipient {
  membershipId: number;
  betriebId: number;
  betrieb: string;
  userId: number;
  email: string;
  firstname: string | null;
  /** The number of drivers a requirement needs beyond the window before the mail names it. */
  minDrivers: number;
  /** This week's mail has already gone out to this membership. */
  alerted: boolean;
}

/** The coverage alert's recipients and its claims in coverage_alert_log (decision 0046 addendum, decision 0002). */
export function createCoverageAlertsRepository(db: Db) {
  // Claims, settles and releases a membership's mail of a week: the lease of db/weekly-claims.ts.
  const { sentIn, ...lease } = weeklyClaims(db, coverageAlertLog);
  return {
    /**
     * Memberships with a chosen minimum, as admin or Disponent (a driver reads no coverage), of a member with a
     * verified address, with whether this week's mail is out; by Betrieb.
     */
    async listRecipients(isoWeek: string): Promise<AlertRecipient[]> {
      const rows = await db
        .select({
          membershipId: memberships.id,
          betriebId: memberships.betriebId,
          betrieb: betriebe.name,
          userId: users.id,
          email: users.email,
          firstname: users.firstname,
          minDrivers: memberships.coverageAlertMin,
          alerted: sentIn(memberships.id, isoWeek),
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(betriebe, eq(betriebe.id, memberships.betriebId))
        .where(
          and(
            isNotNull(memberships.coverageAlertMin),
            inArray(memberships.role, ['admin', 'disponent']),
            eq(users.mailVerified, true),
          ),
        )
        .orderBy(asc(memberships.betriebId), asc(memberships.id));
      return rows.map((row) => ({ ...row, minDrivers: row.minDrivers ?? 0 }));
    },

    ...lease,
  };
}

export type CoverageAlertsRepository = ReturnType<typeof createCoverageAlertsRepository>;

export default repositoryPlugin('coverageAlerts', (app) => createCoverageAlertsRepository(app.db));
