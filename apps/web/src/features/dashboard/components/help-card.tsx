import { Button, Card, Text, Title } from '@mantine/core';

/** "Hilfe erhalten": the way to the user documentation. */
export function HelpCard({ userDocumentationUrl }: { userDocumentationUrl: string }) {
  return (
    <Card component="section" aria-labelledby="help-title">
      <Title order={2} size="h4" mb="xs" id="help-title">
        Hilfe erhalten
      </Title>
      <Text size="sm" mb="md">
        Sie benötigen Hilfe oder haben Fragen? In der Anwenderdokumentation finden Sie Anleitungen zu allen Funktionen.
      </Text>
      <Button
        component="a"
        href={userDocumentationUrl}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        fullWidth
        // Long German words: the label may wrap instead of being cut off in a narrow card.
        h="auto"
        mih={44}
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        Zur Anwenderdokumentation
      </Button>
    </Card>
  );
}
