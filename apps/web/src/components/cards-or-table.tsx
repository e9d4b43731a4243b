import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import classes from './cards-or-table.module.css';

/** A column of the table: its header and what each row shows in it. */
export interface Column<T> {
  header: ReactNode;
  cell: (item: T) => ReactNode;
}

/** One item as a card on a phone: name and a dimmed line beside its badge, then details, then its action. */
export interface ItemCard {
  title: ReactNode;
  subtitle: ReactNode;
  badge: ReactNode;
  details: ReactNode;
  action: ReactNode;
}

/**
 * A list of the user's things (issued proofs, share links) as a table, and on a phone as cards: a table would hide
 * the last column's action beyond the edge. The width is read at once, so there is no second paint. An empty list is
 * a sentence.
 */
export function CardsOrTable<T>({
  items,
  empty,
  itemKey,
  label,
  columns,
  card,
}: {
  /** Nothing while the list has not arrived. */
  items: T[] | undefined;
  /** The sentence for an empty list. */
  empty: string;
  itemKey: (item: T) => string | number;
  /** Names the list for screen readers: the cards' label, the table's caption. */
  label: string;
  columns: Column<T>[];
  card: (item: T) => ItemCard;
}) {
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  if (!items) return null;
  if (items.length === 0) return <Text size="sm">{empty}</Text>;
  if (phone) {
    return (
      <Stack gap="xs" component="ul" m={0} p={0} className={classes.list} aria-label={label}>
        {items.map((item) => {
          const { title, subtitle, badge, details, action } = card(item);
          return (
            <Paper key={itemKey(item)} component="li" withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <div className={classes.name}>
                  <Text fw={600}>{title}</Text>
                  <Text size="xs" c="dimmed">
                    {subtitle}
                  </Text>
                </div>
                {badge && <div className={classes.badge}>{badge}</div>}
              </Group>
              <Text size="sm" mt={4}>
                {details}
              </Text>
              {action}
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder>
        <Table.Caption>{label}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={index} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={itemKey(item)}>
              {columns.map((column, index) => (
                <Table.Td key={index}>{column.cell(item)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A table cell's main text with a dimmed note below it (a link's label and what it shows). */
export function CellWithNote({ children, note }: { children: ReactNode; note: ReactNode }) {
  return (
    <>
      {children}
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </>
  );
}
