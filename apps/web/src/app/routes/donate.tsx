import { List, Text } from '@mantine/core';
import { donatePage as t } from '../../content/public-pages';
import { ContentPage, ContentSection } from '../content-page';

export function Component() {
  return (
    <ContentPage documentTitle={t.documentTitle} title={t.title}>
      <Text>{t.intro}</Text>
      <ContentSection title={t.helpTitle}>
        <List spacing="xs">
          {t.help.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </ContentSection>
      <Text c="dimmed" size="sm">
        {t.thanks}
      </Text>
    </ContentPage>
  );
}
