import { NumberInput, type NumberInputProps } from '@mantine/core';
import { VALIDITY_DAYS_MAX } from '@streckenpass/contract/notifications';

/**
 * "Eigene Anzahl Tage" of a validity rule (account, route, vehicle; docs/decisions/0020): whole days in the range the
 * contract allows; out-of-range input stays visible for the form's own German message instead of being clamped.
 */
export function ValidityDaysInput(props: Omit<NumberInputProps, 'min' | 'max' | 'clampBehavior' | 'allowDecimal'>) {
  return <NumberInput min={1} max={VALIDITY_DAYS_MAX} clampBehavior="none" allowDecimal={false} {...props} />;
}
