import { Card, Grid, Stack, Title, type CardProps } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { DetailTable, type DetailRow } from './detail-table';
import { RecordActions } from './record-actions';

/** "Stammdaten der …": a record's page heading, its label/value rows, then the ways to edit it and back. */
export function MasterDataCard({
  title,
  rows,
  edit,
  editLabel,
  action,
  children,
  ...card
}: {
  title: string;
  rows: DetailRow[];
  /** The record's edit page and its button's label ("Strecke bearbeiten"). */
  edit: string;
  editLabel: string;
  /** The page's main action, the first button under the rows ("Heute gefahren"). */
  action?: ReactNode;
  /** Shown between the rows and the buttons (a failed list the rows depend on). */
  children?: ReactNode;
} & CardProps) {
  return (
    <Card {...card}>
      <Stack gap="sm">
        <Title order={1} size="h3">
          {title}
        </Title>
        <DetailTable rows={rows} />
        {children}
        {action}
        <RecordActions edit={edit} label={editLabel} secondary={Boolean(action)} />
      </Stack>
    </Card>
  );
}

/** A record's page with lists of its own: the master data on the left, `children` on the right (below on phones). */
export function MasterDataGrid({
  master,
  children,
}: {
  master: ComponentProps<typeof MasterDataCard>;
  children: ReactNode;
}) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <MasterDataCard {...master} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>{children}</Grid.Col>
    </Grid>
  );
}
