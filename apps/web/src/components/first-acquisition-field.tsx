import { Checkbox, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import type { FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import { FIRST_ACQUISITION_MAX_DRIVES } from '@streckenpass/contract/first-acquisition';

/** What the route form asks when a first acquisition is switched on: 2 drives per direction, 1 in darkness, 90 days. */
export const FIRST_ACQUISITION_DEFAULT: FirstAcquisition = { drives: 2, dark: 1, days: 90 };

/** A number field's value as the rule holds it: a typed number, else NaN (the contract's schema names the problem). */
const numberOf = (value: string | number) =>
  typeof value === 'number' ? value : value === '' ? Number.NaN : Number(value);

/**
 * A first acquisition (issue 41 item 3) — a route's, or a Betrieb's requirement's — as one form field (Mantine's `getInputProps` shape): off (null), or
 * drives per direction, of them in darkness, and within how many days (empty: no limit). The contract's
 * `firstAcquisitionSchema` judges it; its messages arrive as `errors` by path.
 */
export function FirstAcquisitionField({
  value,
  onChange,
  errors = {},
  label = 'Ersterwerb verlangen, bevor die Strecke als bekannt gilt',
  place = false,
}: {
  /** A place (Ortskunde): its drives are counted without a direction. */
  place?: boolean;
  /** The switch's words: what the first acquisition is asked for (a route, a Betrieb's requirement). */
  label?: string;
  value: FirstAcquisition | null;
  onChange: (value: FirstAcquisition | null) => void;
  /** Messages by the rule's field (`drives`, `dark`, `days`). */
  errors?: Partial<Record<keyof FirstAcquisition, string>>;
}) {
  return (
    <Stack gap="xs">
      <Checkbox
        label={label}
        description={`${place ? 'Fahrten' : 'Fahrten je Richtung'}, davon bei Dunkelheit, innerhalb eines Zeitraums (z. B. nach den Regeln Ihres Betriebs).`}
        checked={value !== null}
        onChange={(event) => onChange(event.currentTarget.checked ? FIRST_ACQUISITION_DEFAULT : null)}
      />
      {value !== null && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput
            label={place ? 'Fahrten' : 'Fahrten je Richtung'}
            min={1}
            max={FIRST_ACQUISITION_MAX_DRIVES}
            clampBehavior="none"
            allowDecimal={false}
            value={Number.isNaN(value.drives) ? '' : value.drives}
            onChange={(drives) => onChange({ ...value, drives: numberOf(drives) })}
            error={errors.drives}
          />
          <NumberInput
            label="davon bei Dunkelheit"
            min={0}
            max={FIRST_ACQUISITION_MAX_DRIVES}
            clampBehavior="none"
            allowDecimal={false}
            value={Number.isNaN(value.dark) ? '' : value.dark}
            onChange={(dark) => onChange({ ...value, dark: numberOf(dark) })}
            error={errors.dark}
          />
          <NumberInput
            label="innerhalb von Tagen"
            description="leer: ohne Frist"
            min={1}
            max={3650}
            clampBehavior="none"
            allowDecimal={false}
            value={value.days ?? ''}
            onChange={(days) => onChange({ ...value, days: days === '' ? null : numberOf(days) })}
            error={errors.days}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
