import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Divider,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { PeriodChoice } from '../documentation';
import { plural, pluralWord } from '@streckenpass/contract/plural';
import { IconX } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import type { SelectionKind } from '../store';

export interface SelectedEntry {
  id: number | string;
  name: string;
}

const sections: { kind: SelectionKind; title: string; noun: string }[] = [
  { kind: 'routes', title: 'Ausgewählte Strecken', noun: 'Strecke' },
  { kind: 'tours', title: 'Ausgewählte Touren', noun: 'Tour' },
  { kind: 'vehicles', title: 'Ausgewählte Fahrzeuge', noun: 'Fahrzeug' },
  { kind: 'places', title: 'Ausgewählte Orte', noun: 'Ort' },
];

export interface SelectedObjectsCardProps {
  date: string;
  /** The latest date the input offers (today). */
  maxDate: string;
  onDateChange: (date: string) => void;
  period: PeriodChoice;
  onPeriodChange: (period: PeriodChoice) => void;
  /** "gültig bis" for the chosen date and period, already formatted; empty when the date is not valid. */
  validUntilText: string;
  selected: Record<SelectionKind, SelectedEntry[]>;
  /** How many routes saving would record (chosen routes + routes of tours and places). */
  routeCount: number;
  onRemove: (kind: SelectionKind, id: number | string) => void;
  onReset: () => void;
  onSave: () => void;
  saving: boolean;
  /** Why the last attempt did not work (validation or server), in German. */
  error: ReactNode;
  /** Export buttons (features/export) go here, below the save actions. */
  exportSlot?: ReactNode;
}

/** "Ausgewählte Objekte": date, validity, reset and save, then what is selected. */
export function SelectedObjectsCard(props: SelectedObjectsCardProps) {
  const headingId = useId();
  const nothingSelected = sections.every(({ kind }) => props.selected[kind].length === 0);
  return (
    <Card component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="sm" id={headingId}>
        Ausgewählte Objekte
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave();
        }}
      >
        <Stack gap="sm">
          <TextInput
            type="date"
            label="Zuletzt gefahren am"
            value={props.date}
            max={props.maxDate}
            onChange={(event) => props.onDateChange(event.currentTarget.value)}
            required
          />
          <div>
            <Text size="sm" fw={500} mb={4} id={`${headingId}-period`}>
              Gültigkeit
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby={`${headingId}-period`}
              value={props.period}
              onChange={(value) => props.onPeriodChange(value as PeriodChoice)}
              data={[
                { value: 'rule', label: 'Regel' },
                { value: 'year', label: '1 Jahr' },
                { value: 'half-year', label: '½ Jahr' },
              ]}
            />
            {props.validUntilText && (
              <Text size="xs" c="dimmed" mt={4}>
                Gültig bis {props.validUntilText}
              </Text>
            )}
          </div>
          {props.error && (
            <Alert color="red" role="alert" p="xs">
              {props.error}
            </Alert>
          )}
          <Button variant="default" onClick={props.onReset} disabled={props.saving || nothingSelected}>
            Auswahl zurücksetzen
          </Button>
          <Button type="submit" color="green" loading={props.saving}>
            Dokumentation speichern
          </Button>
          {props.exportSlot}
        </Stack>
      </form>
      <Divider my="md" />
      {nothingSelected ? (
        <Text size="sm" c="dimmed">
          Noch nichts ausgewählt. Markieren Sie mit dem Lesezeichen-Symbol die Strecken, Touren, Fahrzeuge oder Orte,
          die Sie gefahren sind.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" aria-live="polite">
            {`Es ${pluralWord(props.routeCount, 'wird', 'werden')} ${plural(props.routeCount, 'Strecke', 'Strecken')} dokumentiert.`}
          </Text>
          {sections.map(({ kind, title, noun }) =>
            props.selected[kind].length === 0 ? null : (
              <div key={kind}>
                <Title order={3} size="h6" mb={4}>
                  {title}
                </Title>
                <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                  {props.selected[kind].map((entry) => (
                    <Group key={entry.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {entry.name}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="md"
                        aria-label={`${noun} ${entry.name} entfernen`}
                        onClick={() => props.onRemove(kind, entry.id)}
                        disabled={props.saving}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
              </div>
            ),
          )}
        </Stack>
      )}
    </Card>
  );
}
