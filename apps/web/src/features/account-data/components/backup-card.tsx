import { Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert';
import { TitledCard } from '../../../components/titled-card';
import { useDownloadBackup, usePreviewRestore, useRestoreBackup } from '../api/backup';
import { DownloadButton } from '../../../components/download-button';
import { CheckedFileUpload } from '../../../components/checked-file-upload';
import { MergePreviewTable } from './merge-preview-table';
import { SignatureNotice } from './signature-notice';

/** Backup download, and restore of a backup file with a preview before anything is written. */
export function BackupCard() {
  const download = useDownloadBackup();
  const preview = usePreviewRestore();
  const restore = useRestoreBackup();

  return (
    <TitledCard title="Sicherung">
      <Text size="sm">
        Alle Ihre Strecken, Touren, Fahrzeuge, Fahrten und Einstellungen als eine Datei, vom Server signiert. Sie lässt
        sich in dieses oder ein anderes Konto wieder einspielen; Vorhandenes wird dabei nicht doppelt angelegt. Das
        Erfassungsdatum der Fahrten bleibt nur in diesem Konto erhalten.
      </Text>
      <Group>
        <DownloadButton call={download} icon={<IconDownload size={18} aria-hidden />}>
          Sicherung herunterladen
        </DownloadButton>
      </Group>
      <ErrorAlert call={download} />
      <CheckedFileUpload
        input={{
          label: 'Sicherung einspielen',
          description: 'Eine Datei streckenpass-sicherung-….json. Zuerst sehen Sie, was hinzukommt.',
          accept: 'application/json,.json',
        }}
        checking="Sicherung wird geprüft …"
        preview={preview}
        run={restore}
        apply={{
          label: () => 'Sicherung wiederherstellen',
          disabled: (data) => data.preview.nothingToDo,
          onClick: (data) => restore.mutate(data.backup),
          loading: restore.isPending,
        }}
      >
        {(data) => (
          <>
            <SignatureNotice signature={data.preview.signature} />
            <MergePreviewTable preview={data.preview} caption="Vorschau: das käme hinzu" />
          </>
        )}
      </CheckedFileUpload>
    </TitledCard>
  );
}
