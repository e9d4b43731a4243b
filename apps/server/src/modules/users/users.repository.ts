import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { User } from '@streckenpass/contract/users';
import type { Db, Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { oneTimeTokens, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type OneTimePurpose = 'verification' | 'reset';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    roles: row.roles,
    mail_verified: row.mailVerified,
    receive_weekly_reports: row.receiveWeeklyReports,
    bcc_mail_weekly_reports: row.bccMailWeeklyReports,
  };
}

export function createUsersRepository(db: Db) {
  return {
    /**
     * Runs `work` in one transaction; the writes that take an executor (a new password, the sessions, share links and
     * calendar feed it ends) join it.
     */
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },

    /** Inserts the user; returns undefined when the address is taken (unique index on lower(email)). */
    async create(input: {
      email: string;
      passwordHash: string;
      firstname: string;
      lastname: string;
    }): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(input).onConflictDoNothing().returning();
      return row;
    },

    async updatePreferences(id: number, prefs: { receiveWeeklyReports: boolean; bccMailWeeklyReports: boolean }) {
      await db.update(users).set(prefs).where(eq(users.id, id));
    },

    async setPassword(id: number, passwordHash: string, ex: Executor = db) {
      await ex.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, id));
    },

    /**
     * Deletes the account: every row of the user in every table goes with it through `ON DELETE CASCADE` on
     * `users(id)`, directly or through an owned parent (checked against information_schema by
     * account-deletion.test.ts). Returns whether there was such an account.
     */
    async remove(id: number): Promise<boolean> {
      const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return deleted.length > 0;
    },

    async markVerified(id: number) {
      await db.update(users).set({ mailVerified: true }).where(eq(users.id, id));
    },

    async createOneTimeToken(userId: number, purpose: OneTimePurpose, tokenHash: string, expiresAt: Date) {
      await db.insert(oneTimeTokens).values({ userId, purpose, tokenHash, expiresAt });
    },

    /** Marks a valid token used, atomically, and returns its user id; undefined when unknown, used or expired. */
    async consumeOneTimeToken(
      purpose: OneTimePurpose,
      tokenHash: string,
      ex: Executor = db,
    ): Promise<number | undefined> {
      const [row] = await ex
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: oneTimeTokens.userId });
      return row?.userId;
    },

    async findOneTimeToken(purpose: OneTimePurpose, tokenHash: string) {
      const [row] = await db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)));
      return row;
    },

    /** Older unused links of the same purpose stop working once a new one is sent. */
    async invalidateOpenTokens(userId: number, purpose: OneTimePurpose) {
      await db
        .update(oneTimeTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    usersRepository: UsersRepository;
  }
}

export default repositoryPlugin('usersRepository', (app) => createUsersRepository(app.db));
