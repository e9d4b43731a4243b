import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { repositoryPlugin } from '../db/repository.js';
import { authTokens, oneTimeTokens, users } from '../db/schema.js';
import { listenAtStart } from '../plugins/start-up-work.js';

/** NOTIFY channel: a jti (`t:<jti>`) or every token of a user (`u:<id>`) was revoked. */
export const AUTH_REVOKED_CHANNEL = 'sp_auth_revoked';
/**
 * How long a successful token lookup is reused without asking the database. Revocation on this instance drops it at
 * once and other instances are told through NOTIFY; this is the bound when a notification is lost.
 */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 50_000;

export interface Session {
  id: number;
  email: string;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    authTokens: AuthTokensRepository;
  }
}

/** Issued JWTs by jti (docs/decisions/0005 and 0015): the token lookup of every authenticated request lives here. */
export function createAuthTokensRepository(db: Executor) {
  const cache = new Map<string, { session: Session; until: number }>();
  let epoch = 0;
  const findActive = db
    .select({ id: users.id, email: users.email, roles: users.roles })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.jti, sql.placeholder('jti')),
        eq(authTokens.userId, sql.placeholder('userId')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .prepare('auth_token_active');

  function forgetUser(userId: number) {
    epoch += 1;
    for (const [jti, entry] of cache) if (entry.session.id === userId) cache.delete(jti);
  }
  function forgetToken(jti: string) {
    epoch += 1;
    cache.delete(jti);
  }
  const announce = (ex: Executor, payload: string) =>
    ex.execute(sql`select pg_notify(${AUTH_REVOKED_CHANNEL}, ${payload})`);

  return {
    async insert(token: { jti: string; userId: number; issuedAt: Date; expiresAt: Date }): Promise<void> {
      await db.insert(authTokens).values(token);
    },

    /** The user of an unrevoked, unexpired token; undefined otherwise. `expiresAt` caps how long it is cached. */
    async findSession(jti: string, userId: number, expiresAtMs: number): Promise<Session | undefined> {
      const hit = cache.get(jti);
      const now = Date.now();
      if (hit && hit.until > now && hit.session.id === userId) return hit.session;
      const started = epoch;
      const [row] = await findActive.execute({ jti, userId });
      if (!row) return undefined;
      if (started === epoch) {
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        cache.set(jti, { session: row, until: Math.min(now + SESSION_CACHE_MS, expiresAtMs) });
      }
      return row;
    },

    async revoke(jti: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(authTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(authTokens.jti, jti), isNull(authTokens.revokedAt)));
        await announce(tx, `t:${jti}`);
      });
      forgetToken(jti);
    },

    /**
     * Revokes every token of the user, except `keepJti` when given: inside `tx` when given (a password change, with
     * whatever else it changes), in a transaction of its own otherwise. This instance forgets the tokens at once, and
     * every instance (this one again) when the NOTIFY arrives, which PostgreSQL delivers at commit.
     */
    async revokeAllOf(userId: number, keepJti?: string, tx?: Executor): Promise<void> {
      const work = async (ex: Executor) => {
        await ex
          .update(authTokens)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(authTokens.userId, userId),
              isNull(authTokens.revokedAt),
              keepJti ? ne(authTokens.jti, keepJti) : undefined,
            ),
          );
        await announce(ex, `u:${userId}`);
      };
      await (tx ? work(tx) : db.transaction(work));
      forgetUser(userId);
    },

    /** Expired JWT rows and one-time tokens: pruned on login so the tables stay small without a separate job. */
    async purgeExpired(): Promise<void> {
      const now = new Date();
      await db.delete(authTokens).where(lt(authTokens.expiresAt, now));
      await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, now));
    },

    /** A revocation announced by any instance. */
    notified(payload: string): void {
      if (payload.startsWith('t:')) forgetToken(payload.slice(2));
      else if (payload.startsWith('u:')) forgetUser(Number(payload.slice(2)));
    },

    /** Notifications may have been missed: ask the database again. */
    reset(): void {
      epoch += 1;
      cache.clear();
    },
  };
}

export type AuthTokensRepository = ReturnType<typeof createAuthTokensRepository>;

export default repositoryPlugin('authTokens', async (app) => {
  const repository = createAuthTokensRepository(app.db);
  listenAtStart(app, () => app.database.listen(AUTH_REVOKED_CHANNEL, repository.notified, repository.reset));
  return repository;
});
