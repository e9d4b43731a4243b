import { List, Text } from '@mantine/core';
import type { MergePreview } from '@streckenpass/contract/backup';
import { formatNumber } from '@streckenpass/contract/format';
import { DataTable } from './data-table';

/** What a restore or import adds, changes and leaves, per kind of record, with the first examples. */
export function MergePreviewTable({ preview, caption }: { preview: MergePreview; caption: string }) {
  const sections = preview.sections.filter((s) => s.added + s.changed + s.unchanged > 0);
  const examples = sections.flatMap((s) => s.examples.map((example) => `${s.label}: ${example}`)).slice(0, 12);
  return (
    <>
      <DataTable
        caption={caption}
        minWidth={320}
        columns={['Art', 'neu', 'ergänzt', 'schon vorhanden']}
        rowHeaders
        rows={sections.map((section) => ({
          key: section.section,
          cells: [
            section.label,
            formatNumber(section.added),
            formatNumber(section.changed),
            formatNumber(section.unchanged),
          ],
        }))}
      />
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
