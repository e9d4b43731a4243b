import { Button, FileInput, Group, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { plural } from '@streckenpass/contract/plural';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { ErrorAlert, SuccessAlert } from './error-alert';
import classes from './checked-file-upload.module.css';

/**
 * A file that is checked before anything is written (a backup to restore, a CSV to import): choose it, see what the
 * check found (`children`), then confirm. Choosing another file forgets the last check and the last run.
 */
export function CheckedFileUpload<Data>({
  input,
  checking,
  previewErrorTitle,
  preview,
  run,
  children,
  apply,
}: {
  input: { label: string; description: string; accept: string };
  /** Shown while the file is checked. */
  checking: string;
  previewErrorTitle?: string;
  preview: {
    mutate: (file: File) => void;
    reset: () => void;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: Data | undefined;
  };
  run: {
    reset: () => void;
    isError: boolean;
    error: unknown;
    isSuccess: boolean;
    data: { message: string } | undefined;
  };
  /** What the check found, above the button that writes it. */
  children: (data: Data) => ReactNode;
  apply: {
    label: (data: Data) => ReactNode;
    disabled: (data: Data, file: File | null) => boolean;
    onClick: (data: Data, file: File | null) => void;
    loading: boolean;
  };
}) {
  const [file, setFile] = useState<File | null>(null);
  const choose = (chosen: File | null) => {
    setFile(chosen);
    run.reset();
    preview.reset();
    if (chosen) preview.mutate(chosen);
  };
  const data = preview.data;

  return (
    <>
      <FileInput
        {...input}
        // An empty box says what to do with it (a driver saw no "choose a file" in it).
        placeholder="Datei auswählen …"
        classNames={{ placeholder: classes.placeholder }}
        leftSection={<IconFileUpload size={18} aria-hidden />}
        value={file}
        onChange={choose}
        clearable
        clearButtonProps={{ 'aria-label': 'Gewählte Datei entfernen' }}
      />
      {preview.isPending && <Text size="sm">{checking}</Text>}
      <ErrorAlert call={preview} title={previewErrorTitle} />
      {data !== undefined && !run.isSuccess && (
        <>
          {children(data)}
          <Group>
            <Button
              loading={apply.loading}
              disabled={apply.disabled(data, file)}
              onClick={() => apply.onClick(data, file)}
            >
              {apply.label(data)}
            </Button>
          </Group>
        </>
      )}
      <ErrorAlert call={run} />
      <SuccessAlert call={run} />
    </>
  );
}

/**
 * A CSV file to import (the driver's list, a Betrieb's requirements): checked on the server first, imported when
 * confirmed with the button `importLabel` names. The check's summary of the file is `children`.
 */
export function CsvImportUpload<Data>({
  label,
  description,
  preview,
  run,
  importLabel,
  nothingToImport,
  children,
}: {
  label: string;
  description: string;
  preview: ComponentProps<typeof CheckedFileUpload<Data>>['preview'];
  run: ComponentProps<typeof CheckedFileUpload<Data>>['run'] & { mutate: (file: File) => void; isPending: boolean };
  importLabel: (data: Data) => ReactNode;
  nothingToImport: (data: Data) => boolean;
  children: (data: Data) => ReactNode;
}) {
  return (
    <CheckedFileUpload
      input={{ label, description, accept: '.csv,text/csv' }}
      checking="Datei wird geprüft …"
      previewErrorTitle="Die Datei kann nicht importiert werden"
      preview={preview}
      run={run}
      apply={{
        label: importLabel,
        disabled: (data, file) => nothingToImport(data) || !file,
        onClick: (_data, file) => file && run.mutate(file),
        loading: run.isPending,
      }}
    >
      {children}
    </CheckedFileUpload>
  );
}

/** What the check read of a CSV file: lines, encoding, delimiter, then the counts the caller adds (`children`). */
export function CsvFileRead({
  data,
  children,
}: {
  data: { lines: number; encoding: 'utf-8' | 'windows-1252'; delimiter: string };
  children: ReactNode;
}) {
  return (
    <Text size="sm" role="status">
      {plural(data.lines, 'Zeile', 'Zeilen')} gelesen ({data.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252'},
      Trennzeichen „{data.delimiter}“){children}
    </Text>
  );
}
