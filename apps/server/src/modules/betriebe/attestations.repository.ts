import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Attestation, AttestationContent, CreateAttestationInput } from '@streckenpass/contract/attestations';
import { BETRIEB_ATTESTING_ROLES, BETRIEB_MEMBER_READER_ROLES } from '@streckenpass/contract/terms';
import type { Executor } from '../../db/client.js';
import { appendAttestationHistory } from '../../db/record-history.js';
import { repositoryPlugin } from '../../db/repository.js';
import { attestations, betriebe, issuedDocuments, memberships, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { memberName } from '../../lib/member-name.js';
import { formatCode } from '../../lib/proof-signature.js';
import { PROOF_PAGE_PREFIX } from '@streckenpass/contract/proofs';
import { toAttestation, type SignedDocument } from './attestation-view.js';
import { isMember, roleIn } from './betriebe.repository.js';

export type { SignedDocument } from './attestation-view.js';

declare module 'fastify' {
  interface FastifyInstance {
    attestationsRepository: AttestationsRepository;
  }
}

/*
 * A Betrieb's attestations about its drivers (issue 41 item 5, docs/decisions/0064). The statement itself is an issued
 * document (kind `attestation`, owner = the driver) stored with its row here in one transaction; withdrawing revokes
 * the document; nothing else changes but the driver's `hidden` (migration 0020 refuses every other update). Every
 * statement is scoped in SQL: by the caller's membership and role for a Betrieb's calls, by the holder for the
 * driver's own.
 */

const noSuchAttestation = () => notFound('Bescheinigung nicht gefunden.');

/** A row of the lists: the index row with its document. */
const columns = {
  id: attestations.id,
  userId: attestations.userId,
  betriebId: attestations.betriebId,
  betriebName: attestations.betriebName,
  hidden: attestations.hidden,
  code: issuedDocuments.code,
  issuedAt: issuedDocuments.issuedAt,
  revokedAt: issuedDocuments.revokedAt,
  content: issuedDocuments.content,
};
/** The current driver membership `membershipId` of the Betrieb, while `issuerId` attests there (admin, examiner). */
async function targetOf(ex: Executor, betriebId: number, issuerId: number, membershipId: number) {
  const [row] = await ex
    .select({
      userId: memberships.userId,
      firstname: users.firstname,
      lastname: users.lastname,
      betrieb: betriebe.name,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(betriebe, eq(betriebe.id, memberships.betriebId))
    .where(
      and(
        eq(memberships.betriebId, betriebId),
        eq(memberships.id, membershipId),
        eq(memberships.role, 'driver'),
        isMember(betriebId, issuerId, BETRIEB_ATTESTING_ROLES),
      ),
    );
  return row;
}

/** The attestations, each with its document, of `where`; newest check first. */
const selectRows = (ex: Executor, where: SQL | undefined) =>
  ex
    .select(columns)
    .from(attestations)
    .innerJoin(issuedDocuments, eq(issuedDocuments.id, attestations.documentId))
    .where(where)
    .orderBy(desc(attestations.checkedOn), desc(attestations.id));

export function createAttestationsRepository(db: Executor, urlOf: (code: string) => string) {
  const attestsIn = async (betriebId: number, userId: number) =>
    BETRIEB_ATTESTING_ROLES.includes((await roleIn(db, betriebId, userId)) ?? 'driver');

  /** One attestation as the Betrieb `betriebId` lists it (issued there, or brought by a current driver, not hidden). */
  async function findForBetrieb(ex: Executor, betriebId: number, readerId: number, code: string) {
    const rows = await listIn(ex, betriebId, readerId, eq(issuedDocuments.code, code));
    return rows[0];
  }

  async function listIn(ex: Executor, betriebId: number, readerId: number, extra?: SQL) {
    const driverMembership = sql<number | null>`(select m.id from ${memberships} m where m.betrieb_id = ${betriebId}
      and m.user_id = ${attestations.userId} and m.role = 'driver')`;
    const rows = await ex
      .select({ ...columns, membershipId: driverMembership })
      .from(attestations)
      .innerJoin(issuedDocuments, eq(issuedDocuments.id, attestations.documentId))
      .where(
        and(
          isMember(betriebId, readerId, BETRIEB_MEMBER_READER_ROLES),
          sql`(${attestations.betriebId} = ${betriebId} or (${driverMembership} is not null and not ${attestations.hidden}))`,
          extra,
        ),
      )
      .orderBy(desc(attestations.checkedOn), desc(attestations.id));
    return rows;
  }

  return {
    /**
     * Issues an attestation for the driver `membershipId` of the Betrieb (the caller an admin or examiner there):
     * 404 for anyone who is not a current driver of it. The content is read and signed first (`sign`), then the
     * document, its row and the driver's history entry are stored in one transaction.
     */
    async create(
      betriebId: number,
      issuerId: number,
      membershipId: number,
      input: Omit<CreateAttestationInput, 'requirementIds' | 'lines'> & {
        requirements: { id: number; label: string }[];
        lines: string[];
      },
      sign: (content: AttestationContent) => Promise<SignedDocument>,
    ): Promise<Attestation> {
      const target = await targetOf(db, betriebId, issuerId, membershipId);
      if (!target) throw notFound('Fahrer/in nicht gefunden.');
      const [issuer] = await db
        .select({ firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(eq(users.id, issuerId));
      const content: AttestationContent = {
        document: 'attestation',
        kind: input.kind,
        betrieb: { id: betriebId, name: target.betrieb },
        driver: { name: memberName(target) },
        checkedOn: input.checkedOn,
        requirements: input.requirements,
        lines: input.lines,
        examinerName: input.examinerName ?? memberName(issuer ?? { firstname: null, lastname: null }),
        note: input.note ?? null,
      };
      const document = await sign(content);
      const id = await db.transaction(async (tx) => {
        if (!(await targetOf(tx, betriebId, issuerId, membershipId))) throw notFound('Fahrer/in nicht gefunden.');
        const [stored] = await tx
          .insert(issuedDocuments)
          .values({ ...document, ownerId: target.userId, shareLinkId: null })
          .returning({ id: issuedDocuments.id });
        const [row] = await tx
          .insert(attestations)
          .values({
            documentId: stored!.id,
            userId: target.userId,
            betriebId,
            betriebName: target.betrieb,
            kind: content.kind,
            checkedOn: content.checkedOn,
            requirementIds: content.requirements.map((requirement) => requirement.id),
            lines: content.lines,
            examinerName: content.examinerName,
            issuedBy: issuerId,
          })
          .returning({ id: attestations.id });
        await appendAttestationHistory(tx, target.userId, row!.id, {
          betrieb: target.betrieb,
          kind: content.kind,
          checkedOn: content.checkedOn,
          code: document.code,
        });
        return row!.id;
      });
      const [row] = await selectRows(db, eq(attestations.id, id));
      return toAttestation({ ...row!, membershipId }, { betriebId, attests: true }, urlOf);
    },

    /**
     * The Betrieb's list (staff and examiners): what it issued, and what its current drivers bring from earlier
     * Betriebe unless they hid it. Each with its state.
     */
    async listForBetrieb(betriebId: number, readerId: number): Promise<Attestation[]> {
      const reader = { betriebId, attests: await attestsIn(betriebId, readerId) };
      return (await listIn(db, betriebId, readerId)).map((row) => toAttestation(row, reader, urlOf));
    },

    /**
     * Withdraws an attestation the Betrieb issued (admins, examiners; while the Betrieb exists): its document is
     * revoked and the driver's history notes it. Withdrawing twice keeps the first time. 404 for any other code.
     */
    async withdraw(betriebId: number, userId: number, code: string): Promise<Attestation> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(issuedDocuments)
          .set({ revokedAt: sql`now()` })
          .from(attestations)
          .where(
            and(
              eq(attestations.documentId, issuedDocuments.id),
              eq(issuedDocuments.code, code),
              eq(attestations.betriebId, betriebId),
              sql`${issuedDocuments.revokedAt} is null`,
              isMember(betriebId, userId, BETRIEB_ATTESTING_ROLES),
            ),
          )
          .returning({
            id: attestations.id,
            userId: attestations.userId,
            betrieb: attestations.betriebName,
            kind: attestations.kind,
            checkedOn: attestations.checkedOn,
            revokedAt: issuedDocuments.revokedAt,
          });
        if (!row) return;
        const { id, userId: holder, revokedAt, ...state } = row;
        await appendAttestationHistory(tx, holder, id, { ...state, code }, revokedAt!.toISOString());
      });
      const found = await findForBetrieb(db, betriebId, userId, code);
      if (!found || found.betriebId !== betriebId) throw noSuchAttestation();
      return toAttestation(found, { betriebId, attests: true }, urlOf);
    },

    /** The driver's own attestations, from every Betrieb, newest check first. */
    async listOwn(userId: number): Promise<Attestation[]> {
      const rows = await selectRows(db, eq(attestations.userId, userId));
      return rows.map((row) => toAttestation(row, { betriebId: null, attests: false }, urlOf));
    },

    /** The driver hides one from Betriebe other than the issuing one, or shows it again; 404 for anyone else's. */
    async setHidden(userId: number, code: string, hidden: boolean): Promise<Attestation> {
      const [updated] = await db
        .update(attestations)
        .set({ hidden })
        .where(
          and(
            eq(attestations.userId, userId),
            sql`${attestations.documentId} = (select d.id from ${issuedDocuments} d where d.code = ${code})`,
          ),
        )
        .returning({ id: attestations.id });
      if (!updated) throw noSuchAttestation();
      const [row] = await selectRows(db, eq(attestations.id, updated.id));
      return toAttestation(row!, { betriebId: null, attests: false }, urlOf);
    },

    /**
     * The driver's attestations as the backup carries them: each as signed (content, code, time, key, signature) with
     * its state — read-only information, never restored (the originals stay verifiable by their codes).
     */
    async forBackup(userId: number) {
      const rows = await db
        .select({
          code: issuedDocuments.code,
          issuedAt: issuedDocuments.issuedAt,
          revokedAt: issuedDocuments.revokedAt,
          content: issuedDocuments.content,
          contentHash: issuedDocuments.contentHash,
          keyId: issuedDocuments.keyId,
          signature: issuedDocuments.signature,
          hidden: attestations.hidden,
        })
        .from(attestations)
        .innerJoin(issuedDocuments, eq(issuedDocuments.id, attestations.documentId))
        .where(eq(attestations.userId, userId))
        .orderBy(attestations.checkedOn, attestations.id);
      return rows.map((row) => ({
        code: formatCode(row.code),
        url: urlOf(row.code),
        issuedAt: row.issuedAt.toISOString(),
        withdrawnAt: row.revokedAt?.toISOString() ?? null,
        hidden: row.hidden,
        content: row.content as AttestationContent,
        contentSha256: row.contentHash,
        keyId: row.keyId,
        signature: row.signature,
      }));
    },
  };
}

export type AttestationsRepository = ReturnType<typeof createAttestationsRepository>;

export default repositoryPlugin('attestationsRepository', (app) =>
  createAttestationsRepository(app.db, (code) => `${app.config.publicUrl}${PROOF_PAGE_PREFIX}/${formatCode(code)}`),
);
