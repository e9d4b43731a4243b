import type { BackupSignatureCheck } from '@streckenpass/contract/backup';
import { BACKDATED_AFTER_DAYS } from '@streckenpass/contract/constants';
import { formatDate } from '@streckenpass/contract/format';
import { calendarDayOf } from '@streckenpass/contract/knowledge';
import { TERMS } from '@streckenpass/contract/terms';
import { holderName } from '../../export/proof-content.js';
import { verifyBackup } from '../../lib/proof-backup-signature.js';
import type { ProofsRepository } from './proofs.repository.js';

/** A signing key's id as the server makes them (`keyIdOf`): 16 hex digits. */
const KEY_ID = /^[0-9a-f]{16}$/;

const AS_UNSIGNED = 'Fahrten gelten als heute erfasst und werden als übernommen markiert.';

/**
 * The signature check of a backup that is being restored (decision 0044, "Signed backup"), `body` as received (the
 * JSON value before any parsing, so that nothing a schema normalises changes the hash): unsigned, genuine, altered
 * (content or signature changed), signed by a key this server does not know, or revoked here by its holder. A genuine
 * backup keeps its drives' "erfasst am" only when it is restored into the account it was issued for (`userId`, the
 * issued document's owner): a signature proves who issued a document, not that another account may claim its times
 * (issue 38). `timeZone`: the app's, for the day it was issued on.
 */
export function backupSignatureCheck(repo: ProofsRepository, timeZone: string) {
  return async (body: unknown, userId: number): Promise<BackupSignatureCheck> => {
    const keyId = (body as { signature?: { keyId?: unknown } } | null)?.signature?.keyId;
    // Only a well-formed key id is looked up (a NUL byte or any other junk never reaches the database).
    const publicKey = typeof keyId === 'string' && KEY_ID.test(keyId) ? await repo.findPublicKey(keyId) : undefined;
    const result = verifyBackup(body, publicKey ? [{ id: keyId as string, publicKey }] : []);
    if (result.state === 'unsigned') {
      return { state: 'unsigned', message: `Nicht signierte Sicherung: ${AS_UNSIGNED}`, keepsRecordedAt: false };
    }
    if (result.state === 'unknown') {
      return {
        state: 'unknown',
        message:
          'Signatur mit unbekanntem Schlüssel: Die Sicherung wurde nicht von diesem Server signiert und wird nicht ' +
          `signiert übernommen. ${AS_UNSIGNED}`,
        keepsRecordedAt: false,
      };
    }
    if (result.state === 'altered') {
      return {
        state: 'altered',
        message: `Signierte Sicherung, aber verändert — nicht signiert übernommen: ${AS_UNSIGNED}`,
        keepsRecordedAt: false,
      };
    }
    const issued = await repo.findByCode(result.signature!.code);
    if (issued?.revokedAt) {
      return {
        state: 'revoked',
        message: `Die Signatur dieser Sicherung wurde widerrufen — nicht signiert übernommen: ${AS_UNSIGNED}`,
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
    const issuedOn = formatDate(calendarDayOf(result.signature!.issuedAt, timeZone));
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
  };
}
