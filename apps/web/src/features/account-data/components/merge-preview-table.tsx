import { List, Table, Text } from '@mantine/core';
import type { MergePreview } from '@streckenpass/contract/backup';
import { formatNumber } from '@streckenpass/contract/format';

/** What a restore or import adds, changes and leaves, per kind of record, with the first examples. */
export function MergePreviewTable({ preview, caption }: { preview: MergePreview; caption: string }) {
  const sections = preview.sections.filter((s) => s.added + s.changed + s.unchanged > 0);
  const examples = sections.flatMap((s) => s.examples.map((example) => `${s.label}: ${example}`)).slice(0, 12);
  return (
    <>
      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Art</Table.Th>
              <Table.Th scope="col">neu</Table.Th>
              <Table.Th scope="col">ergänzt</Table.Th>
              <Table.Th scope="col">schon vorhanden</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sections.map((section) => (
              <Table.Tr key={section.section}>
                <Table.Th scope="row">{section.label}</Table.Th>
                <Table.Td>{formatNumber(section.added)}</Table.Td>
                <Table.Td>{formatNumber(section.changed)}</Table.Td>
                <Table.Td>{formatNumber(section.unchanged)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {examples.length > 0 && (
        <List size="sm" spacing={2}>
          {examples.map((example) => (
            <List.Item key={example} style={{ overflowWrap: 'anywhere' }}>
              {example}
            </List.Item>
          ))}
        </List>
      )}
      {preview.nothingToDo && <Text size="sm">Alles ist bereits vorhanden; es würde nichts geändert.</Text>}
    </>
  );
}
