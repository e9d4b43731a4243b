import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ProofKind } from '@streckenpass/contract/proofs';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { issuedDocuments, memberships, signingKeys, users } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { generateSigningKey } from '../../lib/proof-signature.js';
import { memberName } from '../../lib/member-name.js';

declare module 'fastify' {
  interface FastifyInstance {
    proofsRepository: ProofsRepository;
  }
}

export interface IssuedDocumentRow {
  code: string;
  /** Null once the holder's account is deleted (the document is a tombstone then). */
  ownerId: number | null;
  kind: ProofKind;
  issuedAt: Date;
  /** Null once erased with the holder's account (`erasedAt`). */
  content: unknown;
  erasedAt: Date | null;
  contentHash: string;
  fileHash: string | null;
  signature: string;
  keyId: string;
  shareLinkId: number | null;
  revokedAt: Date | null;
}

export interface PublicKeyRow {
  id: string;
  publicKey: string;
  createdAt: Date;
  retiredAt: Date | null;
}

const notYours = () => notFound('Nachweis nicht gefunden.');

/** A document in the owner's list: no content, only how many routes and vehicles it names. */
const summaryColumns = {
  code: issuedDocuments.code,
  kind: issuedDocuments.kind,
  issuedAt: issuedDocuments.issuedAt,
  revokedAt: issuedDocuments.revokedAt,
  routes: sql<number>`coalesce(jsonb_array_length(${issuedDocuments.content} -> 'routes'), 0)`.mapWith(Number),
  vehicles: sql<number | null>`case when jsonb_typeof(${issuedDocuments.content} -> 'vehicles') = 'array'
    then jsonb_array_length(${issuedDocuments.content} -> 'vehicles') end`,
};

export interface IssuedDocumentSummary {
  code: string;
  kind: string;
  issuedAt: Date;
  revokedAt: Date | null;
  routes: number;
  vehicles: number | null;
}

/**
 * The signing keys and the issued documents (issue 27). Keys: generated once and shared by every instance, like the
 * JWT secret; creation and rotation run under one advisory lock, so instances starting together agree on one key.
 * Documents: written once when issued; the owner can only revoke them (owner-scoped in SQL); deleting the account
 * erases them (migration 0015: the owner is set null and a trigger drops the content; code, hashes and signature stay).
 */
