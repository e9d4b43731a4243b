import { Box, Button, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { IconCalendar } from '@tabler/icons-react';
import { formatDate } from '../../../lib/dates';
import type { DocumentationValues } from '../use-documentation-form';
import type { RouteEnds } from '../../../lib/drive-manner';
import { DriveMannerInputs, DrivenOnInput, PeriodControl } from './drive-fields';
import classes from './selection-action-bar.module.css';

export interface SelectionActionBarProps {
  visible: boolean;
  selectedCount: number;
  /** The documentation form of the "Ausgewählte Objekte" card (`useDocumentationForm`), shown again here. */
  form: UseFormReturnType<DocumentationValues>;
  today: string;
  /** The date was changed: the last message no longer applies. */
  onEdit: () => void;
  validUntilText: string;
  /** The route when saving would record exactly one: the sheet asks for the direction too. */
  onlyRoute: RouteEnds | null;
  onSubmit: () => void;
  saving: boolean;
  /** Scrolls to the "Ausgewählte Objekte" card (the full list of what is selected). */
  onShowSelection: () => void;
  /** Why the last "Speichern" did not save: shown on the bar itself, where the driver tapped. */
  error?: ReactNode;
}

/**
 * Phones: while something is selected and the "Ausgewählte Objekte" card is out of view, a bar at the bottom says
 * how much is selected and saves it – date and validity one tap away in a bottom sheet, no scrolling to the end.
 */
export function SelectionActionBar(props: SelectionActionBarProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const { acquiredAt: date, period } = props.form.values;
  const periodText = period === 'rule' ? 'nach Regel' : period === 'year' ? '1 Jahr' : '½ Jahr';
  // Short on the bar (a phone has 360 px for three controls); the full wording is in the accessible name.
  const dateText = date === props.today ? 'Heute' : formatDate(date).slice(0, 6);
  const shortText = period === 'half-year' ? `${dateText} · ½` : period === 'year' ? `${dateText} · 1 J.` : dateText;
  if (!props.visible) return null;
  return (
    <>
      {/* Room at the end of the page, so the bar never covers the last entries. */}
      <Box h={88} hiddenFrom="md" aria-hidden />
      <Box className={classes.bar} hiddenFrom="md" role="region" aria-label="Auswahl speichern">
        {props.error && (
          <Text c="red" size="sm" fw={600} role="alert" mb={6}>
            {props.error}
          </Text>
        )}
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
            aria-label={`${shortText}: gefahren am ${formatDate(date)}, gültig ${periodText} – ändern`}
            px={8}
          >
            {shortText}
          </Button>
          <Button color="green" onClick={() => props.onSubmit()} loading={props.saving} px={12}>
            Speichern
          </Button>
        </Group>
      </Box>
      <Drawer
        opened={opened}
        onClose={close}
        position="bottom"
        size="auto"
        title="Datum, Art der Fahrt und Gültigkeit"
        closeButtonProps={{ 'aria-label': 'Schließen' }}
      >
        <Stack gap="sm" pb="md">
          <DrivenOnInput form={props.form} today={props.today} onEdit={props.onEdit} />
          <DriveMannerInputs form={props.form} onlyRoute={props.onlyRoute} onEdit={props.onEdit} />
          <PeriodControl form={props.form} aria-label="Gültigkeit" />
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
