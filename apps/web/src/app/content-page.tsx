import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTitle } from './use-title';

/** A public text page (about, legal notice, donations): its title and its sections, texts from content/public-pages. */
export function ContentPage({
  documentTitle,
  title,
  children,
}: {
  documentTitle: string;
  title: string;
  children: ReactNode;
}) {
  useTitle(documentTitle);
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}

/** One section of a content page: a card with its heading. */
export function ContentSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Title order={2} size="h3" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Paragraphs of a section, one below the other. */
export function ContentParagraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <Stack gap="xs">
      {paragraphs.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
    </Stack>
  );
}
