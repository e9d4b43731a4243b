import { Button, Group, Text } from '@mantine/core';
import { formatNumber } from '@streckenpass/contract/format';
import { IMPORT_MAX_LINES, IMPORT_MAX_MEGABYTES, IMPORT_TEMPLATE_COLUMNS } from '@streckenpass/contract/import';
import { plural } from '@streckenpass/contract/plural';
import { TERMS } from '@streckenpass/contract/terms';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { TitledCard } from '../../../components/titled-card';
import { formatDate } from '../../../lib/dates';
import { routeLabel } from '../../../lib/record-labels';
import { IMPORT_TEMPLATE_URL, useImportCsv, usePreviewImport } from '../api/csv-import';
import { CsvFileRead, CsvImportUpload } from '../../../components/checked-file-upload';
import { SkippedLinesAlert } from '../../../components/skipped-lines-alert';
import { DataTable } from './data-table';
import { MergePreviewTable } from './merge-preview-table';

const dateText = (date: string | null) => formatDate(date, '–');
/** A start or end as the import links it: "Köln Hbf (KK)", or the text alone when it is the code or free text. */
const pointText = (point: string, code: string | null | undefined) =>
  code && code !== point ? `${point} (${code})` : point;

/** CSV import: the file is checked first (preview and every bad line), written only when confirmed. */
export function ImportCard() {
  const preview = usePreviewImport();
  const run = useImportCsv();

  return (
    <TitledCard title="Liste importieren (CSV)">
      <Text size="sm">
        Aus einer Tabelle (Excel, LibreOffice) oder dem CSV-Export von Streckenpass. Spalten der Vorlage:{' '}
        {IMPORT_TEMPLATE_COLUMNS.join('; ')} – übliche Namen wie „Von“/„Bis“, „Ziel“, „Datum“ oder „letzte Fahrt“ gehen
        auch. Datum als TT.MM.JJJJ oder T.M.JJ; ohne „gültig bis“ gilt die Gültigkeitsregel Ihres Kontos. Mehrere
        Fahrzeuge oder Touren durch Komma getrennt, ein Name mit Komma in Anführungszeichen. Strecken, die Sie schon
        haben, werden erkannt und nicht doppelt angelegt. Höchstens {IMPORT_MAX_MEGABYTES} MB und{' '}
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
      <CsvImportUpload
        label="CSV-Datei prüfen"
        description="Es wird erst etwas gespeichert, wenn Sie den Import bestätigen."
        preview={preview}
        run={run}
        importLabel={(data) => `${plural(data.validLines, 'Zeile', 'Zeilen')} importieren`}
        nothingToImport={(data) => data.validLines === 0 || data.merge.nothingToDo}
      >
        {(data) => (
          <>
            <CsvFileRead data={data}>
              , {formatNumber(data.validLines)} gültig, {formatNumber(data.errorCount)} fehlerhaft.
            </CsvFileRead>
            <SkippedLinesAlert errorCount={data.errorCount} errors={data.errors} />
            {data.sample.length > 0 && (
              <DataTable
                caption="Die ersten Zeilen, wie sie importiert werden"
                minWidth={480}
                columns={['Zeile', 'Strecke', TERMS.startEnd, 'gefahren am', 'gültig bis']}
                rows={data.sample.slice(0, 5).map((row) => ({
                  key: row.line,
                  cells: [
                    row.line,
                    <>
                      {routeLabel(row)}
                      {row.existingRoute && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          (vorhanden)
                        </Text>
                      )}
                    </>,
                    <>
                      {pointText(row.startPoint, row.startStation)} – {pointText(row.endPoint, row.endStation)}
                    </>,
                    dateText(row.acquiredAt),
                    dateText(row.acquiredUntil),
                  ],
                }))}
              />
            )}
            <MergePreviewTable preview={data.merge} caption="Vorschau: das käme hinzu" />
          </>
        )}
      </CsvImportUpload>
    </TitledCard>
  );
}
