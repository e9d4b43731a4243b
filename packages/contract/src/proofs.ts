import { z } from 'zod';
import { TERMS } from './terms.js';

/**
 * Issued documents (issue 27, "Ein Nachweis, der sich prüfen lässt"): every PDF and every supervisor page is issued
 * with a verification code; `/pruefen/{code}` shows whether it is genuine. Decisions 0044 and 0045.
 */

/** Public page that verifies a code (`/pruefen/{code}`) or an uploaded PDF (`POST /pruefen`). */
export const PROOF_PAGE_PREFIX = '/pruefen';

/** The server's public signing keys, for verifying a PDF offline (`npm run verify-proof`). */
export const PROOF_KEYS_PATH = '/.well-known/streckenpass-proof-keys.json';

export const proofKinds = ['pdf', 'share', 'transfer', 'backup', 'matrix', 'attestation', 'register'] as const;
export type ProofKind = (typeof proofKinds)[number];

/** What each kind of issued document is called in lists and on the verification page. */
export const PROOF_KIND_LABELS: Record<ProofKind, string> = {
  pdf: 'PDF',
  share: 'Freigabe-Seite',
  transfer: TERMS.transferProof,
  backup: 'Sicherung',
  matrix: 'Streckenkunde-Matrix eines Betriebs',
  attestation: 'Bescheinigung eines Betriebs',
  register: 'Verzeichnis nach § 10 Abs. 4 TfV',
};

/** The answers of a verification: by code, by uploaded file, or offline by the CLI. */
export const proofStates = ['genuine', 'altered', 'unknown', 'revoked'] as const;
export type ProofState = (typeof proofStates)[number];

export const PROOF_STATE_LABELS: Record<ProofState, string> = {
  genuine: 'echt und unverändert',
  altered: 'verändert',
  unknown: 'unbekannt',
  revoked: 'widerrufen',
};

/** One of the caller's issued documents, as "Meine Daten" lists it (no content). */
export const issuedProofSchema = z.object({
  /** The verification code as printed: `ABCD-EFGH-JKMN`. */
  code: z.string(),
  kind: z.enum(proofKinds),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  /** The public verification page of the code. */
  url: z.string(),
  /** Routes and vehicles the document lists (vehicles null: the document has no vehicles block). */
  routes: z.number().int(),
  vehicles: z.number().int().nullable(),
});
export type IssuedProof = z.infer<typeof issuedProofSchema>;

/** A code as a path parameter: 12 characters of Crockford's base32, with or without the two hyphens. */
export const proofCodeParamsSchema = z.object({
  code: z
    .string()
    .regex(/^[0-9A-Za-z]{4}-?[0-9A-Za-z]{4}-?[0-9A-Za-z]{4}$/, 'Ein Prüfcode hat 12 Zeichen, z. B. ABCD-EFGH-JKMN.'),
});
