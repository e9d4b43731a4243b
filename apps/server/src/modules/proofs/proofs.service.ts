import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { BackupSignature, BackupSignatureCheck } from '@streckenpass/contract/backup';
import { PROOF_PAGE_PREFIX, type IssuedProof, type ProofKind, type ProofState } from '@streckenpass/contract/proofs';
import { BACKDATED_AFTER_DAYS, DEFAULT_TIME_ZONE } from '@streckenpass/contract/constants';
import { formatDate } from '@streckenpass/contract/format';
import { calendarDayOf } from '@streckenpass/contract/knowledge';
import { TERMS } from '@streckenpass/contract/terms';
import { isMatrixContent, type MatrixProofContent } from '../../export/matrix-model.js';
import type { ExportData } from '../../export/model.js';
import type { PdfSource } from '../../export/pdf-pool.js';
import {
  holderName,
  hasDrives,
  proofContent,
  transferContent,
  type ProofContent,
  type ProofScope,
  type ShownProofContent,
} from '../../export/proof-content.js';
import { HttpError } from '../../lib/errors.js';
import {
  contentHash,
  formatCode,
  generateCode,
  proofStatement,
  sha256Hex,
  signStatement,
  verifyFile,
  verifyBackup,
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
    /** A driver's record, or a Betrieb's matrix (kind `matrix`). */
    content: ShownProofContent | MatrixProofContent;
    /** Whether the holder's record (the same selection) — or the Betrieb's matrix — reads differently today. */
    changedSince: boolean;
    /** An issued matrix's drivers left out of `content` because they are no longer members of the Betrieb. */
    withheldDrivers?: number;
  };
  /** For a revoked document: only when it was issued and revoked, nothing of its content. */
  revoked?: { code: string; kind: ProofKind; issuedAt: Date; revokedAt: Date };
  /**
   * For a document whose holder (or issuer) deleted the account: only when it was issued, and that its content was
   * erased — it still verifies by its signed hashes, but shows nothing of the person (GDPR Art. 17).
   */
  erased?: { code: string; kind: ProofKind; issuedAt: Date };
}

