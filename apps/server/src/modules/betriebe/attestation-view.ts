import { attestationState, type Attestation, type AttestationContent } from '@streckenpass/contract/attestations';
import { formatCode } from '../../lib/proof-signature.js';

/*
 * An attestation's row as the lists answer it (issue 41 item 5): its signed content, its state and what the reader
 * may do with it. Pure: the statements are attestations.repository.ts.
 */

export interface Row {
  id: number;
  userId: number;
  betriebId: number | null;
  betriebName: string;
  hidden: boolean;
  code: string;
  issuedAt: Date;
  revokedAt: Date | null;
  content: unknown;
  membershipId?: number | null;
}

/** A document signed for storing with its attestation (the proofs service's `sign`). */
export interface SignedDocument {
  code: string;
  kind: 'attestation';
  issuedAt: Date;
  content: unknown;
  contentHash: string;
  fileHash: string | null;
  signature: string;
  keyId: string;
}

/** How the caller reads an attestation: from which Betrieb (null: as its holder) and whether they may withdraw. */
export interface Reader {
  betriebId: number | null;
  attests: boolean;
}

export function toAttestation(row: Row, reader: Reader, urlOf: (code: string) => string): Attestation {
  const content = row.content as AttestationContent;
  const withdrawnAt = row.revokedAt?.toISOString() ?? null;
  const issuedHere = reader.betriebId !== null && row.betriebId === reader.betriebId;
  return {
    kind: content.kind,
    driver: content.driver,
    checkedOn: content.checkedOn,
    requirements: content.requirements,
    lines: content.lines,
    examinerName: content.examinerName,
    note: content.note,
    code: formatCode(row.code),
    url: urlOf(row.code),
    issuedAt: row.issuedAt.toISOString(),
    withdrawnAt,
    state: attestationState(withdrawnAt),
    betrieb: { id: row.betriebId, name: row.betriebName },
    hidden: row.hidden,
    issuedHere,
    canWithdraw: issuedHere && reader.attests && withdrawnAt === null,
    membershipId: row.membershipId ?? null,
  };
}
