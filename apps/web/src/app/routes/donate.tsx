import { Card, List, Stack, Text, Title } from '@mantine/core';
import { donatePage as t } from '../../content/public-pages';
import { useTitle } from '../use-title';

export function Component() {
  useTitle(t.documentTitle);
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>{t.title}</Title>
      <Text>{t.intro}</Text>
      <Card>
        <Title order={2} size="h3" mb="sm">
          {t.helpTitle}
        </Title>
        <List spacing="xs">
          {t.help.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Card>
      <Text c="dimmed" size="sm">
        {t.thanks}
      </Text>
    </Stack>
  );
}
