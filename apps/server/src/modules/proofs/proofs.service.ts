import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { PROOF_PAGE_PREFIX, type IssuedProof, type ProofKind, type ProofState } from '@streckenpass/contract/proofs';
import type { ExportData } from '../../export/model.js';
import { proofContent, type ProofContent, type ProofScope } from '../../export/proof-content.js';
import { HttpError } from '../../lib/errors.js';
import {
  contentHash,
  formatCode,
  generateCode,
  proofStatement,
  sha256Hex,
  signStatement,
  verifyFile,
  verifyStatement,
  withTrailer,
  type ProofStatement,
  type ProofTrailer,
} from '../../lib/proof-signature.js';
import type { IssuedDocumentRow, IssuedDocumentSummary, ProofsRepository } from './proofs.repository.js';

/** Loads the current ExportData of a holder's selection (the export service's `load`). */
export type LoadRecord = (ownerId: number, scope: ProofScope) => Promise<ExportData>;

/** What a verification found, by code or by file; the page renders it. */
export interface Verification {
  state: ProofState;
  /** German sentence: why this state. */
  reason: string;
  /** The document, when the code is known and not revoked (genuine or altered file of a known document). */
  document?: {
    code: string;
    kind: ProofKind;
    issuedAt: Date;
    content: ProofContent;
    /** Whether the holder's record (the same selection) reads differently today. */
    changedSince: boolean;
  };
  /** For a revoked document: only when it was issued and revoked, nothing of its content. */
  revoked?: { code: string; kind: ProofKind; issuedAt: Date; revokedAt: Date };
}

export interface ProofsServiceOptions {
  publicUrl: string;
  /** Renders a PDF (the worker pool). */
  renderPdf: (data: ExportData) => Readable;
  load: LoadRecord;
}

/**
 * Issuing and verifying documents (issue 27; decisions 0044, 0045). A document's content is fixed when it is issued:
 * stored, hashed and signed; a PDF additionally carries its code and QR code on every page and, after its last byte,
 * the signed trailer that lets anyone verify the file offline.
 */
