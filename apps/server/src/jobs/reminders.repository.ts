import { randomUUID } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { ReminderChannel } from '@streckenpass/contract/notifications';
import type { Db } from '../db/client.js';
import { repositoryPlugin } from '../db/repository.js';
import { pushSubscriptions, reminderLog } from '../db/schema.js';

/** One route's reminder due on one channel: the smallest chosen threshold whose day has come. */
export interface DueReminder {
  userId: number;
  email: string;
  firstname: string | null;
  routeId: number;
  name: string;
  companyRoute: string | null;
  validUntil: string;
  threshold: number;
  /** Days from today until validUntil. */
  days: number;
  channel: ReminderChannel;
  /** Its day (validUntil − threshold) lies before today: the run of that day was missed. */
  late: boolean;
}

/** The claims one run holds on one bundle; `token` fences them against a later take-over. */
export interface ReminderClaim {
  token: string;
  /** Route ids of the claimed reminders (the rest of the bundle is held by another run or already sent). */
  routeIds: number[];
}

/** Furthest threshold a user can pick: routes expiring later are never due. */
const MAX_THRESHOLD = 60;

const nowMs = sql`date_trunc('milliseconds', now())`;

/** The reminders' due query and their claims in reminder_log (docs/decisions/0021). */
export function createRemindersRepository(db: Db) {
  return {
    /**
     * Every reminder due on `today`, ordered by user and channel (docs/decisions/0021): for each recorded route that
     * has not expired yet, the smallest threshold of its owner's choice whose day (valid_until − threshold) is today
     * or earlier, on each channel the owner wants and can receive (mail: a verified address; push: a subscription),
     * unless that reminder has been sent. A larger threshold whose day was missed is not sent once a smaller one is
     * due: the nearer reminder says more. A renewed route has a new valid_until, so its old reminders are no longer due.
     */
    async listDue(today: string): Promise<DueReminder[]> {
      const result = await db.execute(sql`
    select u.id as "userId", u.email, u.firstname, r.id as "routeId", r.name, r.company_route as "companyRoute",
           to_char(r.valid_until, 'YYYY-MM-DD') as "validUntil", d.threshold,
           (r.valid_until - ${today}::date) as days, ch.channel,
           (r.valid_until - d.threshold) < ${today}::date as late
      from routes r
      join users u on u.id = r.owner_id
      cross join lateral (
        select min(t) as threshold from unnest(u.reminder_thresholds) t where r.valid_until - t <= ${today}::date
      ) d
      cross join lateral (values ('mail'), ('push')) ch(channel)
     where r.valid_until between ${today}::date and ${today}::date + ${MAX_THRESHOLD}::integer
       and d.threshold is not null
       and ((ch.channel = 'mail' and u.reminder_mail and u.mail_verified)
         or (ch.channel = 'push' and u.reminder_push
             and exists (select 1 from ${pushSubscriptions} ps where ps.owner_id = u.id)))
       and not exists (
         select 1 from ${reminderLog} l
          where l.route_id = r.id and l.valid_until = r.valid_until and l.threshold = d.threshold
            and l.channel = ch.channel and l.status = 'sent')
     order by u.id, ch.channel, r.valid_until, r.name, r.id`);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      return rows.map((row) => ({
        userId: Number(row.userId),
        email: String(row.email),
        firstname: (row.firstname as string | null) ?? null,
        routeId: Number(row.routeId),
        name: String(row.name),
        companyRoute: (row.companyRoute as string | null) ?? null,
        validUntil: String(row.validUntil),
        threshold: Number(row.threshold),
        days: Number(row.days),
        channel: row.channel as ReminderChannel,
        late: row.late === true || row.late === 't',
      }));
    },

    /**
     * Claims a bundle of one user's reminders on one channel. Per reminder exactly one caller wins, across every
     * connection: the INSERT of a new 'claimed' row (the unique (route, valid_until, threshold, channel) index lets
     * one through), or, for a 'claimed' row older than `staleAfterMinutes` left by a run that died before settling
     * it, the UPDATE that gives it this run's token (concurrent UPDATEs of a row serialise; the loser re-checks the
     * WHERE and matches nothing). Rows already 'sent' are never touched.
     */
    async claim(items: readonly DueReminder[], staleAfterMinutes: number): Promise<ReminderClaim> {
      const token = randomUUID();
      if (items.length === 0) return { token, routeIds: [] };
      const created = await db
        .insert(reminderLog)
        .values(
          items.map((item) => ({
            userId: item.userId,
            routeId: item.routeId,
            validUntil: item.validUntil,
            threshold: item.threshold,
            channel: item.channel,
            status: 'claimed' as const,
            late: item.late,
            claimToken: token,
            claimedAt: nowMs,
          })),
        )
        .onConflictDoNothing({
          target: [reminderLog.routeId, reminderLog.validUntil, reminderLog.threshold, reminderLog.channel],
        })
        .returning({ routeId: reminderLog.routeId });
      const routeIds = new Set(created.map((row) => row.routeId));
      const rest = items.filter((item) => !routeIds.has(item.routeId));
      if (rest.length > 0) {
        const recovered = await db
          .update(reminderLog)
          .set({ claimToken: token, claimedAt: nowMs })
          .where(
            and(
              eq(reminderLog.status, 'claimed'),
              lt(reminderLog.claimedAt, sql`now() - make_interval(mins => ${staleAfterMinutes})`),
              or(
                ...rest.map((item) =>
                  and(
                    eq(reminderLog.routeId, item.routeId),
                    eq(reminderLog.validUntil, item.validUntil),
                    eq(reminderLog.threshold, item.threshold),
                    eq(reminderLog.channel, item.channel),
                  ),
                ),
              ),
            ),
          )
          .returning({ routeId: reminderLog.routeId });
        for (const row of recovered) routeIds.add(row.routeId);
      }
      return { token, routeIds: [...routeIds] };
    },

    /** The bundle went out: its reminders are done. Only the holder of the token may settle them. */
    async markSent(claim: ReminderClaim): Promise<void> {
      await db
        .update(reminderLog)
        .set({ status: 'sent', sentAt: sql`now()` })
        .where(and(eq(reminderLog.claimToken, claim.token), eq(reminderLog.status, 'claimed')));
    },

    /** The send failed: give the claims up so that the next run tries again. */
    async release(claim: ReminderClaim): Promise<void> {
      await db
        .delete(reminderLog)
        .where(and(eq(reminderLog.claimToken, claim.token), eq(reminderLog.status, 'claimed')));
    },

    /** Log rows of expiries more than `days` ago are of no further use (a renewal starts a new valid_until). */
    async purgeOld(today: string, days = 400): Promise<void> {
      await db.delete(reminderLog).where(lt(reminderLog.validUntil, sql`${today}::date - ${days}::integer`));
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    reminders: RemindersRepository;
  }
}

export default repositoryPlugin('reminders', (app) => createRemindersRepository(app.db));
