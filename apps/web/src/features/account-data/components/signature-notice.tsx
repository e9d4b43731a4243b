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
    <Alert color={COLORS[signature.state]} role="status" title="Signatur">
      {signature.message}
    </Alert>
  );
}
