import { ActionIcon, Anchor, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import type { Route } from '@streckenpass/contract/routes';
import { IconBookmark, IconBookmarkFilled, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { routeLabel } from '../../../lib/record-labels';

/** Documentation search rule (seed section 5): case-insensitive substring of the name. */
export function matchesSearch(route: Pick<Route, 'name'>, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('de');
  return !needle || route.name.toLocaleLowerCase('de').includes(needle);
}

/** "Strecken auswählen": search plus one bookmark toggle per route. */
export function RoutePicker({
  routes,
  selected,
  onToggle,
}: {
  routes: readonly Route[];
  selected: readonly string[];
  onToggle: (routeIri: string) => void;
}) {
  const [search, setSearch] = useState('');
  const shown = routes.filter((route) => matchesSearch(route, search));

  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Strecken auswählen{' '}
          <Text span c="dimmed" size="sm" fw={400}>
            ({shown.length} / {routes.length})
          </Text>
        </Title>
        <TextInput
          aria-label="Nach einer Strecke suchen"
          placeholder="Nach einer Strecke suchen"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
        />
        {routes.length === 0 ? (
          <Text c="dimmed" size="sm">
            Noch keine Strecken angelegt.{' '}
            <Anchor component={Link} to={paths.routeNew}>
              Strecke erstellen
            </Anchor>
          </Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed" size="sm">
            Keine Strecke passt zur Suche.
          </Text>
        ) : (
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Strecken">
            {shown.map((route) => {
              const iri = toIri('routes', route.id);
              const pressed = selected.includes(iri);
              return (
                <Group key={route.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {routeLabel(route)}
                  </Text>
                  <ActionIcon
                    // "transparent" has no hover fill, so after a tap only the pressed state looks selected.
                    variant={pressed ? 'light' : 'transparent'}
                    size="lg"
                    aria-pressed={pressed}
                    aria-label={`${route.name} auswählen`}
                    onClick={() => onToggle(iri)}
                  >
                    {pressed ? <IconBookmarkFilled size={20} aria-hidden /> : <IconBookmark size={20} aria-hidden />}
                  </ActionIcon>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
