import { Alert } from '@mantine/core';
import type { BackupSignatureCheck } from '@streckenpass/contract/backup';

const COLORS: Record<BackupSignatureCheck['state'], string> = {
  genuine: 'green',
  unsigned: 'gray',
  altered: 'yellow',
  unknown: 'yellow',
  revoked: 'yellow',
};

/** What the server found of a backup's signature, before it is restored (issue 27): kept "erfasst am" or not. */
export function SignatureNotice({ signature }: { signature: BackupSignatureCheck | undefined }) {
  if (!signature) return null;
  return (
    // Genuine but issued for another account: its "erfasst am" is not kept, which the user should notice (issue 38).
    <Alert
      color={signature.state === 'genuine' && !signature.keepsRecordedAt ? 'yellow' : COLORS[signature.state]}
      role="status"
      title="Signatur"
    >
      {signature.message}
    </Alert>
  );
}