export function createProofsService(repo: ProofsRepository, options: ProofsServiceOptions) {
  const verificationUrl = (code: string) => `${options.publicUrl}${PROOF_PAGE_PREFIX}/${formatCode(code)}`;

  const toIssuedProof = (row: IssuedDocumentSummary): IssuedProof => ({
    code: formatCode(row.code),
    kind: row.kind as ProofKind,
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    url: verificationUrl(row.code),
    routes: row.routes,
    vehicles: row.vehicles === null ? null : Number(row.vehicles),
  });

  async function sign(fields: Omit<ProofStatement, 'type' | 'v'>) {
    const key = await repo.activeKey();
    return { keyId: key.id, signature: signStatement(proofStatement(fields), key.privateKey) };
  }

  /** The stored document's own check: its content still hashes to what was signed, and the signature holds. */
  async function intact(row: IssuedDocumentRow): Promise<boolean> {
    if (contentHash(row.content) !== row.contentHash) return false;
    const publicKey = await repo.findPublicKey(row.keyId);
    if (!publicKey) return false;
    const statement = proofStatement({
      code: row.code,
      kind: row.kind,
      issuedAt: row.issuedAt.toISOString(),
      contentSha256: row.contentHash,
      fileSha256: row.fileHash,
    });
    return verifyStatement(statement, row.signature, publicKey);
  }

  /** Whether the same selection of the holder's record gives other content today (a deleted record counts). */
  async function changedSince(row: IssuedDocumentRow): Promise<boolean> {
    const content = row.content as ProofContent;
    try {
      const current = proofContent(await options.load(row.ownerId, content.scope), content.scope);
      return contentHash(current) !== row.contentHash;
    } catch (error) {
      // A chosen route, tour or vehicle that is gone (422) has changed the record.
      if (error instanceof HttpError && error.statusCode < 500) return true;
      throw error;
    }
  }

  async function describe(row: IssuedDocumentRow): Promise<NonNullable<Verification['document']>> {
    return {
      code: row.code,
      kind: row.kind,
      issuedAt: row.issuedAt,
      content: row.content as ProofContent,
      changedSince: await changedSince(row),
    };
  }

  const revokedAnswer = (row: IssuedDocumentRow): Verification => ({
    state: 'revoked',
    reason: 'Die Inhaberin oder der Inhaber hat diesen Nachweis widerrufen. Er gilt nicht mehr.',
    revoked: { code: row.code, kind: row.kind, issuedAt: row.issuedAt, revokedAt: row.revokedAt! },
  });

  const unknownAnswer: Verification = {
    state: 'unknown',
    reason: 'Zu diesem Prüfcode ist kein Nachweis bekannt.',
  };

  return {
    verificationUrl,

    /**
     * Issues a PDF of `data`: the code is drawn on every page, the file is hashed, the statement signed, the
     * document stored, and the file returned with its trailer. Nothing is sent before all of it has succeeded.
     */
    async issuePdf(ownerId: number, data: ExportData, scope: ProofScope, shareLinkId: number | null = null) {
      const code = generateCode();
      const content = proofContent(data, scope);
      const contentSha256 = contentHash(content);
      const file = await buffer(
        options.renderPdf({ ...data, verification: { code: formatCode(code), url: verificationUrl(code) } }),
      );
      const fileSha256 = sha256Hex(file);
      const issuedAt = new Date();
      const fields = { code, kind: 'pdf' as const, issuedAt: issuedAt.toISOString(), contentSha256, fileSha256 };
      const { keyId, signature } = await sign(fields);
      await repo.create({
        code,
        ownerId,
        kind: 'pdf',
        issuedAt,
        content,
        contentHash: contentSha256,
        fileHash: fileSha256,
        signature,
        keyId,
        shareLinkId,
      });
      return withTrailer(file, proofStatementTrailer(fields, keyId, signature));
    },

    /**
     * The document behind a view of a share link's page: the link's latest one while the content is unchanged,
     * otherwise a new one. Returns its code.
     */
    async issueSharePage(ownerId: number, data: ExportData, scope: ProofScope, shareLinkId: number): Promise<string> {
      const content = proofContent(data, scope);
      const contentSha256 = contentHash(content);
      const latest = await repo.latestOfShareLink(shareLinkId);
      if (latest && latest.contentHash === contentSha256) return latest.code;
      const code = generateCode();
      const issuedAt = new Date();
      const fields = {
        code,
        kind: 'share' as const,
        issuedAt: issuedAt.toISOString(),
        contentSha256,
        fileSha256: null,
      };
      const { keyId, signature } = await sign(fields);
      await repo.create({
        code,
        ownerId,
        kind: 'share',
        issuedAt,
        content,
        contentHash: contentSha256,
        fileHash: null,
        signature,
        keyId,
        shareLinkId,
      });
      return code;
    },

    /** `/pruefen/{code}`: the stored (bare) code's document, or unknown. */
    async verifyCode(code: string): Promise<Verification> {
      const row = await repo.findByCode(code);
      if (!row) return unknownAnswer;
      if (row.revokedAt) return revokedAnswer(row);
      if (!(await intact(row))) {
        return { state: 'altered', reason: 'Der gespeicherte Nachweis stimmt nicht mehr mit seiner Signatur überein.' };
      }
      return {
        state: 'genuine',
        reason: 'Dieser Nachweis wurde von Streckenpass ausgestellt; sein Inhalt ist signiert.',
        document: await describe(row),
      };
    },

    /** An uploaded file: the offline check of `verifyFile`, then what only the server knows (known? revoked?). */
    async verifyFile(file: Uint8Array): Promise<Verification> {
      const keys = (await repo.publicKeys()).map(({ id, publicKey }) => ({ id, publicKey }));
      const offline = verifyFile(file, keys);
      if (!offline.trailer) return { state: offline.state, reason: offline.reason };
      const row = await repo.findByCode(offline.trailer.code);
      if (!row) {
        return offline.state === 'genuine'
          ? { state: 'unknown', reason: 'Der Nachweis ist signiert, aber hier nicht (mehr) bekannt.' }
          : { state: offline.state, reason: offline.reason };
      }
      if (row.revokedAt) return revokedAnswer(row);
      const matches =
        row.fileHash === offline.trailer.fileSha256 &&
        row.keyId === offline.trailer.keyId &&
        row.kind === offline.trailer.kind &&
        row.contentHash === offline.trailer.contentSha256 &&
        row.issuedAt.toISOString() === offline.trailer.issuedAt;
      if (offline.state !== 'genuine' || !matches || !(await intact(row))) {
        return {
          state: 'altered',
          reason: offline.state === 'altered' ? offline.reason : 'Die Datei passt nicht zum ausgestellten Nachweis.',
          document: await describe(row),
        };
      }
      return {
        state: 'genuine',
        reason: 'Die Datei ist genau so, wie Streckenpass sie ausgestellt hat.',
        document: await describe(row),
      };
    },

    /** The owner's documents for "Meine Daten". */
    async list(ownerId: number): Promise<IssuedProof[]> {
      return (await repo.list(ownerId)).map(toIssuedProof);
    },

    /** Revokes the owner's document (403 / 404 otherwise) and answers it as listed. */
    async revoke(code: string, ownerId: number): Promise<IssuedProof> {
      return toIssuedProof(await repo.revoke(code, ownerId));
    },
  };
}

/** The trailer of a PDF: its statement with the key id and the signature. */
function proofStatementTrailer(
  fields: Omit<ProofStatement, 'type' | 'v' | 'fileSha256'> & { fileSha256: string },
  keyId: string,
  signature: string,
): ProofTrailer {
  return { ...proofStatement(fields), fileSha256: fields.fileSha256, keyId, signature };
}

export type ProofsService = ReturnType<typeof createProofsService>;
