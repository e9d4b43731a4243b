import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId, useMemo } from 'react';
import { formatDate } from '../../../lib/dates';
import { useChangelog } from '../api/get-changelog';
import { changeHeadline, latestReleases } from '../news';
import type { ChangelogEntry } from '@streckenpass/contract/version';

/** How many headlines of the newest release the card shows before "Alle Änderungen". */
const HEADLINES_SHOWN = 5;

function ReleaseTitle({ release }: { release: ChangelogEntry }) {
  return (
    <Text fw={600} size="sm">
      Version {release.version}
      {release.date && (
        <Text span c="dimmed" size="sm" fw={400}>
          {' '}
          vom {formatDate(release.date)}
        </Text>
      )}
    </Text>
  );
}

/**
 * "Neu für Sie": what the newest release brings, as short headlines a driver reads at a glance; "Alle Änderungen"
 * opens the three latest releases in full (seed section 5: the three latest non-prerelease changelog entries).
 */
export function NewsCard() {
  const changelog = useChangelog();
  const releases = useMemo(() => latestReleases(changelog.data ?? []), [changelog.data]);
  const [open, { toggle }] = useDisclosure(false);
  const detailsId = useId();
  const newest = releases[0];
  const headlines = useMemo(
    () => [...new Set((newest?.changes ?? []).map(changeHeadline))].slice(0, HEADLINES_SHOWN),
    [newest],
  );
  return (
    <Card component="section" aria-labelledby="news-title">
      <Title order={2} size="h4" mb="xs" id="news-title">
        Neu für Sie
      </Title>
      {changelog.isPending ? (
        <Text size="sm" c="dimmed">
          Wird geladen …
        </Text>
      ) : changelog.isError ? (
        <Text size="sm" c="dimmed">
          Die Neuigkeiten konnten nicht geladen werden.
        </Text>
      ) : !newest ? (
        <Text size="sm" c="dimmed">
          Noch keine Neuigkeiten.
        </Text>
      ) : (
        <Stack gap="xs">
          <ReleaseTitle release={newest} />
          <List size="sm" spacing={2}>
            {headlines.map((headline) => (
              <List.Item key={headline}>{headline}</List.Item>
            ))}
          </List>
          <Button
            variant="subtle"
            size="sm"
            onClick={toggle}
            aria-expanded={open}
            aria-controls={detailsId}
            style={{ alignSelf: 'flex-start' }}
          >
            {open ? 'Weniger anzeigen' : 'Alle Änderungen'}
          </Button>
          {open && (
            <Stack gap="sm" id={detailsId}>
              {releases.map((release) => (
                <article key={release.version}>
                  <ReleaseTitle release={release} />
                  <List size="sm" spacing={2}>
                    {release.changes.map((change) => (
                      <List.Item key={change}>{change.replace(/\*\*|`/g, '')}</List.Item>
                    ))}
                  </List>
                </article>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Card>
  );
}
