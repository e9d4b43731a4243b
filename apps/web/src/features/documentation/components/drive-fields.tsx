import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { PeriodChoice } from '../documentation';
import type { DocumentationValues } from '../use-documentation-form';
import { DateField } from '../../../components/date-field';
import { DirectionSelect, DriveWaySelect, TimeField } from '../../../components/drive-manner-fields';
import type { RouteEnds } from '../../../lib/drive-manner';

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

/**
 * "Art der Fahrt", "Uhrzeit (optional)" and, for a drive of exactly one route (`onlyRoute`), "Richtung" of the
 * documentation form; `onEdit` forgets the last message.
 */
export function DriveMannerInputs({
  form,
  onlyRoute,
  onEdit,
}: {
  form: DriveForm;
  onlyRoute: RouteEnds | null;
  onEdit: () => void;
}) {
  const input = <Field extends 'way' | 'time' | 'direction'>(field: Field) => {
    const { onChange, ...props } = form.getInputProps(field);
    return {
      ...props,
      value: form.values[field],
      onChange: (value: DocumentationValues[Field]) => {
        onEdit();
        onChange(value);
      },
    };
  };
  return (
    <>
      <DriveWaySelect {...input('way')} />
      <TimeField label="Uhrzeit (optional)" {...input('time')} />
      {onlyRoute && <DirectionSelect route={onlyRoute} {...input('direction')} />}
    </>
  );
}
