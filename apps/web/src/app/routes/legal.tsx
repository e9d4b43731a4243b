import { Alert, Text } from '@mantine/core';
import { legalPage as t } from '../../content/public-pages';
import { ContentPage, ContentParagraphs, ContentSection } from '../content-page';

export function Component() {
  return (
    <ContentPage documentTitle={t.documentTitle} title={t.title}>
      <ContentSection title={t.imprintTitle}>
        <Alert color="yellow" mb="sm" title={t.imprintNoteTitle}>
          {t.imprintNote}
        </Alert>
        {t.imprintLines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
      </ContentSection>
      <ContentSection title={t.privacyTitle}>
        <ContentParagraphs paragraphs={t.privacy} />
      </ContentSection>
      <ContentSection title={t.liabilityTitle}>
        <Text>{t.liability}</Text>
      </ContentSection>
      <ContentSection title={t.sourcesTitle}>
        <ContentParagraphs paragraphs={t.sources} />
      </ContentSection>
    </ContentPage>
  );
}
