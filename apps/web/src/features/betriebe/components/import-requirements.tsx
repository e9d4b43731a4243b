import { List } from '@mantine/core';
import { keepingWaysLabel } from '@streckenpass/contract/drive-ways';
import { firstAcquisitionLabel } from '@streckenpass/contract/first-acquisition';
import { formatNumber } from '@streckenpass/contract/format';
import { IMPORT_MAX_MEGABYTES } from '@streckenpass/contract/import';
import { isPlace } from '@streckenpass/contract/knowledge-items';
import { plural } from '@streckenpass/contract/plural';
import { REQUIREMENT_IMPORT_COLUMNS } from '@streckenpass/contract/requirements';
import { sectionLabel } from '@streckenpass/contract/route-paths';
import { CsvFileRead, CsvImportUpload } from '../../../components/checked-file-upload';
import { SkippedLinesAlert } from '../../../components/skipped-lines-alert';
import { useImportRequirements, usePreviewRequirementImport } from '../api/requirements';
import { pairLabel } from './requirement-labels';

/** CSV import (admins): the file is checked first (preview and every bad line), written only when confirmed. */
export function ImportRequirements({ betriebId }: { betriebId: number }) {
  const preview = usePreviewRequirementImport(betriebId);
  const run = useImportRequirements(betriebId);
  return (
    <CsvImportUpload
      label="Anforderungen aus CSV-Datei prüfen"
      description={
        `Spalten: ${REQUIREMENT_IMPORT_COLUMNS.join('; ')} (auch „Von“/„Bis“ oder „Ziel“); Start und Ende als ` +
        'DS100-Kürzel oder genauer Bahnhofsname, ein Streckenabschnitt wie „4010 km 0,0–34,5“. Optional die eigenen ' +
        'Regeln: Minimum (ganze Zahl), Erhaltende Wege in Worten (z. B. „selbst gefahren, begleitete Fahrt“, getrennt ' +
        'durch Komma oder „/“), Ersterwerb Fahrten je Richtung, davon bei Dunkelheit (leer = 0) und Tage (leer = ohne ' +
        'Frist); leere Zellen = keine eigene Regel. Eine heruntergeladene Liste lässt sich so wieder einlesen. ' +
        `Höchstens ${IMPORT_MAX_MEGABYTES} MB. Gespeichert wird erst nach ` +
        'Bestätigung.'
      }
      preview={preview}
      run={run}
      importLabel={(data) => `${plural(data.added, 'Anforderung', 'Anforderungen')} importieren`}
      nothingToImport={(data) => data.added === 0}
    >
      {(data) => (
        <>
          <CsvFileRead data={data}>
            : {plural(data.added, 'neue Anforderung', 'neue Anforderungen')}, {formatNumber(data.existing)} schon
            vorhanden, {formatNumber(data.errorCount)} fehlerhaft.
          </CsvFileRead>
          <SkippedLinesAlert errorCount={data.errorCount} errors={data.errors} />
          {data.sample.length > 0 && (
            <List size="sm" spacing={2} aria-label="Vorschau der Anforderungen">
              {data.sample.map((row) => (
                <List.Item key={row.line}>
                  Zeile {row.line}: {pairLabel(row)}
                  {row.companyRoute ? ` · Kürzel ${row.companyRoute}` : ''}
                  {row.section ? ` · ${sectionLabel(row.section)}` : ''}
                  {row.depot ? ` · Depot ${row.depot}` : ''}
                  {row.minDrivers === null ? '' : ` · Minimum ${row.minDrivers}`}
                  {row.keepingWays ? ` · erhalten durch ${keepingWaysLabel(row.keepingWays)}` : ''}
                  {row.firstAcquisition ? ` · ${firstAcquisitionLabel(row.firstAcquisition, isPlace(row))}` : ''}
                  {row.existing ? ' (schon vorhanden)' : ''}
                </List.Item>
              ))}
            </List>
          )}
        </>
      )}
    </CsvImportUpload>
  );
}
