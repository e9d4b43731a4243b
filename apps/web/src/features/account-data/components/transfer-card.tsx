import { Group, Text } from '@mantine/core';
import { PROOF_PAGE_PREFIX } from '@streckenpass/contract/proofs';
import { TERMS } from '@streckenpass/contract/terms';
import { IconDownload, IconFileCertificate } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert';
import { TitledCard } from '../../../components/titled-card';
import { useDownloadBackup } from '../api/backup';
import { useDownloadTransfer } from '../api/transfer';
import { DownloadButton } from '../../../components/download-button';

/**
 * "Nachweis für den Arbeitgeberwechsel" (issue 27): the signed PDF of the whole record with its history, and the
 * signed backup, which keeps the original "erfasst am" only when restored into this same account (issue 38).
 */
export function TransferCard() {
  const pdf = useDownloadTransfer();
  const backup = useDownloadBackup();

  return (
    <TitledCard title={TERMS.transferProof}>
      <Text size="sm">
        Für einen neuen Arbeitgeber: ein vom Server signiertes PDF aller Strecken, Fahrzeuge und Fahrten mit dem Verlauf
        jeder Eintragung, dazu die ebenso signierte Sicherung. Das PDF lässt sich mit seinem Prüfcode unter{' '}
        {PROOF_PAGE_PREFIX} prüfen. Die Sicherung behält ihre ursprünglichen Erfassungsdaten nur, wenn sie in dieses
        Konto eingespielt wird; in einem anderen Konto gelten ihre Fahrten als beim Einspielen erfasst.
      </Text>
      <Group>
        <DownloadButton call={pdf} icon={<IconFileCertificate size={18} aria-hidden />}>
          PDF mit Verlauf
        </DownloadButton>
        <DownloadButton call={backup} variant="default" icon={<IconDownload size={18} aria-hidden />}>
          Signierte Sicherung
        </DownloadButton>
      </Group>
      <ErrorAlert call={pdf} />
      <ErrorAlert call={backup} />
    </TitledCard>
  );
}
