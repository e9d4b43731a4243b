import { Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './quick-record-card.module.css';

/** One tap target of "Heute gefahren": a route or tour, pressed while chosen. */
export function QuickRecordChoice({
  label,
  detail,
  selected,
  onToggle,
}: {
  label: string;
  detail: string;
  selected: boolean;
  onToggle: () => void;
}) {
  return (
    <UnstyledButton className={classes.choice} aria-pressed={selected} onClick={onToggle}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        </div>
        <span className={classes.mark} aria-hidden>
          {selected && <IconCheck size={18} />}
        </span>
      </Group>
    </UnstyledButton>
  );
}

/** A group of choices under its heading ("Jetzt fällig", "Touren", …); the heading is the group's name. */
export function QuickRecordGroup({
  label,
  heading,
  children,
}: {
  label: string;
  /** What the sighted driver reads above the group; the group's name is `label`. */
  heading?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div role="group" aria-label={label}>
      {heading !== undefined && (
        <Text size="sm" fw={600} mb={4} aria-hidden>
          {heading}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
        {children}
      </SimpleGrid>
    </div>
  );
}
