import { Card, List, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { formatDate } from '../../../lib/dates';
import { useChangelog } from '../api/get-changelog';
import { latestReleases } from '../news';

/** "Neuigkeiten": the three latest releases from the changelog; prereleases are left out. */
export function NewsCard() {
  const changelog = useChangelog();
  const releases = useMemo(() => latestReleases(changelog.data ?? []), [changelog.data]);
  return (
    <Card component="section" aria-labelledby="news-title">
      <Title order={2} size="h4" mb="xs" id="news-title">
        Neuigkeiten
      </Title>
      {changelog.isPending ? (
        <Text size="sm" c="dimmed">
          Wird geladen …
        </Text>
      ) : changelog.isError ? (
        <Text size="sm" c="dimmed">
          Die Neuigkeiten konnten nicht geladen werden.
        </Text>
      ) : releases.length === 0 ? (
        <Text size="sm" c="dimmed">
          Noch keine Neuigkeiten.
        </Text>
      ) : (
        <Stack gap="sm">
          {releases.map((release) => (
            <article key={release.version}>
              <Text fw={600} size="sm">
                Version {release.version}
                {release.date && (
                  <Text span c="dimmed" size="sm" fw={400}>
                    {' '}
                    vom {formatDate(release.date)}
                  </Text>
                )}
              </Text>
              <List size="sm" spacing={2}>
                {release.changes.map((change) => (
                  <List.Item key={change}>{change}</List.Item>
                ))}
              </List>
            </article>
          ))}
        </Stack>
      )}
    </Card>
  );
}
