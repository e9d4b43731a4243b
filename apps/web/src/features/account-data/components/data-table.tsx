import { Table } from '@mantine/core';
import type { Key, ReactNode } from 'react';

/** A table of what a file would bring: caption, column headings, rows; it scrolls sideways on a phone. */
export function DataTable({
  caption,
  minWidth,
  columns,
  rows,
  rowHeaders = false,
}: {
  caption: string;
  minWidth: number;
  columns: string[];
  rows: { key: Key; cells: ReactNode[] }[];
  /** The first cell of each row names it (a header cell). */
  rowHeaders?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ key, cells }) => (
            <Table.Tr key={key}>
              {cells.map((cell, index) =>
                rowHeaders && index === 0 ? (
                  <Table.Th key={index} scope="row">
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={index}>{cell}</Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
