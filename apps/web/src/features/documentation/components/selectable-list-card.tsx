import { ActionIcon, Button, Card, Group, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBookmark, IconBookmarkFilled, IconEye, IconSearch } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';

export interface SelectableItem<Id extends number | string> {
  id: Id;
  /** The text shown and searched for, e.g. "Uelzen - Celle · Kürzel N30.1". */
  label: string;
  /** The name used in the button labels ("Strecke Uelzen - Celle auswählen"). */
  name: string;
  /** A second, quieter line (e.g. "3 Strecken"). */
  detail?: string;
  /** The item's own page, if it has one. */
  to?: string;
}

export interface SelectableListCardProps<Id extends number | string> {
  title: string;
  /** "Strecke", "Tour", …: used in the accessible names of the buttons. */
  noun: string;
  /** The items that match the search. */
  items: SelectableItem<Id>[];
  total: number;
  search: string;
  onSearch: (text: string) => void;
  searchPlaceholder: string;
  isSelected: (id: Id) => boolean;
  onToggle: (id: Id) => void;
  /** Shown when there is nothing at all yet (what to do first). */
  empty: ReactNode;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
}

/** On a phone a list shows this many entries (plus every selected one) until the user asks for all. */
export const COLLAPSED_ENTRIES = 5;

/**
 * A card "Title (shown / total)" with a search box and, per item, a bookmark toggle and a link to its page. On a
 * phone a long list is collapsed to its first entries and the selected ones; searching shows every match.
 */
export function SelectableListCard<Id extends number | string>(props: SelectableListCardProps<Id>) {
  const { title, noun, items, total, query } = props;
  const headingId = useId();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [expanded, setExpanded] = useState(false);
  const collapsible = phone && !props.search.trim() && items.length > COLLAPSED_ENTRIES;
  const shown =
    collapsible && !expanded
      ? items.filter((item, index) => index < COLLAPSED_ENTRIES || props.isSelected(item.id))
      : items;
  return (
    <Card component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="sm" id={headingId}>
        {title} ({items.length} / {total})
      </Title>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : total === 0 ? (
        props.empty
      ) : (
        <Stack gap="xs">
          <TextInput
            type="search"
            value={props.search}
            onChange={(event) => props.onSearch(event.currentTarget.value)}
            placeholder={props.searchPlaceholder}
            aria-label={props.searchPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
          />
          {items.length === 0 ? (
            <Text size="sm" c="dimmed" py="xs">
              Keine Treffer für „{props.search.trim()}“.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
              <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {shown.map((item) => {
                  const selected = props.isSelected(item.id);
                  return (
                    <Group key={item.id} component="li" gap="xs" wrap="nowrap" justify="space-between" py={4}>
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={selected ? 600 : undefined} style={{ overflowWrap: 'anywhere' }}>
                          {item.label}
                        </Text>
                        {item.detail && (
                          <Text size="xs" c="dimmed">
                            {item.detail}
                          </Text>
                        )}
                      </div>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant={selected ? 'light' : 'subtle'}
                          size="lg"
                          aria-pressed={selected}
                          aria-label={`${noun} ${item.name} auswählen`}
                          title={selected ? 'Ausgewählt – zum Abwählen klicken' : 'Für die Dokumentation auswählen'}
                          onClick={() => props.onToggle(item.id)}
                        >
                          {selected ? (
                            <IconBookmarkFilled size={20} aria-hidden />
                          ) : (
                            <IconBookmark size={20} aria-hidden />
                          )}
                        </ActionIcon>
                        {item.to && (
                          <ActionIcon
                            component={Link}
                            to={item.to}
                            variant="subtle"
                            color="gray"
                            size="lg"
                            aria-label={`${noun} ${item.name} ansehen`}
                            title="Ansehen"
                          >
                            <IconEye size={20} aria-hidden />
                          </ActionIcon>
                        )}
                      </Group>
                    </Group>
                  );
                })}
              </Stack>
            </ScrollArea.Autosize>
          )}
          {collapsible && (
            <Button variant="subtle" size="sm" onClick={() => setExpanded((value) => !value)}>
              {expanded ? 'Weniger zeigen' : `Alle ${items.length} zeigen`}
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
}
