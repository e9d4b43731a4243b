import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { readsDrivers } from '@streckenpass/contract/terms';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

const VIEWS = {
  matrix: {
    title: 'Matrix der Streckenkunde',
    link: 'Matrix',
    path: paths.betriebMatrix,
    other: 'whoCanDrive',
    forbidden: 'Die Matrix sehen Admins und Disponent/innen des Betriebs.',
    maw: undefined,
  },
  whoCanDrive: {
    title: 'Wer kann fahren?',
    link: 'Wer kann fahren?',
    path: paths.betriebWhoCanDrive,
    other: 'matrix',
    forbidden: 'Wer fahren kann, sehen Admins und Disponent/innen des Betriebs.',
    maw: 720,
  },
} as const;

/**
 * The frame of a Betrieb's views across its drivers (matrix, "Wer kann fahren?"): the title with the Betrieb's name,
 * the way back to the Betrieb and to the other view, and the view itself — only for admins and Disponenten; a driver
 * who opens the address reads who may see it.
 */
export function BetriebViewFrame({
  betrieb,
  view,
  children,
}: {
  betrieb: Betrieb;
  view: 'matrix' | 'whoCanDrive';
  children: ReactNode;
}) {
  const { title, other, forbidden, maw } = VIEWS[view];
  const betriebPath = paths.betrieb(betrieb.id);
  const staff = readsDrivers(betrieb);
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
        {staff && (
          <Button component={Link} to={VIEWS[other].path(betrieb.id)} variant="light">
            {VIEWS[other].link}
          </Button>
        )}
      </Group>
      {staff ? children : <Text>{forbidden}</Text>}
    </Stack>
  );
}
