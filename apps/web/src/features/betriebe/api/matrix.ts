import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Matrix, MatrixExportInput, MatrixQuery } from '@streckenpass/contract/matrix';
import type { WhoCanDrive, WhoCanDriveQuery } from '@streckenpass/contract/who-can-drive';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { downloadFile } from '../../../lib/save-file';

/*
 * The Betrieb's views across its drivers (issue 28 items 3 and 4), for admins and Disponenten: the matrix with its
 * filters, its CSV and signed PDF, and "Wer kann fahren?". The last matrix page read stays in the stored query cache,
 * so it can be read again without a connection.
 */

const keys = queryKeys.betriebe;
const path = (betriebId: number) => `/api/betriebe/${betriebId}`;

/** The filters as a query string, without the empty ones. */
export function searchOf(query: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useMatrix(betriebId: number, query: MatrixQuery) {
  return useQuery({
    queryKey: keys.matrix(betriebId, query),
    queryFn: () => api.get<Matrix>(`${path(betriebId)}/matrix${searchOf(query)}`),
    // Paging and filtering keep the last page on screen until the next one is there.
    placeholderData: keepPreviousData,
  });
}

export function useDownloadMatrixCsv(betriebId: number, filters: MatrixExportInput) {
  return useMutation({
    mutationFn: () =>
      downloadFile(`${path(betriebId)}/matrix.csv${searchOf(filters)}`, 'streckenkunde-matrix.csv', {
        accept: 'text/csv',
      }),
  });
}

/** The filters as a JSON body, without the empty ones (the contract's `matrixExportSchema`). */
export function bodyOf(filters: MatrixExportInput): MatrixExportInput {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as MatrixExportInput;
}

/**
 * The signed PDF: issuing it adds a document the Betrieb's readers can have verified at /pruefen. A POST with the
 * filters in its JSON body, as the contract (OpenAPI) says — not in the address.
 */
export function useDownloadMatrixPdf(betriebId: number, filters: MatrixExportInput) {
  return useMutation({
    mutationFn: () =>
      downloadFile(`${path(betriebId)}/matrix/pdf`, 'streckenkunde-matrix.pdf', {
        method: 'POST',
        accept: 'application/pdf',
        body: bodyOf(filters),
      }),
  });
}

/** Asked only once a requirement or both stations are chosen. */
export function useWhoCanDrive(betriebId: number, query: WhoCanDriveQuery, enabled: boolean) {
  return useQuery({
    queryKey: keys.whoCanDrive(betriebId, query),
    queryFn: () => api.get<WhoCanDrive>(`${path(betriebId)}/who-can-drive${searchOf(query)}`),
    enabled,
  });
}
