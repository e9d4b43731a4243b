import { Button, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState, type ShownQuery } from '../components/query-content';
import { paths } from '../config/paths';
import { useTitle } from './use-title';

/**
 * The shell of the account's pages: the document title and heading, the state of the queries the page waits for, its content and – on the
 * sub-pages that have it – the way back to "Konto".
 */
export function AccountPage({
  title,
  maw = 720,
  queries = [],
  backToAccount = false,
  children,
}: {
  title: string;
  maw?: number;
  /** Loading and failure are shown above the content; the page shows what has data. */
  queries?: ShownQuery[];
  backToAccount?: boolean;
  children: ReactNode;
}) {
  useTitle(title);
  return (
    <Stack gap="lg" maw={maw}>
      <Title order={1}>{title}</Title>
      <QueryState queries={queries} />
      {children}
      {backToAccount && (
        <Group>
          <Button component={Link} to={paths.account} variant="subtle">
            Zurück zum Konto
          </Button>
        </Group>
      )}
    </Stack>
  );
}
