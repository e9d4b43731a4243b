import { ActionIcon, Alert, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { plural, pluralWord } from '@streckenpass/contract/plural';
import { IconX } from '@tabler/icons-react';
import { useId, type FormEvent, type ReactNode } from 'react';
import type { SelectionKind } from '../store';
import type { DocumentationValues } from '../use-documentation-form';
import type { RouteEnds } from '../../../lib/drive-manner';
import { DriveMannerInputs, DrivenOnInput, PeriodControl } from './drive-fields';

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
  /** Date and validity of the drive (`useDocumentationForm`). */
  form: UseFormReturnType<DocumentationValues>;
  /** The latest date the input offers. */
  today: string;
  /** The date was changed: the last message no longer applies. */
  onEdit: () => void;
  /** "gültig bis" for the chosen date and period, already formatted; empty when the date is not valid. */
  validUntilText: string;
  selected: Record<SelectionKind, SelectedEntry[]>;
  /** How many routes saving would record (chosen routes + routes of tours and places). */
  routeCount: number;
  /** The route when saving would record exactly one: the form asks for the direction. */
  onlyRoute: RouteEnds | null;
  onRemove: (kind: SelectionKind, id: number | string) => void;
  onReset: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** Why the last attempt did not work (validation or server), in German. */
  error: ReactNode;
  /** Export buttons (features/export) go here, below the save actions. */
  exportSlot?: ReactNode;
}

/** "Ausgewählte Objekte": date, way, time (and direction), validity, reset and save, then what is selected. */
export function SelectedObjectsCard(props: SelectedObjectsCardProps) {
  const headingId = useId();
  const nothingSelected = sections.every(({ kind }) => props.selected[kind].length === 0);
  return (
    <Card component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="sm" id={headingId}>
        Ausgewählte Objekte
      </Title>
      <form onSubmit={props.onSubmit}>
        <Stack gap="sm">
          <DrivenOnInput form={props.form} today={props.today} onEdit={props.onEdit} />
          <DriveMannerInputs form={props.form} onlyRoute={props.onlyRoute} onEdit={props.onEdit} />
          <div>
            <Text size="sm" fw={500} mb={4} id={`${headingId}-period`}>
              Gültigkeit
            </Text>
            <PeriodControl form={props.form} aria-labelledby={`${headingId}-period`} />
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
