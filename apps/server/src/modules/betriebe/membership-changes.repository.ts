import { and, desc, eq, gte, sql } from 'drizzle-orm';
import {
  MEMBERSHIP_CHANGES_DAYS,
  MEMBERSHIP_CHANGES_MAX,
  type MembershipChange,
} from '@streckenpass/contract/betriebe';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { membershipEvents, memberships, users } from '../../db/schema.js';
import { memberName } from '../../lib/member-name.js';
import { isMember, refuse, roleIn } from './betriebe.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    membershipChangesRepository: MembershipChangesRepository;
  }
}

/*
 * Who joined, left or was removed from a Betrieb (issue 40): the events `logMembership` writes in the membership's
 * own transaction, read by the Betrieb's admins and Disponenten for its home. Scoped by the caller's membership in SQL
 * like every Betriebe statement; a leaver's name stays until their account is deleted (the rows cascade with it).
 */

const READERS = ['admin', 'disponent'] as const;

export function createMembershipChangesRepository(db: Executor) {
  return {
    /** The changes of the last 30 days, newest first, at most 50 (admins and Disponenten). */
    async list(betriebId: number, userId: number): Promise<MembershipChange[]> {
      const rows = await db
        .select({
          event: membershipEvents.event,
          at: membershipEvents.at,
          firstname: users.firstname,
          lastname: users.lastname,
          membershipId: memberships.id,
        })
        .from(membershipEvents)
        .innerJoin(users, eq(users.id, membershipEvents.userId))
        // The driver's page exists only while they are a driver of the Betrieb: only then is there an id to link.
        .leftJoin(
          memberships,
          and(
            eq(memberships.betriebId, membershipEvents.betriebId),
            eq(memberships.userId, membershipEvents.userId),
            eq(memberships.role, 'driver'),
          ),
        )
        .where(
          and(
            eq(membershipEvents.betriebId, betriebId),
            isMember(betriebId, userId, READERS),
            gte(membershipEvents.at, sql`now() - make_interval(days => ${MEMBERSHIP_CHANGES_DAYS}::integer)`),
          ),
        )
        .orderBy(desc(membershipEvents.at), desc(membershipEvents.id))
        .limit(MEMBERSHIP_CHANGES_MAX);
      // No row: a quiet month, or a caller outside (404) or in another role (403), told apart only here.
      if (rows.length === 0) {
        const role = await roleIn(db, betriebId, userId);
        if (role !== 'admin' && role !== 'disponent') return refuse(db, betriebId, userId, 'Admins und Disponenten');
      }
      return rows.map((row) => ({
        event: row.event,
        at: row.at.toISOString(),
        name: memberName(row),
        membershipId: row.membershipId,
      }));
    },
  };
}

export type MembershipChangesRepository = ReturnType<typeof createMembershipChangesRepository>;

export default repositoryPlugin('membershipChangesRepository', (app) => createMembershipChangesRepository(app.db), [
  'betriebeRepository',
]);
