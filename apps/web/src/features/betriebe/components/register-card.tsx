import { Group, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { DownloadButton } from '../../../components/download-button';
import { ErrorAlert } from '../../../components/error-alert';
import { TitledCard } from '../../../components/titled-card';
import { useDownloadRegisterCsv, useDownloadRegisterPdf } from '../api/attestations';

/**
 * The register per TfV § 10 (4) (issue 41 item 6) on the Betrieb's page, beside what its admins, Disponenten and
 * examiners read: per driver the infrastructure known (Anlage 10, 31.1) and the day of the last check (31.2), as CSV
 * or as a signed PDF that the check page verifies.
 */
export function RegisterCard({ betriebId }: { betriebId: number }) {
  const csv = useDownloadRegisterCsv(betriebId);
  const pdf = useDownloadRegisterPdf(betriebId);
  return (
    <TitledCard title="Register (§ 10 Abs. 4 TfV)">
      <Text size="sm">
        Je Triebfahrzeugführer/in die bekannte Infrastruktur (31.1) und das Datum der letzten Überprüfung (31.2) aus den
        Bescheinigungen – auch aus früheren Betrieben, sofern nicht verborgen.
      </Text>
      <Group gap="sm" wrap="wrap">
        <DownloadButton call={csv} icon={<IconFileSpreadsheet size={18} aria-hidden />} variant="light">
          Register als CSV
        </DownloadButton>
        <DownloadButton call={pdf} icon={<IconFileTypePdf size={18} aria-hidden />} variant="light">
          Register als PDF (signiert)
        </DownloadButton>
      </Group>
      <ErrorAlert call={csv} />
      <ErrorAlert call={pdf} />
    </TitledCard>
  );
}