export function createProofsRepository(db: Executor) {
  /** Serialises key creation and rotation across instances (transaction-scoped advisory lock). */
  const lockKeys = (tx: Executor) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext('streckenpass-signing-keys'))`);

  const activeKeyIn = async (ex: Executor) => {
    const [row] = await ex
      .select({ id: signingKeys.id, privateKey: signingKeys.privateKey })
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt))
      .orderBy(desc(signingKeys.createdAt), desc(signingKeys.id))
      .limit(1);
    return row;
  };

  return {
    /**
     * The key that signs new documents: the newest one not retired. The first call of the installation makes it
     * (under the lock, re-reading inside, so two instances never make two).
     */
    async activeKey(): Promise<{ id: string; privateKey: string }> {
      const found = await activeKeyIn(db);
      if (found) return found;
      return db.transaction(async (tx) => {
        await lockKeys(tx);
        const existing = await activeKeyIn(tx);
        if (existing) return existing;
        const key = generateSigningKey();
        await tx.insert(signingKeys).values(key);
        return { id: key.id, privateKey: key.privateKey };
      });
    },

    /**
     * Rotation (docs/decisions/0045): retires every active key and makes a new one, which signs from now on. Retired
     * keys stay, for verifying what they signed. Returns the new key's id.
     */
    rotateKey(): Promise<string> {
      return db.transaction(async (tx) => {
        await lockKeys(tx);
        await tx
          .update(signingKeys)
          .set({ retiredAt: sql`now()` })
          .where(isNull(signingKeys.retiredAt));
        const key = generateSigningKey();
        await tx.insert(signingKeys).values(key);
        return key.id;
      });
    },

    /** Every key's public half, oldest first: what the well-known document publishes. */
    publicKeys(): Promise<PublicKeyRow[]> {
      return db
        .select({
          id: signingKeys.id,
          publicKey: signingKeys.publicKey,
          createdAt: signingKeys.createdAt,
          retiredAt: signingKeys.retiredAt,
        })
        .from(signingKeys)
        .orderBy(asc(signingKeys.createdAt), asc(signingKeys.id));
    },

    async findPublicKey(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ publicKey: signingKeys.publicKey })
        .from(signingKeys)
        .where(eq(signingKeys.id, id));
      return row?.publicKey;
    },

    async create(document: Omit<IssuedDocumentRow, 'revokedAt' | 'erasedAt'> & { ownerId: number }): Promise<void> {
      await db.insert(issuedDocuments).values(document);
    },

    /** A document by its stored (bare) code, whoever owns it: the public verification reads it. */
    async findByCode(code: string): Promise<IssuedDocumentRow | undefined> {
      const [row] = await db
        .select({
          code: issuedDocuments.code,
          ownerId: issuedDocuments.ownerId,
          kind: issuedDocuments.kind,
          issuedAt: issuedDocuments.issuedAt,
          content: issuedDocuments.content,
          contentHash: issuedDocuments.contentHash,
          fileHash: issuedDocuments.fileHash,
          signature: issuedDocuments.signature,
          keyId: issuedDocuments.keyId,
          shareLinkId: issuedDocuments.shareLinkId,
          revokedAt: issuedDocuments.revokedAt,
          erasedAt: issuedDocuments.erasedAt,
        })
        .from(issuedDocuments)
        .where(eq(issuedDocuments.code, code));
      return row && { ...row, kind: row.kind as ProofKind };
    },

    /**
     * The names of a Betrieb's members today, as its matrix names them (`memberName`): an issued matrix's page shows
     * only the drivers among them — nobody who has left the Betrieb or deleted the account.
     */
    async memberNames(betriebId: number): Promise<Set<string>> {
      const rows = await db
        .select({ firstname: users.firstname, lastname: users.lastname })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.betriebId, betriebId));
      return new Set(rows.map(memberName));
    },

    /** The newest unrevoked page document of a share link with its content hash: reused while the content holds. */
    async latestOfShareLink(shareLinkId: number): Promise<{ code: string; contentHash: string } | undefined> {
      const [row] = await db
        .select({ code: issuedDocuments.code, contentHash: issuedDocuments.contentHash })
        .from(issuedDocuments)
        .where(
          and(
            eq(issuedDocuments.shareLinkId, shareLinkId),
            eq(issuedDocuments.kind, 'share'),
            isNull(issuedDocuments.revokedAt),
          ),
        )
        .orderBy(desc(issuedDocuments.issuedAt), desc(issuedDocuments.id))
        .limit(1);
      return row;
    },

    /** The owner's documents, newest first, with how many routes and vehicles each lists (not the content). */
    list(ownerId: number): Promise<IssuedDocumentSummary[]> {
      return db
        .select(summaryColumns)
        .from(issuedDocuments)
        .where(eq(issuedDocuments.ownerId, ownerId))
        .orderBy(desc(issuedDocuments.issuedAt), desc(issuedDocuments.id));
    },

    /**
     * Revokes the owner's document (403 someone else's, 404 none); revoking twice keeps the first time.
     */
    async revoke(code: string, ownerId: number): Promise<IssuedDocumentSummary> {
      // An attestation is the Betrieb's statement about its holder (issue 41): only the Betrieb withdraws it.
      const [row] = await db
        .update(issuedDocuments)
        .set({ revokedAt: sql`coalesce(${issuedDocuments.revokedAt}, now())` })
        .where(
          and(
            eq(issuedDocuments.code, code),
            eq(issuedDocuments.ownerId, ownerId),
            ne(issuedDocuments.kind, 'attestation'),
          ),
        )
        .returning(summaryColumns);
      if (row) return row;
      const [other] = await db
        .select({ ownerId: issuedDocuments.ownerId, kind: issuedDocuments.kind })
        .from(issuedDocuments)
        .where(eq(issuedDocuments.code, code));
      if (other?.kind === 'attestation' && other.ownerId === ownerId) {
        throw forbidden('Eine Bescheinigung kann nur der Betrieb widerrufen, der sie ausgestellt hat.');
      }
      throw other ? forbidden('Kein Zugriff auf diesen Nachweis.') : notYours();
    },
  };
}

export type ProofsRepository = ReturnType<typeof createProofsRepository>;

export default repositoryPlugin('proofsRepository', (app) => createProofsRepository(app.db));
