import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Betrieb, BetriebRole, Invitation } from '@streckenpass/contract/betriebe';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { betriebe, invitations, memberships } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { findIn, isMember, lockAsAdmin, logMembership, refuse, roleIn } from './betriebe.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    invitationsRepository: InvitationsRepository;
  }
}

/*
 * A Betrieb's invitations (issue 28, decision 0046): a link and a code, stored only as their SHA-256, kept by its
 * admins; opening one shows the Betrieb before joining, accepting it joins under the given consent. Scoped by the
 * caller's membership like every Betriebe statement (betriebe.repository.ts).
 */

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

export function createInvitationsRepository(db: Executor) {
  return {
    /** The Betrieb's invitations, newest first (admins). */
    async list(betriebId: number, userId: number): Promise<Invitation[]> {
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
    create(betriebId: number, userId: number, input: NewInvitation): Promise<Invitation | undefined> {
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
    async revoke(betriebId: number, userId: number, invitationId: number): Promise<Invitation> {
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
    async preview(hash: string) {
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
    accept(
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
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;

export default repositoryPlugin('invitationsRepository', (app) => createInvitationsRepository(app.db), [
  'betriebeRepository',
]);
