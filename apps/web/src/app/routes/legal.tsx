import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { legalPage as t } from '../../content/public-pages';
import { useTitle } from '../use-title';

export function Component() {
  useTitle(t.documentTitle);
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>{t.title}</Title>
      <Card>
        <Title order={2} size="h3" mb="sm">
          {t.imprintTitle}
        </Title>
        <Alert color="yellow" mb="sm" title={t.imprintNoteTitle}>
          {t.imprintNote}
        </Alert>
        {t.imprintLines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
      </Card>
      <Card>
        <Title order={2} size="h3" mb="sm">
          {t.privacyTitle}
        </Title>
        <Stack gap="xs">
          {t.privacy.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
        </Stack>
      </Card>
      <Card>
        <Title order={2} size="h3" mb="sm">
          {t.liabilityTitle}
        </Title>
        <Text>{t.liability}</Text>
      </Card>
      <Card>
        <Title order={2} size="h3" mb="sm">
          {t.sourcesTitle}
        </Title>
        <Stack gap="xs">
          {t.sources.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
