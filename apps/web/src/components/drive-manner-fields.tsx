import {
  Checkbox,
  Select,
  Stack,
  TextInput,
  type CheckboxGroupProps,
  type SelectProps,
  type TextInputProps,
} from '@mantine/core';
import { directionLabel, DRIVE_WAY_LABELS, DRIVE_WAYS, type DriveWay } from '@streckenpass/contract/drive-ways';
import { isPlace } from '@streckenpass/contract/knowledge-items';
import { normalizeTime, routeEnds, type RouteEnds } from '../lib/drive-manner';
import type { DirectionChoice } from '../lib/drive-form';

const WAY_OPTIONS = DRIVE_WAYS.map((way) => ({ value: way, label: DRIVE_WAY_LABELS[way] }));

/** A form's field: its value (always set; optional only as Mantine's `getInputProps` types it) and its change. */
type ChoiceProps<Value extends string> = Omit<SelectProps, 'value' | 'onChange' | 'data'> & {
  value?: Value;
  onChange: (value: Value) => void;
};

/** "Art der Fahrt": the six ways of TfV Anlage 8 Nr. 2, one always chosen. */
export function DriveWaySelect({ value, onChange, ...props }: ChoiceProps<DriveWay>) {
  return (
    <Select
      label="Art der Fahrt"
      {...props}
      data={WAY_OPTIONS}
      value={value}
      onChange={(next) => next && onChange(next as DriveWay)}
      allowDeselect={false}
    />
  );
}

/** "Richtung" of a drive of one route: towards its end, towards its start, or not given; none for a place. */
export function DirectionSelect({
  route,
  value,
  onChange,
  ...props
}: ChoiceProps<DirectionChoice> & { route: RouteEnds }) {
  // A place has no direction (issue 41 item 4): the field is not offered.
  if (isPlace(route)) return null;
  const ends = routeEnds(route);
  return (
    <Select
      label="Richtung"
      {...props}
      data={[
        { value: 'none', label: 'nicht angegeben' },
        { value: 'forward', label: directionLabel('forward', ends) },
        { value: 'reverse', label: directionLabel('reverse', ends) },
      ]}
      value={value}
      onChange={(next) => next && onChange(next as DirectionChoice)}
      allowDeselect={false}
    />
  );
}

/**
 * "Uhrzeit" as a text field, German whatever the browser's language (a time input showed "AM/PM" in an English one):
 * "05:40", or typed "540", "5.40", leaving the field as "05:40". Empty = none; a wrong time keeps its text for the
 * contract's message.
 */
export function TimeField({
  value,
  onChange,
  onBlur,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value?: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      label="Uhrzeit"
      placeholder="HH:MM"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      {...props}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        const normalized = normalizeTime(event.currentTarget.value);
        if (normalized !== value) onChange(normalized);
        onBlur?.(event);
      }}
    />
  );
}

/**
 * "Diese Arten der Fahrt erhalten die Streckenkunde": the ways of a validity rule (the account's, a route's own), at
 * least one – the contract's message otherwise.
 */
export function KeepingWaysField(props: Omit<CheckboxGroupProps, 'children'>) {
  return (
    <Checkbox.Group label="Diese Arten der Fahrt erhalten die Streckenkunde" {...props}>
      <Stack gap={0} mt="xs">
        {DRIVE_WAYS.map((way) => (
          <Checkbox key={way} value={way} label={DRIVE_WAY_LABELS[way]} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
