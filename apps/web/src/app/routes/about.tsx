import { Anchor, Button, Group, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { aboutPage as t, type Inline } from '../../content/public-pages';
import { ContentPage, ContentSection } from '../content-page';

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
  return (
    <ContentPage documentTitle={t.documentTitle} title={t.title}>
      <Text>{t.intro}</Text>
      <ContentSection title={t.howTitle}>
        <List spacing="xs" type="ordered">
          {t.howSteps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </ContentSection>
      <ContentSection title={t.appTitle}>
        <Text>{t.appText}</Text>
      </ContentSection>
      <ContentSection title={t.developersTitle}>
        <Text>
          <InlineText parts={t.developers} />
        </Text>
      </ContentSection>
      <Group>
        <Button component={Link} to={paths.home}>
          {t.toLogin}
        </Button>
        <Button component={Link} to={paths.donate} variant="default">
          {t.toDonate}
        </Button>
      </Group>
    </ContentPage>
  );
}
