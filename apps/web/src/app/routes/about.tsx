import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { aboutPage as t, type Inline } from '../../content/public-pages';
import { useTitle } from '../use-title';

function InlineText({ parts }: { parts: readonly Inline[] }) {
  return parts.map((part, index) => {
    if (typeof part === 'string') return part;
    if ('code' in part) return <code key={index}>{part.code}</code>;
    return (
      <Anchor key={index} href={part.href}>
        {part.text}
      </Anchor>
    );
  });
}

export function Component() {
  useTitle(t.documentTitle);
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>{t.title}</Title>
      <Text>{t.intro}</Text>
      <Card>
        <Title order={2} size="h3" mb="sm">
          {t.howTitle}
        </Title>
        <List spacing="xs" type="ordered">
          {t.howSteps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </Card>
      <Card>
        <Title order={2} size="h3" mb="sm">
          {t.appTitle}
        </Title>
        <Text>{t.appText}</Text>
      </Card>
      <Card>
        <Title order={2} size="h3" mb="sm">
          {t.developersTitle}
        </Title>
        <Text>
          <InlineText parts={t.developers} />
        </Text>
      </Card>
      <Group>
        <Button component={Link} to={paths.home}>
          {t.toLogin}
        </Button>
        <Button component={Link} to={paths.donate} variant="default">
          {t.toDonate}
        </Button>
      </Group>
    </Stack>
  );
}
