import { Alert, Button, Card, FileInput, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { formatNumber } from '@streckenpass/contract/format';
import { IMPORT_MAX_LINES, IMPORT_MAX_MEGABYTES, IMPORT_TEMPLATE_COLUMNS } from '@streckenpass/contract/import';
import { plural, pluralWord } from '@streckenpass/contract/plural';
import { IconFileSpreadsheet, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { IMPORT_TEMPLATE_URL, useImportCsv, usePreviewImport } from '../api/csv-import';
import { errorText } from './error-text';
import { MergePreviewTable } from './merge-preview-table';

const dateText = (date: string | null) => formatDate(date, '–');
/** A start or end as the import links it: "Köln Hbf (KK)", or the text alone when it is the code or free text. */
const pointText = (point: string, code: string | null | undefined) =>
  code && code !== point ? `${point} (${code})` : point;

/** CSV import: the file is checked first (preview and every bad line), written only when confirmed. */
export function ImportCard() {
  const preview = usePreviewImport();
  const run = useImportCsv();
  const [file, setFile] = useState<File | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    run.reset();
    preview.reset();
    if (chosen) preview.mutate(chosen);
  };
  const data = preview.data;

  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Liste importieren (CSV)
        </Title>
        <Text size="sm">
          Aus einer Tabelle (Excel, LibreOffice) oder dem CSV-Export von Streckenpass. Spalten der Vorlage:{' '}
          {IMPORT_TEMPLATE_COLUMNS.join('; ')} – übliche Namen wie „Von“/„Bis“, „Ziel“, „Datum“ oder „letzte Fahrt“
          gehen auch. Datum als TT.MM.JJJJ oder T.M.JJ; ohne „gültig bis“ gilt die Gültigkeitsregel Ihres Kontos.
          Mehrere Fahrzeuge oder Touren durch Komma getrennt, ein Name mit Komma in Anführungszeichen. Strecken, die Sie
          schon haben, werden erkannt und nicht doppelt angelegt. Höchstens {IMPORT_MAX_MEGABYTES} MB und{' '}
          {plural(IMPORT_MAX_LINES, 'Zeile', 'Zeilen')}.
        </Text>
        <Group>
          <Button
            component="a"
            href={IMPORT_TEMPLATE_URL}
            download
            variant="light"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          >
            Vorlage herunterladen
          </Button>
        </Group>
        <FileInput
          label="CSV-Datei prüfen"
          description="Es wird erst etwas gespeichert, wenn Sie den Import bestätigen."
          accept=".csv,text/csv"
          leftSection={<IconFileUpload size={18} aria-hidden />}
          value={file}
          onChange={choose}
          clearable
        />
        {preview.isPending && <Text size="sm">Datei wird geprüft …</Text>}
        {preview.isError && (
          <Alert color="red" role="alert" title="Die Datei kann nicht importiert werden">
            {errorText(preview.error)}
          </Alert>
        )}
        {data && !run.isSuccess && (
          <>
            <Text size="sm" role="status">
              {plural(data.lines, 'Zeile', 'Zeilen')} gelesen ({data.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252'},
              Trennzeichen „{data.delimiter}“), {formatNumber(data.validLines)} gültig, {formatNumber(data.errorCount)}{' '}
              fehlerhaft.
            </Text>
            {data.errorCount > 0 && (
              <Alert
                color="yellow"
                title={`${formatNumber(data.errorCount)} fehlerhafte ${pluralWord(data.errorCount, 'Zeile wird', 'Zeilen werden')} übersprungen`}
              >
                <List size="sm" spacing={2}>
                  {data.errors.map((error) => (
                    <List.Item key={error.line} style={{ overflowWrap: 'anywhere' }}>
                      {error.message}
                    </List.Item>
                  ))}
                </List>
                {data.errorCount > data.errors.length && (
                  <Text size="sm">… und {formatNumber(data.errorCount - data.errors.length)} weitere.</Text>
                )}
              </Alert>
            )}
            {data.sample.length > 0 && (
              <Table.ScrollContainer minWidth={480}>
                <Table striped withTableBorder>
                  <Table.Caption>Die ersten Zeilen, wie sie importiert werden</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Zeile</Table.Th>
                      <Table.Th scope="col">Strecke</Table.Th>
                      <Table.Th scope="col">Start – Ende</Table.Th>
                      <Table.Th scope="col">gefahren am</Table.Th>
                      <Table.Th scope="col">gültig bis</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.sample.slice(0, 5).map((row) => (
                      <Table.Tr key={row.line}>
                        <Table.Td>{row.line}</Table.Td>
                        <Table.Td>
                          {row.companyRoute ? `${row.name} (${row.companyRoute})` : row.name}
                          {row.existingRoute && (
                            <Text span size="xs" c="dimmed">
                              {' '}
                              (vorhanden)
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {pointText(row.startPoint, row.startStation)} – {pointText(row.endPoint, row.endStation)}
                        </Table.Td>
                        <Table.Td>{dateText(row.acquiredAt)}</Table.Td>
                        <Table.Td>{dateText(row.acquiredUntil)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <MergePreviewTable preview={data.merge} caption="Vorschau: das käme hinzu" />
            <Group>
              <Button
                loading={run.isPending}
                disabled={data.validLines === 0 || data.merge.nothingToDo || !file}
                onClick={() => file && run.mutate(file)}
              >
                {plural(data.validLines, 'Zeile', 'Zeilen')} importieren
              </Button>
            </Group>
          </>
        )}
        {run.isError && (
          <Alert color="red" role="alert">
            {errorText(run.error)}
          </Alert>
        )}
        {run.isSuccess && (
          <Alert color="green" role="status">
            {run.data.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
