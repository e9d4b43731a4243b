import { isMatrixContent, type MatrixProofContent } from '../../export/matrix-model.js';
import { isAttestationContent } from '../../export/attestation-check-html.js';
import type { ProofCheckView } from '../../export/proof-check-html.js';
import { isRegisterContent } from '../../export/register-model.js';
import type { ExportData } from '../../export/model.js';
import { proofContent, type ProofContent, type ProofScope } from '../../export/proof-content.js';
import { backupAsProofContent, backupDocumentOf, comparable, proofPart, shownPart } from '../../export/proof-views.js';
import { HttpError } from '../../lib/errors.js';
import { verifyBackup } from '../../lib/proof-backup-signature.js';
import { contentHash, proofStatement, verifyFile, verifyStatement } from '../../lib/proof-signature.js';
import type { IssuedDocumentRow, ProofsRepository } from './proofs.repository.js';

/** Loads the current ExportData of a holder's selection (the export service's `load`). */
export type LoadRecord = (ownerId: number, scope: ProofScope) => Promise<ExportData>;

/** What a verification found, by code or by file: the check page's view (export/proof-check-html.ts) renders it. */
export type Verification = ProofCheckView;

export interface VerificationOptions {
  /** The app's time zone: the day a backup's drives were recorded on. */
  timeZone: string;
  load: LoadRecord;
  /**
   * A Betrieb's matrix with the filters and Stichtag of an issued one, read again as its issuer (who must still be
   * its admin or Disponent: otherwise it fails, and the matrix counts as changed).
   */
  loadMatrix: (issuerId: number, issued: MatrixProofContent) => Promise<MatrixProofContent>;
}

/** Whether a document's content was erased with its holder's account (migration 0015): a tombstone. */
function isErased(row: IssuedDocumentRow): boolean {
  return kept(row) === undefined;
}

/** The document with its holder and content, or undefined for a tombstone. */
function kept(row: IssuedDocumentRow): (IssuedDocumentRow & { ownerId: number }) | undefined {
  return row.ownerId === null || row.content === null || row.erasedAt !== null
    ? undefined
    : { ...row, ownerId: row.ownerId };
}

/**
 * The verification of issued documents (issue 27; decisions 0044, 0045): by code (`/pruefen/{code}`) or by an
 * uploaded file (a PDF with its trailer, or a signed backup), answered genuine, altered, revoked, erased or unknown,
 * with whether the record reads differently today.
 */
