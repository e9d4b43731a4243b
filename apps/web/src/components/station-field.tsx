import { Autocomplete, Text } from '@mantine/core';
import { placeLabel, type StationIndex } from '@streckenpass/contract/stations';
import { useEffect, useMemo } from 'react';
import classes from './station-field.module.css';

/** Six suggestions of 44 px fit without a scrolling list (no scroll region to reach by keyboard). */
const SUGGESTIONS = 6;

export interface StationFieldProps {
  label: string;
  placeholder?: string;
  required?: boolean;
  /** The text as typed (or the chosen station's name). */
  value: string;
  /** The chosen station's DS100 code; null = free text. */
  station: string | null;
  index: StationIndex | null;
  onChange: (text: string, station: string | null) => void;
  error?: React.ReactNode;
  onBlur?: () => void;
}

/**
 * Start or end of a route (or of a Betrieb's requirement): a combobox over the DS100 station list. Typing "FF", "frankfurt hbf" or "muenchen"
 * suggests stations (code first, then name; the contract's matching); choosing one keeps its name as the text and
 * its code. Any other text stays allowed (junctions, sidings); a text equal to a station's name or code links it.
 * Arrow keys, Enter and Escape work as in every Mantine combobox; each suggestion is 44 px high.
 */
export function StationField({
  label,
  placeholder,
  required,
  value,
  station,
  index,
  onChange,
  error,
  onBlur,
}: StationFieldProps) {
  const matches = useMemo(() => (index && value.trim() ? index.search(value, SUGGESTIONS) : []), [index, value]);
  const data = useMemo(() => matches.map((s) => ({ value: s.code, label: s.name })), [matches]);
  const chosen = station && index ? index.byCode(station) : undefined;
  // A code or name typed before the station list had loaded links its station once the list is there, as typing it
  // afterwards would (a slow connection, or a fast hand: "NWH" typed at once stayed free text before).
  const pending = station === null && index !== null && value.trim() !== '' ? index.exact(value)?.code : undefined;
  useEffect(() => {
    if (pending) onChange(value, pending);
  }, [pending, value, onChange]);

  return (
    <Autocomplete
      label={label}
      placeholder={placeholder}
      required={required}
      value={value}
      data={data}
      // The index has ranked and limited the suggestions already.
      filter={({ options }) => options}
      classNames={{ option: classes.option }}
      withScrollArea={false}
      // Choosing a suggestion sets the text to the station's name (the option's label), which links it exactly.
      onChange={(text) => onChange(text, index?.exact(text)?.code ?? null)}
      renderOption={({ option }) => (
        <>
          <span>{index?.byCode(option.value)?.name ?? option.value}</span>
          <Text component="span" size="sm" c="dimmed" className={classes.code}>
            {option.value}
          </Text>
        </>
      )}
      description={chosen ? `Bahnhof: ${placeLabel(value, chosen)}` : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={error}
      onBlur={onBlur}
      autoComplete="off"
    />
  );
}
