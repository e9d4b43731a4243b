import { Card, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of a settings or data page: its heading, then its content one below the other. */
export function TitledCard({
  title,
  gap = 'sm',
  children,
}: {
  title: string;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Card>
      <Stack gap={gap}>
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
