import { ActionIcon, Card, Group, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled, IconEye, IconSearch } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';

export interface SelectableItem<Id extends number | string> {
  id: Id;
  /** The text shown and searched for, e.g. "Uelzen - Celle → N30.1". */
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

/** A card "Title (shown / total)" with a search box and, per item, a bookmark toggle and a link to its page. */
export function SelectableListCard<Id extends number | string>(props: SelectableListCardProps<Id>) {
  const { title, noun, items, total, query } = props;
  const headingId = useId();
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
                {items.map((item) => {
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
        </Stack>
      )}
    </Card>
  );
}
