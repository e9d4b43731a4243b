import { and, asc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BetriebRole, Member } from '@streckenpass/contract/betriebe';
import { BETRIEB_MEMBER_READER_ROLES, rolesInWords } from '@streckenpass/contract/terms';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { germanOrder } from '../../db/sort.js';
import { betriebDepots, memberships, users } from '../../db/schema.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { memberName } from '../../lib/member-name.js';
import {
  conflict,
  depotOf,
  isMember,
  LAST_ADMIN,
  leaveIn,
  lockAsAdmin,
  lockAsMember,
  logMembership,
  notAllowed,
  othersOf,
  refuse,
} from './betriebe.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    membersRepository: MembersRepository;
  }
}

/*
 * A Betrieb's members (issue 28, decision 0046): listed by its admins and Disponenten, their role and depot changed
 * and members removed by its admins, scoped by the caller's membership like every Betriebe statement
 * (betriebe.repository.ts); the last admin cannot give up the role while others remain.
 */

const memberDepot = alias(betriebDepots, 'member_depot');

/** The members of a Betrieb as `Member`s, for `userId` (their own is `you`), where `condition` holds. */
async function selectMembers(ex: Executor, betriebId: number, userId: number, condition: SQL | undefined) {
  const rows = await ex
    .select({
      id: memberships.id,
      userId: memberships.userId,
      firstname: users.firstname,
      lastname: users.lastname,
      role: memberships.role,
      depotId: memberDepot.id,
      depotName: memberDepot.name,
      joinedAt: memberships.joinedAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(memberDepot, eq(memberDepot.id, memberships.depotId))
    .where(and(eq(memberships.betriebId, betriebId), condition))
    .orderBy(germanOrder(users.lastname), germanOrder(users.firstname), asc(memberships.id));
  return rows.map((row): Member => ({
    id: row.id,
    name: memberName(row),
    role: row.role,
    depot: depotOf(row.depotId, row.depotName),
    joinedAt: row.joinedAt.toISOString(),
    you: row.userId === userId,
  }));
}

export function createMembersRepository(db: Executor) {
  /** The members (for admins, Disponenten and examiners): name, role, depot; by name. */
  async function list(betriebId: number, userId: number): Promise<Member[]> {
    const members = await selectMembers(
      db,
      betriebId,
      userId,
      isMember(betriebId, userId, BETRIEB_MEMBER_READER_ROLES),
    );
    if (members.length === 0) return refuse(db, betriebId, userId, rolesInWords(BETRIEB_MEMBER_READER_ROLES));
    return members;
  }

  /** Changes a member's role or depot (admins); the last admin cannot give up the role. */
  function update(
    betriebId: number,
    userId: number,
    memberId: number,
    patch: { role?: BetriebRole | undefined; depot?: number | null | undefined },
  ): Promise<Member> {
    return db.transaction(async (tx) => {
      await lockAsAdmin(tx, betriebId, userId);
      const [target] = await tx
        .select({ userId: memberships.userId, role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.id, memberId), eq(memberships.betriebId, betriebId)));
      if (!target) throw notFound('Mitglied nicht gefunden.');
      if (patch.depot !== undefined && patch.depot !== null) {
        const [depot] = await tx
          .select({ id: betriebDepots.id })
          .from(betriebDepots)
          .where(and(eq(betriebDepots.id, patch.depot), eq(betriebDepots.betriebId, betriebId)));
        if (!depot) throw unprocessable([{ propertyPath: 'depot', message: 'Dieses Depot gibt es im Betrieb nicht.' }]);
      }
      if (patch.role !== undefined && patch.role !== 'admin' && target.role === 'admin') {
        if ((await othersOf(tx, betriebId, target.userId)).admins === 0) throw conflict(LAST_ADMIN);
      }
      const set = {
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        // A driver reads no coverage: the mail stops with the role (and is chosen anew after a promotion).
        ...(patch.role === 'driver' ? { coverageAlertMin: null } : {}),
        ...(patch.depot !== undefined ? { depotId: patch.depot } : {}),
      };
      if (Object.keys(set).length > 0) {
        await tx
          .update(memberships)
          .set(set)
          .where(and(eq(memberships.id, memberId), eq(memberships.betriebId, betriebId)));
      }
      // The member as changed, also when the caller has just given up the role that lets them list the members.
      const [member] = await selectMembers(tx, betriebId, userId, eq(memberships.id, memberId));
      return member!;
    });
  }

  return {
    /** The members (for admins, Disponenten and examiners): name, role, depot; by name. */
    list,

    /** Changes a member's role or depot (admins); the last admin cannot give up the role. */
    update,

    /** Removes a member (admins); removing oneself is leaving. Access ends with the row. */
    remove(betriebId: number, userId: number, memberId: number): Promise<void> {
      return db.transaction(async (tx) => {
        const role = await lockAsMember(tx, betriebId, userId);
        if (role !== 'admin') throw notAllowed('Admins');
        const [target] = await tx
          .select({ userId: memberships.userId })
          .from(memberships)
          .where(and(eq(memberships.id, memberId), eq(memberships.betriebId, betriebId)));
        if (!target) throw notFound('Mitglied nicht gefunden.');
        if (target.userId === userId) return leaveIn(tx, betriebId, userId, role);
        await logMembership(tx, betriebId, target.userId, 'removed');
        await tx.delete(memberships).where(and(eq(memberships.id, memberId), eq(memberships.betriebId, betriebId)));
      });
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;

export default repositoryPlugin('membersRepository', (app) => createMembersRepository(app.db), ['betriebeRepository']);
