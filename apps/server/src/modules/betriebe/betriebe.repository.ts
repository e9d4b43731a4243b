import { and, asc, eq, inArray, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Betrieb, BetriebRole } from '@streckenpass/contract/betriebe';
import type { FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import { rolesInWords } from '@streckenpass/contract/terms';
import type { Executor } from '../../db/client.js';
import { betriebDepots, betriebe, membershipEvents, memberships } from '../../db/schema.js';
import { appendMembershipHistory, type MembershipEvent } from '../../db/record-history.js';
import { repositoryPlugin } from '../../db/repository.js';
import { germanOrder } from '../../db/sort.js';
import { forbidden, HttpError, notFound } from '../../lib/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    betriebeRepository: BetriebeRepository;
  }
}

/*
 * Betriebe and the statements of the caller's membership every Betriebe repository scopes by (issue 28,
 * docs/decisions/0046); the members are members.repository.ts, the invitations invitations.repository.ts. Every read and write is scoped by the
 * caller's membership in SQL: a statement names the caller, and a Betrieb they do not belong to yields no row. 404 and
 * 403 are told apart only on the refusal path, from the caller's own membership, so that nobody outside a Betrieb
 * learns that it exists. Writes that change who may manage a Betrieb lock its row first, so that two of them cannot
 * both take away its last admin.
 */

/** The one answer for a Betrieb the caller is not a member of, exists or not. */
export const betriebNotFound = () => notFound('Betrieb nicht gefunden.');
export const notAllowed = (what: string) => forbidden(`Nur ${what} dieses Betriebs dürfen das.`);
export const conflict = (detail: string) => new HttpError(409, 'Conflict', detail);
export const LAST_ADMIN =
  'Sie sind der letzte Admin dieses Betriebs. Ernennen Sie zuerst ein anderes Mitglied zum Admin, oder verlassen Sie ' +
  'den Betrieb als letztes Mitglied.';

/** A depot as answered, from a left join's id and name (null: no depot). */
export function depotOf(id: number | null, name: string | null): { id: number; name: string } | null {
  return id === null || name === null ? null : { id, name };
}

const myDepot = alias(betriebDepots, 'my_depot');

/** The caller is a member of the Betrieb (of one of `roles`, when given): the scope of every statement here. */
export function isMember(betriebId: SQLWrapper | number, userId: number, roles?: readonly BetriebRole[]) {
  return sql`exists (select 1 from ${memberships} me where me.betrieb_id = ${betriebId} and me.user_id = ${userId}${
    roles ? sql` and me.role in ${roles}` : sql``
  })`;
}

const depotsOf = sql<{ id: number; name: string; rule: FirstAcquisition | null }[]>`coalesce((
  select json_agg(json_build_object('id', d.id, 'name', d.name, 'rule', d.first_acquisition)
                  order by d.name collate "und-x-icu", d.id)
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
    depots: row.depots.map(({ id, name, rule }) => ({ id: Number(id), name, firstAcquisition: rule })),
    role: row.role,
    depot: depotOf(row.depotId, row.depotName),
    joinedAt: row.joinedAt.toISOString(),
    consentVersion: row.consentVersion,
    consentedAt: row.consentedAt.toISOString(),
    // The coverage mail is for those who read the Betrieb's views; a driver or an examiner has no such setting.
    ...(row.role === 'driver' || row.role === 'examiner' ? {} : { coverageAlertMin: row.coverageAlertMin }),
  };
}

/** A Betrieb as its member `userId` sees it (in `ex`, a transaction or the pool); undefined for everyone else. */
export async function findIn(ex: Executor, betriebId: number, userId: number): Promise<Betrieb | undefined> {
  const [row] = await selectBetriebe(ex, userId).where(
    and(eq(memberships.userId, userId), eq(memberships.betriebId, betriebId)),
  );
  return row && toBetrieb(row);
}

/** The caller's role in the Betrieb, or undefined when they are no member (or it does not exist). */
export async function roleIn(ex: Executor, betriebId: number, userId: number): Promise<BetriebRole | undefined> {
  const [row] = await ex
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.betriebId, betriebId), eq(memberships.userId, userId)));
  return row?.role;
}

/** Refuses a caller without one of `roles`: 404 for a non-member, 403 for a member in another role. */
export async function refuse(ex: Executor, betriebId: number, userId: number, what: string): Promise<never> {
  if (!(await roleIn(ex, betriebId, userId))) throw betriebNotFound();
  throw notAllowed(what);
}

/**
 * In a transaction: locks the Betrieb's row through the caller's membership (one statement) and answers the caller's
 * role, or refuses with 404 when they are no member. Every write that changes members or roles starts here.
 */
export async function lockAsMember(tx: Executor, betriebId: number, userId: number): Promise<BetriebRole> {
  const [row] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .innerJoin(betriebe, eq(betriebe.id, memberships.betriebId))
    .where(and(eq(memberships.betriebId, betriebId), eq(memberships.userId, userId)))
    .for('update', { of: betriebe });
  if (!row) throw betriebNotFound();
  return row.role;
}

export async function lockAsAdmin(tx: Executor, betriebId: number, userId: number): Promise<void> {
  if ((await lockAsMember(tx, betriebId, userId)) !== 'admin') throw notAllowed('Admins');
}

/** Admins of the Betrieb other than `userId`, and its other members. */
export async function othersOf(tx: Executor, betriebId: number, userId: number) {
  const [row] = await tx
    .select({
      admins: sql<number>`count(*) filter (where ${memberships.role} = 'admin')::integer`,
      members: sql<number>`count(*)::integer`,
    })
    .from(memberships)
    .where(and(eq(memberships.betriebId, betriebId), ne(memberships.userId, userId)));
  return { admins: Number(row?.admins ?? 0), members: Number(row?.members ?? 0) };
}

/** Logs that a membership began or is about to end, in its transaction: in the member's history and the changes. */
export async function logMembership(tx: Executor, betriebId: number, userId: number, event: MembershipEvent) {
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
  await tx.insert(membershipEvents).values({ betriebId, userId, event });
  await appendMembershipHistory(tx, userId, event, {
    betriebId,
    ...row,
    consentedAt: row.consentedAt.toISOString(),
  });
}

/** Ends the caller's own membership (locked as member): refused for the last admin while others remain. */
export async function leaveIn(tx: Executor, betriebId: number, userId: number, role: BetriebRole): Promise<void> {
  if (role === 'admin') {
    const others = await othersOf(tx, betriebId, userId);
    if (others.admins === 0 && others.members > 0) throw conflict(LAST_ADMIN);
  }
  await logMembership(tx, betriebId, userId, 'left');
  // The last member's leaving deletes the Betrieb (trigger of migration 0007).
  await tx.delete(memberships).where(and(eq(memberships.betriebId, betriebId), eq(memberships.userId, userId)));
}

export function createBetriebeRepository(db: Executor) {
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

  return {
    /**
     * The caller's role in the Betrieb when it is one of `roles`; 404 for a non-member, 403 for another role. Lets a
     * route refuse before it judges a body (401 → 404/403 → 400/422), as the owned records do.
     */
    async requireRole(betriebId: number, userId: number, roles: readonly BetriebRole[]): Promise<BetriebRole> {
      const role = await roleIn(db, betriebId, userId);
      if (!role) throw betriebNotFound();
      if (roles.includes(role)) return role;
      throw notAllowed(rolesInWords(roles));
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