export interface ProofsServiceOptions {
  publicUrl: string;
  /** Renders a PDF (the worker pool). */
  renderPdf: (data: PdfSource) => Readable;
  load: LoadRecord;
  /**
   * A Betrieb's matrix with the filters and Stichtag of an issued one, read again as its issuer (who must still be
   * its admin or Disponent: otherwise it fails, and the matrix counts as changed). Only where documents are verified.
   */
  loadMatrix?: (issuerId: number, issued: MatrixProofContent) => Promise<MatrixProofContent>;
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
    try {
      if (isMatrixContent(row.content)) {
        if (!options.loadMatrix) return false;
        return contentHash(await options.loadMatrix(row.ownerId, row.content)) !== row.contentHash;
      }
      if (row.kind === 'backup') {
        const issued = backupAsProofContent(row.content);
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
    return {
      ...base,
      content: row.kind === 'backup' ? backupAsProofContent(row.content) : shownPart(row.content as ProofContent),
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
    reason: 'Die Inhaberin oder der Inhaber hat diesen Nachweis widerrufen. Er gilt nicht mehr.',
    revoked: { code: row.code, kind: row.kind, issuedAt: row.issuedAt, revokedAt: row.revokedAt! },
  });

  const unknownAnswer: Verification = {
    state: 'unknown',
    reason: 'Zu diesem Prüfcode ist kein Nachweis bekannt.',
  };

  /** Signs and stores a document of `kind` with `content` (and the file's hash, for a PDF). */
  async function store(
    ownerId: number,
    kind: ProofKind,
    content: unknown,
    fileSha256: string | null,
    shareLinkId: number | null,
    code = generateCode(),
  ) {
    const contentSha256 = contentHash(content);
    const issuedAt = new Date();
    const fields = { code, kind, issuedAt: issuedAt.toISOString(), contentSha256, fileSha256 };
    const { keyId, signature } = await sign(fields);
    await repo.create({
      code,
      ownerId,
      kind,
      issuedAt,
      content,
      contentHash: contentSha256,
      fileHash: fileSha256,
      signature,
      keyId,
      shareLinkId,
    });
    return { code, issued: { fields, keyId, signature } };
  }

  /** Renders `source` as a PDF with its code on every page, issues it with `content`, returns it with its trailer. */
  async function issuePdfDocument(
    ownerId: number,
    kind: 'pdf' | 'transfer' | 'matrix',
    source: PdfSource,
    content: unknown,
    shareLinkId: number | null,
  ) {
    const code = generateCode();
    const file = await buffer(
      options.renderPdf({ ...source, verification: { code: formatCode(code), url: verificationUrl(code) } }),
    );
    const { issued } = await store(ownerId, kind, content, sha256Hex(file), shareLinkId, code);
    const { fields, keyId, signature } = issued;
    return withTrailer(file, proofStatementTrailer({ ...fields, fileSha256: fields.fileSha256! }, keyId, signature));
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

  return {
    verificationUrl,

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
     * Checks the signature of an uploaded backup, `body` as received (the JSON value before any parsing, so that
     * nothing a schema normalises changes the hash). Unsigned, genuine, altered (content or signature changed),
     * signed by a key this server does not know, or revoked here by its holder. A genuine backup keeps its drives'
     * "erfasst am" only when it is restored into the account it was issued for (`userId`, the issued document's
     * owner): a signature proves who issued a document, not that another account may claim its times (issue 38).
     */
    async checkBackup(body: unknown, userId: number): Promise<BackupSignatureCheck> {
      const keyId = (body as { signature?: { keyId?: unknown } } | null)?.signature?.keyId;
      // Only a well-formed key id is looked up (a NUL byte or any other junk never reaches the database).
      const publicKey = typeof keyId === 'string' && KEY_ID.test(keyId) ? await repo.findPublicKey(keyId) : undefined;
      const result = verifyBackup(body, publicKey ? [{ id: keyId as string, publicKey }] : []);
      const asUnsigned = 'Fahrten gelten als heute erfasst und werden als übernommen markiert.';
      if (result.state === 'unsigned') {
        return { state: 'unsigned', message: `Nicht signierte Sicherung: ${asUnsigned}`, keepsRecordedAt: false };
      }
      if (result.state === 'unknown') {
        return {
          state: 'unknown',
          message:
            'Signatur mit unbekanntem Schlüssel: Die Sicherung wurde nicht von diesem Server signiert und wird nicht ' +
            `signiert übernommen. ${asUnsigned}`,
          keepsRecordedAt: false,
        };
      }
      if (result.state === 'altered') {
        return {
          state: 'altered',
          message: `Signierte Sicherung, aber verändert — nicht signiert übernommen: ${asUnsigned}`,
          keepsRecordedAt: false,
        };
      }
      const issued = await repo.findByCode(result.signature!.code);
      if (issued?.revokedAt) {
        return {
          state: 'revoked',
          message: `Die Signatur dieser Sicherung wurde widerrufen — nicht signiert übernommen: ${asUnsigned}`,
          keepsRecordedAt: false,
        };
      }
      const account = ((body as Record<string, unknown>).account ?? {}) as {
        firstname?: string | null;
        lastname?: string | null;
      };
      const holder = holderName({
        holder: { firstname: account.firstname ?? null, lastname: account.lastname ?? null },
      });
      const issuedOn = formatDate(calendarDayOf(result.signature!.issuedAt, DEFAULT_TIME_ZONE));
      const genuine = `Signierte Sicherung, ausgestellt am ${issuedOn} für ${holder}: unverändert`;
      // The same account, not merely the same name or address: the stored document's owner. A backup whose account
      // has been deleted (no row) still verifies, but no account can claim its times any more.
      if (issued?.ownerId !== userId) {
        return {
          state: 'genuine',
          message:
            `${genuine}, aber für ein anderes Konto ausgestellt. „Erfasst am“ behält eine Sicherung nur im eigenen ` +
            `Konto: Hier gelten die Fahrten als heute erfasst (mehr als ${BACKDATED_AFTER_DAYS} Tage zurückliegende ` +
            `damit als „${TERMS.backdated}“) und werden als übernommen markiert.`,
          keepsRecordedAt: false,
        };
      }
      return { state: 'genuine', message: `${genuine}.`, keepsRecordedAt: true };
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

/** An uploaded file read as a backup: a JSON object with a `signature` member, else undefined (a PDF or anything). */
function backupDocumentOf(file: Uint8Array): Record<string, unknown> | undefined {
  const text = Buffer.from(file.buffer, file.byteOffset, file.byteLength).toString('utf8');
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) && 'signature' in value
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
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

/** A signing key's id as the server makes them (`keyIdOf`): 16 hex digits. */
const KEY_ID = /^[0-9a-f]{16}$/;

/**
 * What a backup and the current record are compared by: each route's description and last drive, each vehicle's
 * name, in a fixed order (a backup does not know tours' names per route, nor vehicles' last drives).
 */
function comparable(content: ProofContent) {
  const routes = content.routes
    .map((route) => [
      route.name,
      route.companyRoute,
      route.startPoint,
      route.endPoint,
      route.lastDriven,
      route.validUntil,
    ])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const vehicles = (content.vehicles ?? []).map((vehicle) => vehicle.name).sort();
  return { routes, vehicles };
}

/** The routes and vehicles part of a document's content (a transfer document has more): what the page shows. */
function proofPart(content: ProofContent): ProofContent {
  const { schema, holder, scope, routes, vehicles } = content;
  return { schema, holder, scope, routes, vehicles };
}

/**
 * What the page shows of a driver's document: the routes and vehicles, and a transfer document's drives too (the new
 * employer compares them with the PDF's "Alle Fahrten"); not the number of history lines.
 */
function shownPart(content: ShownProofContent): ShownProofContent {
  return hasDrives(content) ? { ...proofPart(content), drives: content.drives } : proofPart(content);
}

/** The day (app time zone) of a drive's recording time, as every document prints it. */
const recordedDay = (recordedAt: string | null | undefined) =>
  recordedAt ? calendarDayOf(recordedAt, DEFAULT_TIME_ZONE) : null;

/** What the verification page shows of a backup document: holder, routes and vehicles (never the e-mail address). */
function backupAsProofContent(content: unknown): ProofContent {
  const backup = content as {
    account?: { firstname?: string | null; lastname?: string | null };
    routes?: {
      ref: number;
      name: string;
      companyRoute: string | null;
      startPoint: string;
      endPoint: string;
      startStation?: string | null;
      endStation?: string | null;
    }[];
    vehicles?: { name: string }[];
    routeActivities?: { acquiredAt: string; acquiredUntil: string; routes: number[]; recordedAt?: string | null }[];
  };
  // Per route its last drive, and the latest validity of all its drives (as the server keeps a route's validity).
  const last = new Map<number, { acquiredAt: string; acquiredUntil: string; recordedAt: string | null }>();
  for (const drive of backup.routeActivities ?? []) {
    for (const ref of drive.routes) {
      const seen = last.get(ref);
      const acquiredUntil = seen && seen.acquiredUntil > drive.acquiredUntil ? seen.acquiredUntil : drive.acquiredUntil;
      if (!seen || drive.acquiredAt > seen.acquiredAt) {
        last.set(ref, { acquiredAt: drive.acquiredAt, acquiredUntil, recordedAt: drive.recordedAt ?? null });
      } else {
        seen.acquiredUntil = acquiredUntil;
      }
    }
  }
  return {
    schema: 'streckenpass-proof-content/1',
    holder: { firstname: backup.account?.firstname ?? null, lastname: backup.account?.lastname ?? null },
    scope: { routes: [], tours: [], vehicles: [], places: [], emptyMeansAll: true },
    routes: (backup.routes ?? []).map((route) => ({
      name: route.name,
      companyRoute: route.companyRoute,
      startPoint: route.startPoint,
      endPoint: route.endPoint,
      startStation: route.startStation ?? null,
      endStation: route.endStation ?? null,
      tours: [],
      lastDriven: last.get(route.ref)?.acquiredAt ?? null,
      validUntil: last.get(route.ref)?.acquiredUntil ?? null,
      recordedOn: recordedDay(last.get(route.ref)?.recordedAt),
    })),
    vehicles: (backup.vehicles ?? []).map((vehicle) => ({ name: vehicle.name, lastDriven: null, validUntil: null })),
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
