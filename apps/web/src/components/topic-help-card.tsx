import { Button, Card, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** The original product's help cards ("Hilfe zur Dokumentation", "Hilfe zu den Touren"): a short text and the way to the user documentation. */
export function TopicHelpCard({ title, children, url }: { title: string; children: ReactNode; url: string }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="xs" id={id}>
        {title}
      </Title>
      <Text size="sm" mb="md">
        {children}
      </Text>
      <Button
        component="a"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        fullWidth
        h="auto"
        mih={44}
        py={6}
        // The text stays in the middle of its button however many lines it takes (it sat at the top).
        styles={{
          root: { display: 'flex', alignItems: 'center', justifyContent: 'center' },
          label: { whiteSpace: 'normal', textAlign: 'center' },
        }}
      >
        Zur Anwenderdokumentation
      </Button>
    </Card>
  );
}
