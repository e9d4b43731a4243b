import { and, asc, eq, gt, inArray, isNull, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Betrieb, BetriebRole, Invitation, Member } from '@streckenpass/contract/betriebe';
import type { Executor } from '../../db/client.js';
import { betriebDepots, betriebe, invitations, memberships, users } from '../../db/schema.js';
import { appendMembershipHistory, type MembershipEvent } from '../../db/record-history.js';
import { repositoryPlugin } from '../../db/repository.js';
import { germanOrder } from '../../db/sort.js';
import { forbidden, HttpError, notFound, unprocessable } from '../../lib/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    betriebeRepository: BetriebeRepository;
  }
}

/*
 * Betriebe, memberships and invitations (issue 28, docs/decisions/0046). Every read and write is scoped by the
 * caller's membership in SQL: a statement names the caller, and a Betrieb they do not belong to yields no row. 404 and
 * 403 are told apart only on the refusal path, from the caller's own membership, so that nobody outside a Betrieb
 * learns that it exists. Writes that change who may manage a Betrieb lock its row first, so that two of them cannot
 * both take away its last admin.
 */

/** The one answer for a Betrieb the caller is not a member of, exists or not. */
export const betriebNotFound = () => notFound('Betrieb nicht gefunden.');
const notAllowed = (what: string) => forbidden(`Nur ${what} dieses Betriebs dürfen das.`);
const conflict = (detail: string) => new HttpError(409, 'Conflict', detail);
const LAST_ADMIN =
  'Sie sind der letzte Admin dieses Betriebs. Ernennen Sie zuerst ein anderes Mitglied zum Admin, oder verlassen Sie ' +
  'den Betrieb als letztes Mitglied.';

/** A depot as answered, from a left join's id and name (null: no depot). */
export function depotOf(id: number | null, name: string | null): { id: number; name: string } | null {
  return id === null || name === null ? null : { id, name };
}

/** A member's name as every list shows it: first and last name, or 'Ohne Namen'. */
export function memberName(row: { firstname: string | null; lastname: string | null }): string {
  return [row.firstname, row.lastname].filter(Boolean).join(' ').trim() || 'Ohne Namen';
}

const myDepot = alias(betriebDepots, 'my_depot');
const memberDepot = alias(betriebDepots, 'member_depot');

/** The caller is a member of the Betrieb (of one of `roles`, when given): the scope of every statement here. */
export function isMember(betriebId: SQLWrapper | number, userId: number, roles?: readonly BetriebRole[]) {
  return sql`exists (select 1 from ${memberships} me where me.betrieb_id = ${betriebId} and me.user_id = ${userId}${
    roles ? sql` and me.role in ${roles}` : sql``
  })`;
}

