import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailRow {
  label: string;
  value: ReactNode;
}

/** Label/value pairs of a record ("Stammdaten"), readable from 360 px on. */
export function DetailTable({ rows }: { rows: DetailRow[] }) {
  return (
    <Table variant="vertical" layout="fixed" withRowBorders>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th w="45%" fw={500} style={{ background: 'transparent' }}>
              {row.label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
