import { createHash, createPublicKey, generateKeyPairSync, randomInt, sign, verify } from 'node:crypto';
import canonicalize from 'canonicalize';
import { z } from 'zod';
import { proofKinds, type ProofKind, type ProofState } from '@streckenpass/contract/proofs';

/**
 * How an issued document is fixed and signed (issue 27; docs/decisions/0044 and 0045). Pure functions on bytes and
 * JSON, shared by the server (issuing, the verification page) and `npm run verify-proof` (offline), so that both
 * give the same answer for the same file.
 *
 * - Content: canonical JSON (RFC 8785, JCS, by the `canonicalize` package) — the same bytes for the same JSON value
 *   whatever the key order, so a document stored as `jsonb` hashes the same forever.
 * - Statement: `{ type, v, code, kind, issuedAt, contentSha256, fileSha256 }` in canonical JSON, signed with Ed25519
 *   (`crypto.sign(null, …)`). It binds the code to the content's hash and, for a PDF, to the hash of the file's bytes.
 * - PDF trailer: the statement with key id and signature, appended after pdfkit's `%%EOF` as one PDF comment line
 *   `%StreckenpassProof {…}`. Readers ignore it; every byte before it is covered by `fileSha256`.
 */

/** Domain separation: a signature over anything else the key might ever sign cannot pass for a proof. */
export const STATEMENT_TYPE = 'streckenpass-proof';
export const STATEMENT_VERSION = 1;

/** The comment that starts the trailer line; the statement follows as JSON, then a newline, then nothing. */
export const TRAILER_MARKER = '%StreckenpassProof ';

/** RFC 8785 canonical JSON of a value (no NaN, no Infinity, no lone surrogates). */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('value has no JSON form');
  return text;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** SHA-256 (hex) of a content's canonical JSON: `content_hash`. */
export function contentHash(content: unknown): string {
  return sha256Hex(canonicalJson(content));
}

// ---- verification codes ---------------------------------------------------------------------------------------

/** Crockford's base32: digits and letters without I, L, O and U, so a code read aloud or typed is hard to get wrong. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 characters of 5 bits: 60 random bits, grouped as ABCD-EFGH-JKMN. */
export const CODE_LENGTH = 12;
const BARE_CODE = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/** A new code, uniformly random (`crypto.randomInt`), as stored: 12 characters without hyphens. */
export function generateCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The printed form: `ABCD-EFGH-JKMN`. */
export function formatCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;
}

/**
 * The stored form of a typed code, or undefined for anything that cannot be one. Case, hyphens and spaces do not
 * matter; I and L read as 1, O as 0 (Crockford's decoding), so a misread character still finds the document.
 */
export function normaliseCode(input: string): string | undefined {
  if (input.length > 40) return undefined;
  const bare = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return BARE_CODE.test(bare) ? bare : undefined;
}

// ---- keys -----------------------------------------------------------------------------------------------------

export interface SigningKeyPair {
  /** First 16 hex digits of the SHA-256 of the public key's SPKI DER. */
  id: string;
  /** SPKI, PEM. */
  publicKey: string;
  /** PKCS #8, PEM. */
  privateKey: string;
}

export interface PublicSigningKey {
  id: string;
  publicKey: string;
}

/** The key id of a PEM public key: what the trailer names and `signing_keys.id` holds. */
export function keyIdOf(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return sha256Hex(der).slice(0, 16);
}

export function generateSigningKey(): SigningKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { id: keyIdOf(publicKey), publicKey, privateKey };
}

// ---- statement ------------------------------------------------------------------------------------------------

/** What the signature covers. */
export interface ProofStatement {
  type: typeof STATEMENT_TYPE;
  v: typeof STATEMENT_VERSION;
  /** The stored (bare) code. */
  code: string;
  kind: ProofKind;
  /** ISO 8601, UTC, milliseconds. */
  issuedAt: string;
  contentSha256: string;
  /** SHA-256 of the file's bytes before the trailer; null for a document without a file (the supervisor page). */
  fileSha256: string | null;
}

export function proofStatement(fields: Omit<ProofStatement, 'type' | 'v'>): ProofStatement {
  return { type: STATEMENT_TYPE, v: STATEMENT_VERSION, ...fields };
}

/** Ed25519 signature (base64) of the statement's canonical JSON. */
export function signStatement(statement: ProofStatement, privateKeyPem: string): string {
  return sign(null, Buffer.from(canonicalJson(statement)), privateKeyPem).toString('base64');
}

