import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ForbiddenError, NotFoundError } from '../lib/api-errors';

/** A record that does not exist (404) or belongs to someone else (403) looks the same to the user. */
export function isMissingRecord(error: unknown): boolean {
  return error instanceof NotFoundError || error instanceof ForbiddenError;
}

/** The German "nicht gefunden" state of a record page. */
export function RecordNotFound({
  title,
  text,
  backTo,
  backLabel,
}: {
  title: string;
  text: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Card maw={560}>
      <Stack gap="sm">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text>{text}</Text>
        <Button component={Link} to={backTo} variant="light">
          {backLabel}
        </Button>
      </Stack>
    </Card>
  );
}
