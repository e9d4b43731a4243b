import { z } from 'zod';
import {
  contentHash,
  hex64,
  keyIdOf,
  proofStatement,
  verifyStatement,
  type PublicSigningKey,
} from './proof-signature.js';

/*
 * The offline check of a signed backup (decision 0044, addendum): the statement of kind `backup` over the canonical
 * JSON of the document without its `signature`, signed as every issued document is (proof-signature.ts).
 */

/** The `signature` a backup download carries (decision 0044, addendum): the statement's fields, key id, signature. */
const backupSignatureSchema = z.object({
  code: z.string(),
  kind: z.literal('backup'),
  issuedAt: z.iso.datetime(),
  keyId: z.string().regex(/^[0-9a-f]{16}$/),
  contentSha256: hex64,
  signature: z.string().regex(/^[A-Za-z0-9+/]{86}==$/),
});
export type BackupSignatureFields = z.infer<typeof backupSignatureSchema>;

export interface BackupVerification {
  state: 'unsigned' | 'genuine' | 'altered' | 'unknown';
  /** German sentence: why this state. */
  reason: string;
  /** The signature's fields when they could be read (the code as stored: bare). */
  signature?: BackupSignatureFields;
}

/**
 * Checks a backup document (the parsed JSON, as received) against `keys`: the signature must be the statement of
 * kind `backup` over the SHA-256 of the canonical JSON of everything but `signature`, by a key of the list. The
 * server passes the key the document names (when it knows it) and adds revocation; `npm run verify-proof` passes the
 * published keys.
 */
export function verifyBackup(document: unknown, keys: readonly PublicSigningKey[]): BackupVerification {
  if (typeof document !== 'object' || document === null || Array.isArray(document) || !('signature' in document)) {
    return { state: 'unsigned', reason: 'Die Sicherung ist nicht signiert.' };
  }
  const { signature: raw, ...rest } = document as Record<string, unknown>;
  const parsed = backupSignatureSchema.safeParse(raw);
  if (!parsed.success) return { state: 'altered', reason: 'Die Signatur der Sicherung ist beschädigt.' };
  const signature = { ...parsed.data, code: parsed.data.code.replace(/[-\s]/g, '').toUpperCase() };
  const key = keys.find((candidate) => candidate.id === signature.keyId);
  if (!key || keyIdOf(key.publicKey) !== key.id) {
    return {
      state: 'unknown',
      reason:
        'Die Sicherung ist mit einem Schlüssel signiert, den dieser Streckenpass-Server nicht veröffentlicht hat.',
      signature,
    };
  }
  let contentSha256: string;
  try {
    contentSha256 = contentHash(rest);
  } catch {
    return { state: 'altered', reason: 'Der Inhalt der Sicherung ist kein gültiges JSON mehr.', signature };
  }
  const statement = proofStatement({
    code: signature.code,
    kind: 'backup',
    issuedAt: signature.issuedAt,
    contentSha256: signature.contentSha256,
    fileSha256: null,
  });
  if (!verifyStatement(statement, signature.signature, key.publicKey)) {
    return { state: 'altered', reason: 'Die Signatur der Sicherung stimmt nicht.', signature };
  }
  if (contentSha256 !== signature.contentSha256) {
    return { state: 'altered', reason: 'Der Inhalt der Sicherung wurde nach dem Ausstellen verändert.', signature };
  }
  return { state: 'genuine', reason: 'Signatur und Inhalt der Sicherung stimmen.', signature };
}