export function createProofVerification(repo: ProofsRepository, options: VerificationOptions) {
  /**
   * The stored document's own check: its content still hashes to what was signed, and the signature holds. An erased
   * document has no content left to hash: its signature over the stored hashes is what remains to check.
   */
  async function intact(row: IssuedDocumentRow): Promise<boolean> {
    if (!isErased(row) && contentHash(row.content) !== row.contentHash) return false;
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

  /**
   * Whether the same selection of the holder's record gives other content today (a deleted record counts). A
   * transfer document compares its routes and vehicles part; a backup its routes, vehicles and drive dates.
   */
  async function changedSince(row: IssuedDocumentRow & { ownerId: number }): Promise<boolean> {
    // An attestation is a statement of its day, never re-read; a register is the day's list of the Betrieb's drivers.
    if (row.kind === 'attestation' || row.kind === 'register') return false;
    try {
      if (isMatrixContent(row.content)) {
        return contentHash(await options.loadMatrix(row.ownerId, row.content)) !== row.contentHash;
      }
      if (row.kind === 'backup') {
        const issued = backupAsProofContent(row.content, options.timeZone);
        const current = proofContent(await options.load(row.ownerId, issued.scope), issued.scope);
        return contentHash(comparable(issued)) !== contentHash(comparable(current));
      }
      const content = row.content as ProofContent;
      const current = proofContent(await options.load(row.ownerId, content.scope), content.scope);
      return contentHash(current) !== (row.kind === 'transfer' ? contentHash(proofPart(content)) : row.contentHash);
    } catch (error) {
      // A chosen route, tour or vehicle that is gone (422) has changed the record.
      if (error instanceof HttpError && error.statusCode < 500) return true;
      throw error;
    }
  }

  /**
   * An issued matrix as its page shows it: only the drivers who are members of the Betrieb today. Someone who left it
   * or deleted the account is left out (counted in `withheldDrivers`); the totals are numbers and stay.
   */
  async function shownMatrix(content: MatrixProofContent) {
    const members = await repo.memberNames(content.betrieb.id);
    const drivers = content.drivers.filter((driver) => members.has(driver.name));
    return { content: { ...content, drivers }, withheldDrivers: content.drivers.length - drivers.length };
  }

  async function describe(
    row: IssuedDocumentRow & { ownerId: number },
  ): Promise<NonNullable<Verification['document']>> {
    const base = { code: row.code, kind: row.kind, issuedAt: row.issuedAt, changedSince: await changedSince(row) };
    if (isMatrixContent(row.content)) return { ...base, ...(await shownMatrix(row.content)) };
    if (isAttestationContent(row.content)) return { ...base, content: row.content };
    if (isRegisterContent(row.content)) {
      // As the matrix: only the drivers who are members today; someone who left is no longer shown.
      const members = await repo.memberNames(row.content.betrieb.id);
      const drivers = row.content.drivers.filter((driver) => members.has(driver.name));
      return {
        ...base,
        content: { ...row.content, drivers },
        withheldDrivers: row.content.drivers.length - drivers.length,
      };
    }
    return {
      ...base,
      content:
        row.kind === 'backup'
          ? backupAsProofContent(row.content, options.timeZone)
          : shownPart(row.content as ProofContent),
    };
  }

  const erasedAnswer = (row: IssuedDocumentRow, reason: string): Verification => ({
    state: 'genuine',
    reason:
      `${reason} Sein Inhalt wird nicht mehr gezeigt: Das Konto, für das er ausgestellt wurde, ist gelöscht, und ` +
      'mit ihm alle Angaben zur Person.',
    erased: { code: row.code, kind: row.kind, issuedAt: row.issuedAt },
  });

  const revokedAnswer = (row: IssuedDocumentRow): Verification => ({
    state: 'revoked',
    reason:
      row.kind === 'attestation'
        ? 'Der Betrieb, der diese Bescheinigung ausgestellt hat, hat sie widerrufen. Sie gilt nicht mehr.'
        : 'Die Inhaberin oder der Inhaber hat diesen Nachweis widerrufen. Er gilt nicht mehr.',
    revoked: { code: row.code, kind: row.kind, issuedAt: row.issuedAt, revokedAt: row.revokedAt! },
  });

  const unknownAnswer: Verification = {
    state: 'unknown',
    reason: 'Zu diesem Prüfcode ist kein Nachweis bekannt.',
  };

  /**
   * An uploaded file whose code is known here: revoked, altered (offline or against the stored row) or genuine –
   * with the stored content, or without it once the holder's account is erased (decision 0044, issue 38).
   */
  async function uploadedAnswer(
    row: IssuedDocumentRow,
    offline: { state: string; reason: string },
    matches: boolean,
    wording: { mismatch: string; genuine: string },
  ): Promise<Verification> {
    if (row.revokedAt) return revokedAnswer(row);
    const stored = kept(row);
    if (offline.state !== 'genuine' || !matches || !(await intact(row))) {
      return {
        state: 'altered',
        reason: offline.state === 'altered' ? offline.reason : wording.mismatch,
        ...(stored ? { document: await describe(stored) } : {}),
      };
    }
    if (!stored) return erasedAnswer(row, wording.genuine);
    return { state: 'genuine', reason: wording.genuine, document: await describe(stored) };
  }

  /** An uploaded backup (decision 0044, addendum): its signature offline, then the stored document of its code. */
  async function verifyBackupFile(
    document: Record<string, unknown>,
    keys: { id: string; publicKey: string }[],
  ): Promise<Verification> {
    const offline = verifyBackup(document, keys);
    if (offline.state === 'unsigned') {
      return { state: 'unknown', reason: 'Die Datei ist eine Sicherung ohne Signatur: Sie lässt sich nicht prüfen.' };
    }
    if (offline.state === 'unknown' || !offline.signature) return { state: 'unknown', reason: offline.reason };
    const row = await repo.findByCode(offline.signature.code);
    if (!row) {
      return offline.state === 'genuine'
        ? { state: 'unknown', reason: 'Die Sicherung ist signiert, aber hier nicht (mehr) bekannt.' }
        : { state: offline.state, reason: offline.reason };
    }
    const matches =
      row.kind === 'backup' &&
      row.keyId === offline.signature.keyId &&
      row.contentHash === offline.signature.contentSha256 &&
      row.issuedAt.toISOString() === new Date(offline.signature.issuedAt).toISOString();
    return uploadedAnswer(row, offline, matches, {
      mismatch: 'Die Datei passt nicht zur ausgestellten Sicherung.',
      genuine: 'Die Sicherung ist genau so, wie Streckenpass sie ausgestellt hat.',
    });
  }

  return {
    /** `/pruefen/{code}`: the stored (bare) code's document, or unknown. */
    async verifyCode(code: string): Promise<Verification> {
      const row = await repo.findByCode(code);
      if (!row) return unknownAnswer;
      if (row.revokedAt) return revokedAnswer(row);
      if (!(await intact(row))) {
        return { state: 'altered', reason: 'Der gespeicherte Nachweis stimmt nicht mehr mit seiner Signatur überein.' };
      }
      const document = kept(row);
      if (!document) return erasedAnswer(row, 'Dieser Nachweis wurde von Streckenpass ausgestellt.');
      return {
        state: 'genuine',
        reason: 'Dieser Nachweis wurde von Streckenpass ausgestellt; sein Inhalt ist signiert.',
        document: await describe(document),
      };
    },

    /**
     * An uploaded file: the offline check of `verifyFile` (a PDF) or of `verifyBackup` (a signed backup's JSON), then
     * what only the server knows (known? revoked? erased?).
     */
    async verifyFile(file: Uint8Array): Promise<Verification> {
      const keys = (await repo.publicKeys()).map(({ id, publicKey }) => ({ id, publicKey }));
      const backup = backupDocumentOf(file);
      if (backup !== undefined) return verifyBackupFile(backup, keys);
      const offline = verifyFile(file, keys);
      if (!offline.trailer) return { state: offline.state, reason: offline.reason };
      const row = await repo.findByCode(offline.trailer.code);
      if (!row) {
        return offline.state === 'genuine'
          ? { state: 'unknown', reason: 'Der Nachweis ist signiert, aber hier nicht (mehr) bekannt.' }
          : { state: offline.state, reason: offline.reason };
      }
      const matches =
        row.fileHash === offline.trailer.fileSha256 &&
        row.keyId === offline.trailer.keyId &&
        row.kind === offline.trailer.kind &&
        row.contentHash === offline.trailer.contentSha256 &&
        row.issuedAt.toISOString() === offline.trailer.issuedAt;
      return uploadedAnswer(row, offline, matches, {
        mismatch: 'Die Datei passt nicht zum ausgestellten Nachweis.',
        genuine: 'Die Datei ist genau so, wie Streckenpass sie ausgestellt hat.',
      });
    },
  };
}
