import { Box, Button, Drawer, Group, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { PeriodChoice } from '../documentation';
import { IconCalendar } from '@tabler/icons-react';
import { formatDate } from '../../../lib/dates';
import classes from './selection-action-bar.module.css';

export interface SelectionActionBarProps {
  visible: boolean;
  selectedCount: number;
  date: string;
  today: string;
  onDateChange: (date: string) => void;
  period: PeriodChoice;
  onPeriodChange: (period: PeriodChoice) => void;
  validUntilText: string;
  onSave: () => void;
  saving: boolean;
  /** Scrolls to the "Ausgewählte Objekte" card (the full list of what is selected). */
  onShowSelection: () => void;
}

/**
 * Phones: while something is selected and the "Ausgewählte Objekte" card is out of view, a bar at the bottom says
 * how much is selected and saves it – date and validity one tap away in a bottom sheet, no scrolling to the end.
 */
export function SelectionActionBar(props: SelectionActionBarProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const periodText = props.period === 'rule' ? 'nach Regel' : props.period === 'year' ? '1 Jahr' : '½ Jahr';
  // Short on the bar (a phone has 360 px for three controls); the full wording is in the accessible name.
  const dateText = props.date === props.today ? 'Heute' : formatDate(props.date).slice(0, 6);
  const shortText =
    props.period === 'half-year' ? `${dateText} · ½` : props.period === 'year' ? `${dateText} · 1 J.` : dateText;
  if (!props.visible) return null;
  return (
    <>
      {/* Room at the end of the page, so the bar never covers the last entries. */}
      <Box h={88} hiddenFrom="md" aria-hidden />
      <Box className={classes.bar} hiddenFrom="md" role="region" aria-label="Auswahl speichern">
        <Group gap={6} wrap="nowrap">
          <UnstyledButton className={classes.count} onClick={props.onShowSelection}>
            <Text fw={700} size="sm" span truncate>
              {props.selectedCount} ausgewählt
            </Text>
            <Text size="xs" c="dimmed" span truncate>
              Auswahl ansehen
            </Text>
          </UnstyledButton>
          <Button
            variant="default"
            onClick={open}
            leftSection={<IconCalendar size={16} aria-hidden />}
            styles={{ section: { marginInlineEnd: 4 } }}
            // The name starts with the visible text (WCAG 2.5.3) and says the rest.
            aria-label={`${shortText}: gefahren am ${formatDate(props.date)}, gültig ${periodText} – ändern`}
            px={8}
          >
            {shortText}
          </Button>
          <Button color="green" onClick={props.onSave} loading={props.saving} px={12}>
            Speichern
          </Button>
        </Group>
      </Box>
      <Drawer
        opened={opened}
        onClose={close}
        position="bottom"
        size="auto"
        title="Datum und Gültigkeit"
        closeButtonProps={{ 'aria-label': 'Schließen' }}
      >
        <Stack gap="sm" pb="md">
          <TextInput
            type="date"
            label="Zuletzt gefahren am"
            value={props.date}
            max={props.today}
            onChange={(event) => props.onDateChange(event.currentTarget.value)}
            required
          />
          <SegmentedControl
            fullWidth
            aria-label="Gültigkeit"
            value={props.period}
            onChange={(value) => props.onPeriodChange(value as PeriodChoice)}
            data={[
              { value: 'rule', label: 'Regel' },
              { value: 'year', label: '1 Jahr' },
              { value: 'half-year', label: '½ Jahr' },
            ]}
          />
          {props.validUntilText && (
            <Text size="sm" c="dimmed">
              Gültig bis {props.validUntilText}
            </Text>
          )}
          <Button onClick={close}>Fertig</Button>
        </Stack>
      </Drawer>
    </>
  );
}
