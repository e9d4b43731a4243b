import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The frame of a Betrieb's views across its drivers (matrix, "Wer kann fahren?"): the title with the Betrieb's name,
 * the way back to the Betrieb and to the other view, and the view itself — only for admins and Disponenten; a driver
 * who opens the address reads who may see it.
 */
export function BetriebViewFrame({
  betrieb,
  title,
  betriebPath,
  other,
  forbidden,
  maw,
  children,
}: {
  betrieb: Betrieb;
  title: string;
  betriebPath: string;
  other: { label: string; to: string };
  /** The sentence a driver reads instead of the view. */
  forbidden: string;
  maw?: number;
  children: ReactNode;
}) {
  const readsDrivers = betrieb.role === 'admin' || betrieb.role === 'disponent';
  return (
    <Stack gap="lg" maw={maw}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{betrieb.name}</Text>
      </Stack>
      <Group gap="sm">
        <Button component={Link} to={betriebPath} variant="subtle">
          Zum Betrieb
        </Button>
        {readsDrivers && (
          <Button component={Link} to={other.to} variant="light">
            {other.label}
          </Button>
        )}
      </Group>
      {readsDrivers ? children : <Text>{forbidden}</Text>}
    </Stack>
  );
}
