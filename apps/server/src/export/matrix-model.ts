import type { Betrieb } from '@streckenpass/contract/betriebe';
import type { MatrixDriver, MatrixTotal } from '@streckenpass/contract/matrix';
import type { Requirement } from '@streckenpass/contract/requirements';

/** One filtered matrix to export: its Betrieb, columns, totals and, page by page, its rows. */
export interface MatrixExport {
  betrieb: Betrieb;
  asOf: string;
  requirements: Requirement[];
  totals: MatrixTotal[];
  total: number;
  rows: AsyncIterable<MatrixDriver[]>;
}
