import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { PeriodChoice } from '../documentation';
import type { DocumentationValues } from '../use-documentation-form';
import { DateField } from '../../../components/date-field';

type DriveForm = UseFormReturnType<DocumentationValues>;

/** "Zuletzt gefahren am" of the documentation form; `onEdit` forgets the last message. */
export function DrivenOnInput({ form, today, onEdit }: { form: DriveForm; today: string; onEdit: () => void }) {
  const { onChange, ...input } = form.getInputProps('acquiredAt');
  return (
    <DateField
      label="Zuletzt gefahren am"
      {...input}
      max={today}
      onChange={(value) => {
        onEdit();
        onChange(value);
      }}
      required
    />
  );
}

/**
 * "Gültigkeit": the account's or the routes' rule, or explicitly one year or half a year (the documentation page and
 * "Heute gefahren").
 */
export function PeriodControl<Values extends { period: PeriodChoice }>({
  form,
  ...control
}: { form: UseFormReturnType<Values> } & Pick<SegmentedControlProps, 'aria-label' | 'aria-labelledby' | 'fullWidth'>) {
  return (
    <SegmentedControl
      fullWidth
      {...control}
      value={form.values.period}
      onChange={(value) => form.setFieldValue('period', value as never)}
      data={[
        { value: 'rule', label: 'Regel' },
        { value: 'year', label: '1 Jahr' },
        { value: 'half-year', label: '½ Jahr' },
      ]}
    />
  );
}
