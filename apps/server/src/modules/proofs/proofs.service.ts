import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { servicePlugin } from '../../db/repository.js';
import type { BackupSignature } from '@streckenpass/contract/backup';
import { todayIn } from '@streckenpass/contract/knowledge';
import { PROOF_PAGE_PREFIX, type IssuedProof, type ProofKind } from '@streckenpass/contract/proofs';
import type { MatrixProofContent } from '../../export/matrix-model.js';
import type { RegisterProofContent } from '../../export/register-model.js';
import type { ExportData } from '../../export/model.js';
import type { PdfSource } from '../../export/pdf-pool.js';
import { proofContent, selectionOf, transferContent, type ProofScope } from '../../export/proof-content.js';
import {
  contentHash,
  formatCode,
  generateCode,
  proofStatement,
  sha256Hex,
  signStatement,
  withTrailer,
  type ProofStatement,
} from '../../lib/proof-signature.js';
import { backupSignatureCheck } from './backup-check.js';
import { createProofVerification, type VerificationOptions } from './proof-verification.js';
import type { IssuedDocumentSummary, ProofsRepository } from './proofs.repository.js';

export type { LoadRecord, Verification } from './proof-verification.js';

export interface ProofsServiceOptions extends VerificationOptions {
  publicUrl: string;
  /** Renders a PDF (the worker pool). */
  renderPdf: (data: PdfSource) => Readable;
}

/**
 * Issuing and verifying documents (issue 27; decisions 0044, 0045). A document's content is fixed when it is issued:
 * stored, hashed and signed; a PDF additionally carries its code and QR code on every page and, after its last byte,
 * the signed trailer that lets anyone verify the file offline. The verification is `proof-verification.ts`, the
 * check of a restored backup's signature `backup-check.ts`.
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

  /** Hashes and signs `content` as a document of `kind`, issued now: the row to store, not yet stored. */
  async function signed(kind: ProofKind, content: unknown, fileSha256: string | null = null, code = generateCode()) {
    const contentSha256 = contentHash(content);
    const issuedAt = new Date();
    const fields = { code, kind, issuedAt: issuedAt.toISOString(), contentSha256, fileSha256 };
    const { keyId, signature } = await sign(fields);
    const row = { code, kind, issuedAt, content, contentHash: contentSha256, fileHash: fileSha256, signature, keyId };
    return { row, issued: { fields, keyId, signature } };
  }

  /** Signs and stores a document of `kind` with `content` (and the file's hash, for a PDF). */
  async function store(
    ownerId: number,
    kind: ProofKind,
    content: unknown,
    fileSha256: string | null,
    shareLinkId: number | null,
    code = generateCode(),
  ) {
    const { row, issued } = await signed(kind, content, fileSha256, code);
    await repo.create({ ...row, ownerId, shareLinkId });
    return { code, issued };
  }

  /** Renders `source` as a PDF with its code on every page, issues it with `content`, returns it with its trailer. */
  async function issuePdfDocument(
    ownerId: number,
    kind: 'pdf' | 'transfer' | 'matrix' | 'register',
    source: PdfSource,
    content: unknown,
    shareLinkId: number | null,
  ) {
    const code = generateCode();
    const file = await buffer(
      options.renderPdf({ ...source, verification: { code: formatCode(code), url: verificationUrl(code) } }),
    );
    const fileSha256 = sha256Hex(file);
    const { issued } = await store(ownerId, kind, content, fileSha256, shareLinkId, code);
    const { fields, keyId, signature } = issued;
    return withTrailer(file, { ...proofStatement(fields), fileSha256, keyId, signature });
  }

  return {
    verificationUrl,
    ...createProofVerification(repo, options),
    checkBackup: backupSignatureCheck(repo, options.timeZone),

    /**
     * Issues a PDF of `data`: the code is drawn on every page, the file is hashed, the statement signed, the
     * document stored, and the file returned with its trailer. Nothing is sent before all of it has succeeded.
     */
    issuePdf(ownerId: number, data: ExportData, scope: ProofScope, shareLinkId: number | null = null) {
      return issuePdfDocument(ownerId, 'pdf', data, proofContent(data, scope), shareLinkId);
    },

    /**
     * Issues the transfer document ("Nachweis für den Arbeitgeberwechsel"): the PDF of the whole record with its
     * history (`data.transfer`). Its content is the full export's proof content plus every drive (dates, "erfasst
     * am", imported, routes) and the number of history lines; otherwise as `issuePdf`.
     */
    issueTransfer(ownerId: number, data: ExportData) {
      return issuePdfDocument(ownerId, 'transfer', data, transferContent(data), null);
    },

    /**
     * Issues a Betrieb's matrix (kind `matrix`, issue 28 item 3) as a PDF drawn from its content, issued to the admin
     * or Disponent who asked for it; otherwise as `issuePdf`.
     */
    issueMatrix(issuerId: number, content: MatrixProofContent, version: string) {
      return issuePdfDocument(issuerId, 'matrix', { document: 'matrix', content, version }, content, null);
    },

    /**
     * Issues a Betrieb's register per TfV § 10 (4) (kind `register`, issue 41 item 6) as a PDF drawn from its
     * content, issued to the member who asked for it; otherwise as `issueMatrix`.
     */
    issueRegister(issuerId: number, content: RegisterProofContent, version: string) {
      return issuePdfDocument(issuerId, 'register', { document: 'register', content, version }, content, null);
    },

    /**
     * A document of `kind` signed now but not stored: for a document stored in the transaction of the record it
     * belongs to (an attestation and its row, issue 41 item 5). Its code is the bare one.
     */
    async sign(kind: ProofKind, content: unknown) {
      return (await signed(kind, content)).row;
    },

    /**
     * Issues a backup document (decision 0044, "Signed backup"): stores the document as the content and answers the
     * `signature` object the download carries. `document` must be plain JSON (what is sent, without `signature`).
     */
    async issueBackup(ownerId: number, document: Record<string, unknown>): Promise<BackupSignature> {
      const { code, issued } = await store(ownerId, 'backup', document, null, null);
      return {
        code: formatCode(code),
        kind: 'backup',
        issuedAt: issued.fields.issuedAt,
        keyId: issued.keyId,
        contentSha256: issued.fields.contentSha256,
        signature: issued.signature,
      };
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
      const { code } = await store(ownerId, 'share', content, null, shareLinkId);
      return code;
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

export type ProofsService = ReturnType<typeof createProofsService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Issuing and verifying documents, built once with the app's address and time zone. */
    proofsService: ProofsService;
  }
}

/**
 * The proofs service as a named plugin: "changed since?" reads the holder's record through the export service and an
 * issued matrix through the matrix service, on today in the app's time zone — the same for every route that issues
 * or verifies a document.
 */
export default servicePlugin(
  'proofsService',
  (app) =>
    createProofsService(app.proofsRepository, {
      publicUrl: app.config.publicUrl,
      timeZone: app.config.timezone,
      // The worker pool is registered after the services (plugins/pdf-pool.ts): it is read at the first render.
      renderPdf: (data) => app.pdfPool.render(data),
      load: (ownerId, scope) =>
        app.exportService.load(ownerId, selectionOf(scope), todayIn(app.config.timezone), scope.emptyMeansAll),
      loadMatrix: (issuerId, issued) => app.matrixService.reissue(issuerId, issued),
    }),
  ['proofsRepository', 'exportService', 'matrixService'],
);
