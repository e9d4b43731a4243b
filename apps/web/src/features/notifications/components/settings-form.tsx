import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormError } from '../../../components/form-error';

/**
 * The frame of a settings form (reminders, validity rules): its heading, its fields, then "gespeichert" once the last
 * save went through, the form's error, and "Speichern" on the right.
 */
export function SettingsForm({
  title,
  onSubmit,
  saved,
  formError,
  isPending,
  children,
}: {
  title: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saved: boolean;
  formError: string | null;
  isPending: boolean;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
        {saved && (
          <Alert color="green" role="status">
            Einstellungen erfolgreich gespeichert.
          </Alert>
        )}
        <FormError error={formError} />
        <Group justify="flex-end">
          <Button type="submit" loading={isPending}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