/** Whether `signature` is the key's signature of the statement; false for any malformed input. */
export function verifyStatement(statement: ProofStatement, signature: string, publicKeyPem: string): boolean {
  try {
    return verify(null, Buffer.from(canonicalJson(statement)), publicKeyPem, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

// ---- PDF trailer ----------------------------------------------------------------------------------------------

/** A SHA-256 as the statements carry it: 64 lower-case hex digits. */
export const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const trailerSchema = z.strictObject({
  type: z.literal(STATEMENT_TYPE),
  v: z.literal(STATEMENT_VERSION),
  code: z.string().regex(BARE_CODE),
  kind: z.enum(proofKinds),
  issuedAt: z.iso.datetime(),
  contentSha256: hex64,
  fileSha256: hex64,
  keyId: z.string().regex(/^[0-9a-f]{16}$/),
  signature: z.string().regex(/^[A-Za-z0-9+/]{86}==$/),
});
export type ProofTrailer = z.infer<typeof trailerSchema>;

/** The line appended to the file's bytes. */
export function trailerLine(trailer: ProofTrailer): Buffer {
  return Buffer.from(`${TRAILER_MARKER}${canonicalJson(trailer)}\n`);
}

export function statementOf(trailer: ProofTrailer): ProofStatement {
  const { keyId: _keyId, signature: _signature, ...statement } = trailer;
  return statement;
}

export type TrailerReading =
  /** No trailer: not a file the app issued, or one re-saved by a program that dropped it. */
  | { found: false }
  /** The marker is there, but what follows is not a trailer the app writes. */
  | { found: true; trailer: undefined }
  /**
   * `signed` are the bytes before the marker; `atEnd` is false when anything follows the trailer's line (an
   * incremental update, a second document appended).
   */
  | { found: true; trailer: ProofTrailer; signed: Uint8Array; atEnd: boolean };

/** Finds the last trailer in a file. Reads nothing of the PDF's own structure. */
export function readTrailer(file: Uint8Array): TrailerReading {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const marker = Buffer.from(`\n${TRAILER_MARKER}`);
  const at = bytes.lastIndexOf(marker);
  if (at < 0) return { found: false };
  const start = at + 1;
  const lineEnd = bytes.indexOf(0x0a, start);
  const end = lineEnd < 0 ? bytes.length : lineEnd;
  const json = bytes.subarray(start + TRAILER_MARKER.length, end).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { found: true, trailer: undefined };
  }
  const trailer = trailerSchema.safeParse(parsed);
  if (!trailer.success) return { found: true, trailer: undefined };
  return {
    found: true,
    trailer: trailer.data,
    signed: bytes.subarray(0, start),
    atEnd: lineEnd === bytes.length - 1,
  };
}

/** Appends the trailer to a file's bytes; `signature` covers `fileSha256` = SHA-256 of `file`. */
export function withTrailer(file: Uint8Array, trailer: ProofTrailer): Buffer {
  return Buffer.concat([file, trailerLine(trailer)]);
}

export interface FileVerification {
  /** genuine, altered or unknown: revocation needs the issuer's records (the server, not the CLI). */
  state: Exclude<ProofState, 'revoked'>;
  /** Why, in German, for the page and the CLI. */
  reason: string;
  trailer?: ProofTrailer;
}

/**
 * Verifies a file against public keys alone: the trailer's signature by the key it names, and the file's bytes
 * before the trailer against the signed hash. Nothing else: whether the document was revoked, or is still known to
 * the issuer, only the server can tell.
 */
export function verifyFile(file: Uint8Array, keys: readonly PublicSigningKey[]): FileVerification {
  const reading = readTrailer(file);
  if (!reading.found) {
    return {
      state: 'unknown',
      reason:
        'Die Datei enthält keine Prüfdaten von Streckenpass: Sie wurde nicht von Streckenpass ausgestellt oder ' +
        'mit einem anderen Programm neu gespeichert.',
    };
  }
  if (!reading.trailer) {
    return { state: 'altered', reason: 'Die Prüfdaten der Datei sind beschädigt.' };
  }
  const { trailer } = reading;
  const key = keys.find((candidate) => candidate.id === trailer.keyId);
  if (!key || keyIdOf(key.publicKey) !== key.id) {
    return {
      state: 'unknown',
      reason: 'Die Datei ist mit einem Schlüssel signiert, den dieser Streckenpass-Server nicht veröffentlicht hat.',
      trailer,
    };
  }
  if (!verifyStatement(statementOf(trailer), trailer.signature, key.publicKey)) {
    return { state: 'altered', reason: 'Die Signatur der Prüfdaten stimmt nicht.', trailer };
  }
  if (sha256Hex(reading.signed) !== trailer.fileSha256) {
    return { state: 'altered', reason: 'Der Inhalt der Datei wurde nach dem Ausstellen verändert.', trailer };
  }
  if (!reading.atEnd) {
    return { state: 'altered', reason: 'An die Datei wurde nach dem Ausstellen etwas angehängt.', trailer };
  }
  return { state: 'genuine', reason: 'Signatur und Inhalt der Datei stimmen.', trailer };
}
