import { Alert, Button, Card, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { saveFile } from '../../../lib/save-file';
import { useDownloadBackup, usePreviewRestore, useRestoreBackup } from '../api/backup';
import { errorText } from './error-text';
import { MergePreviewTable } from './merge-preview-table';

/** Backup download, and restore of a backup file with a preview before anything is written. */
export function BackupCard() {
  const download = useDownloadBackup();
  const preview = usePreviewRestore();
  const restore = useRestoreBackup();
  const [file, setFile] = useState<File | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    restore.reset();
    preview.reset();
    if (chosen) preview.mutate(chosen);
  };

  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Sicherung
        </Title>
        <Text size="sm">
          Alle Ihre Strecken, Touren, Fahrzeuge, Fahrten und Einstellungen als eine Datei. Sie lässt sich in dieses oder
          ein anderes Konto wieder einspielen; Vorhandenes wird dabei nicht doppelt angelegt.
        </Text>
        <Group>
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate(undefined, { onSuccess: saveFile })}
          >
            Sicherung herunterladen
          </Button>
        </Group>
        {download.isError && (
          <Alert color="red" role="alert">
            {errorText(download.error)}
          </Alert>
        )}
        <FileInput
          label="Sicherung einspielen"
          description="Eine Datei streckenpass-sicherung-….json. Zuerst sehen Sie, was hinzukommt."
          accept="application/json,.json"
          leftSection={<IconFileUpload size={18} aria-hidden />}
          value={file}
          onChange={choose}
          clearable
        />
        {preview.isPending && <Text size="sm">Sicherung wird geprüft …</Text>}
        {preview.isError && (
          <Alert color="red" role="alert">
            {errorText(preview.error)}
          </Alert>
        )}
        {preview.data && !restore.isSuccess && (
          <>
            <MergePreviewTable preview={preview.data.preview} caption="Vorschau: das käme hinzu" />
            <Group>
              <Button
                loading={restore.isPending}
                disabled={preview.data.preview.nothingToDo}
                onClick={() => restore.mutate(preview.data.backup)}
              >
                Sicherung wiederherstellen
              </Button>
            </Group>
          </>
        )}
        {restore.isError && (
          <Alert color="red" role="alert">
            {errorText(restore.error)}
          </Alert>
        )}
        {restore.isSuccess && (
          <Alert color="green" role="status">
            {restore.data.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
