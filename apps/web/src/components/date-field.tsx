import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { parseGermanDate } from '@streckenpass/contract/format';
import 'dayjs/locale/de';
import { useState } from 'react';

/** How a date field shows its value: "Mi, 10.12.2025" (weekday, TT.MM.JJJJ). */
export const DATE_FIELD_FORMAT = 'dd, DD.MM.YYYY';
export const DATE_FIELD_INVALID = 'Bitte ein Datum als TT.MM.JJJJ eingeben, z. B. 10.12.2025.';

export interface DateFieldProps extends Omit<
  DateInputProps,
  'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale' | 'minDate' | 'maxDate' | 'fixOnBlur'
> {
  /** `YYYY-MM-DD`, or '' when empty (what the forms hold). */
  value?: string | null;
  onChange?: (value: string) => void;
  /** Earliest / latest day the calendar offers, `YYYY-MM-DD`. A typed date outside is left to the form's rules. */
  min?: string;
  max?: string;
}

/**
 * The app's own date field, used by every form instead of `<input type="date">`: German whatever the browser's
 * language (an English browser showed mm/dd/yyyy and turned "10122025" into 12.10.2025). It shows
 * "Mi, 10.12.2025", reads what people type in Germany (`10.12.2025`, `10122025`, `1.2.25`; `parseGermanDate`) and
 * opens a German calendar (Monday first) to pick from. The value stays `YYYY-MM-DD` as the API takes it.
 *
 * Bad input is never dropped in silence: text that is no date stays in the field with a message beside it, and the
 * form's value is emptied so that it cannot be saved with the previous date. A date outside `min`/`max` is taken,
 * so that the form's own rule says what is wrong ("darf nicht nach heute liegen"); the calendar does not offer it.
 */
export function DateField({
  value,
  onChange,
  min,
  max,
  error,
  onBlur,
  onInput,
  onClick,
  popoverProps,
  ...props
}: DateFieldProps) {
  const [invalid, setInvalid] = useState(false);
  const [shownInvalid, setShownInvalid] = useState(false);
  // Typing hides the calendar: on a phone it covered the controls below the field while the date was typed. A tap
  // on the field shows it again.
  const [typing, setTyping] = useState(false);
  return (
    <DateInput
      placeholder="TT.MM.JJJJ"
      {...props}
      popoverProps={typing ? { ...popoverProps, opened: false } : popoverProps}
      onClick={(event) => {
        setTyping(false);
        onClick?.(event);
      }}
      value={value || null}
      onChange={(next) => {
        setShownInvalid(false);
        onChange?.(next ?? '');
      }}
      onInput={(event) => {
        const text = event.currentTarget.value;
        setTyping(true);
        setInvalid(text.trim() !== '' && parseGermanDate(text) === null);
        onInput?.(event);
      }}
      onBlur={(event) => {
        setTyping(false);
        if (invalid) {
          setShownInvalid(true);
          if (value) onChange?.('');
        }
        onBlur?.(event);
      }}
      error={shownInvalid ? DATE_FIELD_INVALID : error}
      fixOnBlur={!invalid}
      clearable={!props.required}
      clearButtonProps={{ 'aria-label': 'Datum löschen' }}
      valueFormat={DATE_FIELD_FORMAT}
      dateParser={parseGermanDate}
      locale="de"
      firstDayOfWeek={1}
      excludeDate={(day) => (!!min && day < min) || (!!max && day > max)}
      nextLabel="Nächster Monat"
      previousLabel="Vorheriger Monat"
      autoComplete="off"
    />
  );
}
