import { and, eq, lt, sql } from 'drizzle-orm';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { memberships } from '../../db/schema.js';
import { betriebNotFound, findIn } from './betriebe.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    consentRepository: ConsentRepository;
  }
}

/*
 * A member agreeing to a newer consent text (issue 41 item 7, decision 0066): the membership keeps the version it was
 * made under until its member agrees to a later one; the version and the time are stored as on joining. Only the
 * member's own membership, scoped in SQL; an older or the same version changes nothing.
 */
export function createConsentRepository(db: Executor) {
  return {
    /** Stores `version` for the caller's membership when it is newer than theirs; 404 when they are no member. */
    async agree(betriebId: number, userId: number, version: number): Promise<Betrieb> {
      return db.transaction(async (tx) => {
        await tx
          .update(memberships)
          .set({ consentVersion: version, consentedAt: sql`now()` })
          .where(
            and(
              eq(memberships.betriebId, betriebId),
              eq(memberships.userId, userId),
              lt(memberships.consentVersion, version),
            ),
          );
        const betrieb = await findIn(tx, betriebId, userId);
        if (!betrieb) throw betriebNotFound();
        return betrieb;
      });
    },
  };
}

export type ConsentRepository = ReturnType<typeof createConsentRepository>;

export default repositoryPlugin('consentRepository', (app) => createConsentRepository(app.db));