const depotsOf = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', d.id, 'name', d.name) order by d.name collate "und-x-icu", d.id)
    from ${betriebDepots} d where d.betrieb_id = ${betriebe.id}), '[]'::json)`;

const selectBetriebe = (ex: Executor, userId: number) =>
  ex
    .select({
      id: betriebe.id,
      name: betriebe.name,
      depots: depotsOf,
      role: memberships.role,
      depotId: myDepot.id,
      depotName: myDepot.name,
      joinedAt: memberships.joinedAt,
      consentVersion: memberships.consentVersion,
      consentedAt: memberships.consentedAt,
      coverageAlertMin: memberships.coverageAlertMin,
    })
    .from(memberships)
    .innerJoin(betriebe, eq(betriebe.id, memberships.betriebId))
    .leftJoin(myDepot, eq(myDepot.id, memberships.depotId))
    .where(eq(memberships.userId, userId))
    .$dynamic();

type BetriebRow = Awaited<ReturnType<typeof selectBetriebe>>[number];

function toBetrieb(row: BetriebRow): Betrieb {
  return {
    id: row.id,
    name: row.name,
    depots: row.depots.map(({ id, name }) => ({ id: Number(id), name })),
    role: row.role,
    depot: depotOf(row.depotId, row.depotName),
    joinedAt: row.joinedAt.toISOString(),
    consentVersion: row.consentVersion,
    consentedAt: row.consentedAt.toISOString(),
    // The coverage mail is for those who read the Betrieb's views; a driver has no such setting.
    ...(row.role === 'driver' ? {} : { coverageAlertMin: row.coverageAlertMin }),
  };
}

function invitationState(row: { revokedAt: Date | null; expiresAt: Date; role: BetriebRole; acceptedCount: number }) {
  if (row.revokedAt) return 'revoked' as const;
  if (row.role !== 'driver' && row.acceptedCount > 0) return 'used' as const;
  if (row.expiresAt.getTime() <= Date.now()) return 'expired' as const;
  return 'active' as const;
}

function toInvitation(row: typeof invitations.$inferSelect): Invitation {
  return {
    id: row.id,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    acceptedCount: row.acceptedCount,
    state: invitationState(row),
  };
}

/**
 * An invitation that still opens, by the hash of its token or its code: not revoked, not expired, and — for an admin
 * or Disponent invitation, which serves one person — not yet used. Anything else is no invitation at all.
 */
const openInvitation = (hash: string) =>
  and(
    or(eq(invitations.tokenHash, hash), eq(invitations.codeHash, hash)),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, sql`now()`),
  );

export interface NewInvitation {
  role: BetriebRole;
  expiresAt: Date;
  tokenHash: string;
  codeHash: string;
}

export function createBetriebeRepository(db: Executor) {
  async function findIn(ex: Executor, betriebId: number, userId: number): Promise<Betrieb | undefined> {
    const [row] = await selectBetriebe(ex, userId).where(
      and(eq(memberships.userId, userId), eq(memberships.betriebId, betriebId)),
    );
    return row && toBetrieb(row);
  }

  /** The caller's role in the Betrieb, or undefined when they are no member (or it does not exist). */
  async function roleIn(ex: Executor, betriebId: number, userId: number): Promise<BetriebRole | undefined> {
    const [row] = await ex
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.betriebId, betriebId), eq(memberships.userId, userId)));
    return row?.role;
  }

  /** Refuses a caller without one of `roles`: 404 for a non-member, 403 for a member in another role. */
  async function refuse(ex: Executor, betriebId: number, userId: number, what: string): Promise<never> {
    if (!(await roleIn(ex, betriebId, userId))) throw betriebNotFound();
    throw notAllowed(what);
  }

  /**
   * In a transaction: locks the Betrieb's row through the caller's membership (one statement) and answers the caller's
   * role, or refuses with 404 when they are no member. Every write that changes members or roles starts here.
   */
  async function lockAsMember(tx: Executor, betriebId: number, userId: number): Promise<BetriebRole> {
    const [row] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .innerJoin(betriebe, eq(betriebe.id, memberships.betriebId))
      .where(and(eq(memberships.betriebId, betriebId), eq(memberships.userId, userId)))
      .for('update', { of: betriebe });
    if (!row) throw betriebNotFound();
    return row.role;
  }

  async function lockAsAdmin(tx: Executor, betriebId: number, userId: number): Promise<void> {
    if ((await lockAsMember(tx, betriebId, userId)) !== 'admin') throw notAllowed('Admins');
  }

  /** Admins of the Betrieb other than `userId`, and its other members. */
  async function othersOf(tx: Executor, betriebId: number, userId: number) {
    const [row] = await tx
      .select({
        admins: sql<number>`count(*) filter (where ${memberships.role} = 'admin')::integer`,
        members: sql<number>`count(*)::integer`,
      })
      .from(memberships)
      .where(and(eq(memberships.betriebId, betriebId), ne(memberships.userId, userId)));
    return { admins: Number(row?.admins ?? 0), members: Number(row?.members ?? 0) };
  }

  /** Logs in the member's history that their membership began or is about to end (in the same transaction). */
  async function logMembership(tx: Executor, betriebId: number, userId: number, event: MembershipEvent) {
    const [row] = await tx
      .select({
        betrieb: betriebe.name,
        role: memberships.role,
        consentVersion: memberships.consentVersion,
        consentedAt: memberships.consentedAt,
      })
      .from(memberships)
      .innerJoin(betriebe, eq(betriebe.id, memberships.betriebId))
      .where(and(eq(memberships.betriebId, betriebId), eq(memberships.userId, userId)));
    if (!row) return;
    await appendMembershipHistory(tx, userId, event, {
      betriebId,
      ...row,
      consentedAt: row.consentedAt.toISOString(),
    });
  }

  /** Ends the caller's own membership (locked as member): refused for the last admin while others remain. */
  async function leaveIn(tx: Executor, betriebId: number, userId: number, role: BetriebRole): Promise<void> {
    if (role === 'admin') {
      const others = await othersOf(tx, betriebId, userId);
      if (others.admins === 0 && others.members > 0) throw conflict(LAST_ADMIN);
    }
    await logMembership(tx, betriebId, userId, 'left');
    // The last member's leaving deletes the Betrieb (trigger of migration 0007).
    await tx.delete(memberships).where(and(eq(memberships.betriebId, betriebId), eq(memberships.userId, userId)));
  }

  /** Replaces the Betrieb's depots by name: kept names keep their id, new ones are added, missing ones removed. */
  async function replaceDepots(tx: Executor, betriebId: number, names: readonly string[]): Promise<void> {
    const existing = await tx
      .select({ id: betriebDepots.id, name: betriebDepots.name })
      .from(betriebDepots)
      .where(eq(betriebDepots.betriebId, betriebId));
    const wanted = new Set(names);
    const gone = existing.filter((depot) => !wanted.has(depot.name)).map((depot) => depot.id);
    if (gone.length > 0) await tx.delete(betriebDepots).where(inArray(betriebDepots.id, gone));
    const have = new Set(existing.map((depot) => depot.name));
    const added = names.filter((name) => !have.has(name));
    if (added.length > 0) await tx.insert(betriebDepots).values(added.map((name) => ({ betriebId, name })));
  }

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

  /** The members (admins and Disponenten): name, role, depot; by name. */
  async function listMembers(betriebId: number, userId: number): Promise<Member[]> {
    const members = await selectMembers(db, betriebId, userId, isMember(betriebId, userId, ['admin', 'disponent']));
    if (members.length === 0) return refuse(db, betriebId, userId, 'Admins und Disponenten');
    return members;
  }

  /** Changes a member's role or depot (admins); the last admin cannot give up the role. */
  function updateMember(
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
    /**
     * The caller's role in the Betrieb when it is one of `roles`; 404 for a non-member, 403 for another role. Lets a
     * route refuse before it judges a body (401 → 404/403 → 400/422), as the owned records do.
     */
    async requireRole(betriebId: number, userId: number, roles: readonly BetriebRole[]): Promise<BetriebRole> {
      const role = await roleIn(db, betriebId, userId);
      if (!role) throw betriebNotFound();
      if (roles.includes(role)) return role;
      if (!roles.includes('admin')) throw notAllowed('Triebfahrzeugführer/innen');
      throw notAllowed(roles.includes('disponent') ? 'Admins und Disponenten' : 'Admins');
    },

    /** The caller's Betriebe with their role in each, by name. */
    async listMine(userId: number): Promise<Betrieb[]> {
      const rows = await selectBetriebe(db, userId).orderBy(germanOrder(betriebe.name), asc(betriebe.id));
      return rows.map(toBetrieb);
    },

    /** A Betrieb as its member sees it; undefined for everyone else. */
    findForMember(betriebId: number, userId: number): Promise<Betrieb | undefined> {
      return findIn(db, betriebId, userId);
    },

    /** Founds a Betrieb: its depots, and the founder as its first admin under the given consent. */
    create(
      userId: number,
      input: { name: string; depots?: string[] | undefined },
      consentVersion: number,
    ): Promise<Betrieb> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(betriebe)
          .values({ name: input.name, createdBy: userId })
          .returning({ id: betriebe.id });
        const betriebId = row!.id;
        if (input.depots?.length) {
          await tx.insert(betriebDepots).values(input.depots.map((name) => ({ betriebId, name })));
        }
        await tx
          .insert(memberships)
          .values({ betriebId, userId, role: 'admin', consentVersion, consentedAt: sql`now()` });
        await logMembership(tx, betriebId, userId, 'joined');
        return (await findIn(tx, betriebId, userId))!;
      });
    },

    /** Renames the Betrieb or replaces its depots (admins). */
    update(
      betriebId: number,
      userId: number,
      patch: { name?: string | undefined; depots?: string[] | undefined },
    ): Promise<Betrieb> {
      return db.transaction(async (tx) => {
        await lockAsAdmin(tx, betriebId, userId);
        if (patch.name !== undefined) {
          await tx
            .update(betriebe)
            .set({ name: patch.name })
            .where(and(eq(betriebe.id, betriebId), isMember(betriebe.id, userId, ['admin'])));
        }
        if (patch.depots !== undefined) await replaceDepots(tx, betriebId, patch.depots);
        return (await findIn(tx, betriebId, userId))!;
      });
    },

    /** The members (admins and Disponenten): name, role, depot; by name. */
    listMembers,

    /** Changes a member's role or depot (admins); the last admin cannot give up the role. */
    updateMember,

    /** Removes a member (admins); removing oneself is leaving. Access ends with the row. */
    removeMember(betriebId: number, userId: number, memberId: number): Promise<void> {
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

    /** Sets the caller's own weekly coverage mail (admins, Disponenten): null = none. */
    async setCoverageAlert(betriebId: number, userId: number, minDrivers: number | null): Promise<Betrieb> {
      const [row] = await db
        .update(memberships)
        .set({ coverageAlertMin: minDrivers })
        .where(
          and(
            eq(memberships.betriebId, betriebId),
            eq(memberships.userId, userId),
            inArray(memberships.role, ['admin', 'disponent']),
          ),
        )
        .returning({ id: memberships.id });
      if (!row) return refuse(db, betriebId, userId, 'Admins und Disponenten');
      const betrieb = await findIn(db, betriebId, userId);
      if (!betrieb) throw betriebNotFound();
      return betrieb;
    },

    /** Ends the caller's own membership: at once, whatever the role (but the last admin while others remain). */
    leave(betriebId: number, userId: number): Promise<void> {
      return db.transaction(async (tx) => leaveIn(tx, betriebId, userId, await lockAsMember(tx, betriebId, userId)));
    },

    /** The Betrieb's invitations, newest first (admins). */
    async listInvitations(betriebId: number, userId: number): Promise<Invitation[]> {
      const rows = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.betriebId, betriebId), isMember(betriebId, userId, ['admin'])))
        .orderBy(sql`${invitations.createdAt} desc`, sql`${invitations.id} desc`);
      // A Betrieb's admin always passes the scope; an empty list needs the refusal only when the caller is none.
      if (rows.length === 0 && (await roleIn(db, betriebId, userId)) !== 'admin') {
        return refuse(db, betriebId, userId, 'Admins');
      }
      return rows.map(toInvitation);
    },

    /**
     * Stores a new invitation by the hashes of its token and code (admins). Answers undefined when the code's hash is
     * taken (a collision of two random codes): the caller draws a new code.
     */
    createInvitation(betriebId: number, userId: number, input: NewInvitation): Promise<Invitation | undefined> {
      return db.transaction(async (tx) => {
        await lockAsAdmin(tx, betriebId, userId);
        const [row] = await tx
          .insert(invitations)
          .values({ betriebId, createdBy: userId, ...input })
          .onConflictDoNothing()
          .returning();
        return row && toInvitation(row);
      });
    },

    /** Revokes an invitation of the Betrieb (admins); revoking twice keeps the first time. */
    async revokeInvitation(betriebId: number, userId: number, invitationId: number): Promise<Invitation> {
      const [row] = await db
        .update(invitations)
        .set({ revokedAt: sql`coalesce(${invitations.revokedAt}, now())` })
        .where(
          and(
            eq(invitations.id, invitationId),
            eq(invitations.betriebId, betriebId),
            isMember(betriebId, userId, ['admin']),
          ),
        )
        .returning();
      if (row) return toInvitation(row);
      if ((await roleIn(db, betriebId, userId)) === 'admin') throw notFound('Einladung nicht gefunden.');
      return refuse(db, betriebId, userId, 'Admins');
    },

    /** What an open invitation shows before joining: the Betrieb's name, the role, the expiry. */
    async previewInvitation(hash: string) {
      const [row] = await db
        .select({
          betrieb: betriebe.name,
          role: invitations.role,
          expiresAt: invitations.expiresAt,
          acceptedCount: invitations.acceptedCount,
        })
        .from(invitations)
        .innerJoin(betriebe, eq(betriebe.id, invitations.betriebId))
        .where(openInvitation(hash));
      if (!row || (row.role !== 'driver' && row.acceptedCount > 0)) return undefined;
      return { betrieb: row.betrieb, role: row.role, expiresAt: row.expiresAt.toISOString() };
    },

    /**
     * Joins the caller through an open invitation under the given consent. Already a member: nothing changes (the
     * role stays), `joined` is false. Undefined for an invitation that does not open — unknown, revoked, expired, or
     * an admin or Disponent invitation someone else has used.
     */
    acceptInvitation(
      hash: string,
      userId: number,
      consentVersion: number,
    ): Promise<{ betrieb: Betrieb; joined: boolean } | undefined> {
      return db.transaction(async (tx) => {
        const [invitation] = await tx.select().from(invitations).where(openInvitation(hash)).for('update');
        if (!invitation) return undefined;
        const { betriebId } = invitation;
        const existing = await findIn(tx, betriebId, userId);
        if (existing) return { betrieb: existing, joined: false };
        if (invitation.role !== 'driver' && invitation.acceptedCount > 0) return undefined;
        await tx.insert(memberships).values({
          betriebId,
          userId,
          role: invitation.role,
          consentVersion,
          consentedAt: sql`now()`,
        });
        await tx
          .update(invitations)
          .set({ acceptedCount: sql`${invitations.acceptedCount} + 1` })
          .where(eq(invitations.id, invitation.id));
        await logMembership(tx, betriebId, userId, 'joined');
        return { betrieb: (await findIn(tx, betriebId, userId))!, joined: true };
      });
    },

    /** The user's memberships as the backup carries them: read-only information, never restored (decision 0046). */
    async membershipsForBackup(userId: number) {
      const rows = await selectBetriebe(db, userId).orderBy(asc(memberships.joinedAt), asc(memberships.id));
      return rows.map((row) => ({
        betrieb: row.name,
        role: row.role,
        depot: row.depotName,
        consentVersion: row.consentVersion,
        consentedAt: row.consentedAt.toISOString(),
        joinedAt: row.joinedAt.toISOString(),
      }));
    },
  };
}

export type BetriebeRepository = ReturnType<typeof createBetriebeRepository>;

export default repositoryPlugin('betriebeRepository', (app) => createBetriebeRepository(app.db));
