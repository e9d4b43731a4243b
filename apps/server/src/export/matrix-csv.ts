import type { Readable } from 'node:stream';
import { formatDate } from '@streckenpass/contract/format';
import {
  coverageLabel,
  MATRIX_NOT_REQUIRED_LABEL,
  matrixCellLabel,
  requirementShortLabel,
  vehicleCellLabel,
  vehicleCoverageLabel,
  vehicleTypeShortLabel,
} from '@streckenpass/contract/matrix';
import { nextCheckLabel } from '@streckenpass/contract/periodic-check';
import type { MatrixExport } from './matrix-model.js';
import { csvWriter } from './csv.js';

/**
 * A Betrieb's matrix as CSV (issue 28 item 3), like the driver's export (UTF-8 with BOM, `;`, CRLF, formulas
 * neutralised): a row per driver — name, depot, then one cell per requirement ('gültig bis 31.12.2027',
 * 'läuft bald ab (15.12.2026)', 'abgelaufen (…)', 'fehlt'; with ' (nicht gefordert)' where it is another depot's),
 * then one per required vehicle type ('bekannt (BR 218 Nr. 3)', 'fehlt'), then the next and the last check of the
 * infrastructure knowledge ('fällig am 15.12.2026', '01.06.2025 (Mainfranken Bahn)') —, after a blank line the totals
 * ('12 von 40 Fahrer/innen streckenkundig', '2 von 5 Fahrer/innen kennen den Typ') and the day the states hold for.
 * Streamed: the rows are read chunk by chunk as the client takes them.
 */
export function renderMatrixCsv(matrix: MatrixExport): Readable {
  const out = csvWriter();
  async function write() {
    const asked = (label: string, required: boolean) => (required ? label : `${label} (${MATRIX_NOT_REQUIRED_LABEL})`);
    out.write([
      'Name',
      'Depot',
      ...matrix.requirements.map(requirementShortLabel),
      ...matrix.vehicleTypes.map((type) => `Fahrzeugtyp ${vehicleTypeShortLabel(type)}`),
      'Nächste Überprüfung',
      'Letzte Überprüfung',
    ]);
    for await (const rows of matrix.rows) {
      for (const driver of rows) {
        out.write([
          driver.name,
          driver.depot?.name ?? '',
          ...driver.cells.map((cell) => asked(matrixCellLabel(cell), cell.required)),
          ...driver.vehicles.map((cell) => asked(vehicleCellLabel(cell), cell.required)),
          nextCheckLabel(driver.nextCheck, matrix.asOf),
          driver.nextCheck.lastCheck
            ? `${formatDate(driver.nextCheck.lastCheck.checkedOn)} (${driver.nextCheck.lastCheck.betrieb})`
            : '',
        ]);
      }
    }
    out.write([]);
    out.write([
      'Streckenkundig',
      '',
      ...matrix.totals.map(coverageLabel),
      ...matrix.vehicleTotals.map(vehicleCoverageLabel),
    ]);
    out.write(['Stand', formatDate(matrix.asOf)]);
    out.end();
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
