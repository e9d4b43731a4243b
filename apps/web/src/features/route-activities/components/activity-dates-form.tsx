import { Button, Group, Stack } from '@mantine/core';
import { isCalendarDate, validUntil } from '@streckenpass/contract/knowledge';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import { useMemo } from 'react';
import { germanMessage } from '../../../lib/api-errors';
import { todayInput } from '../../../lib/dates';
import { driveDate, driveDatesSchema } from '../../../lib/drive-form';
import { useContractForm } from '../../../lib/use-contract-form';
import { useUpdateRouteActivity } from '../api/route-activities';
import { InlineFormActions } from '../../../components/inline-form-actions';
import { DateField } from '../../../components/date-field';

const DATE_MISSING = 'Bitte ein Datum eingeben.';

/**
 * The two dates as the server checks a patch of them: the contract's dates and their rules, the day driven judged
 * against today only when it moved (a drive stored before that rule keeps its date editable).
 */
function activityDatesSchema(storedAt: string) {
  return driveDatesSchema(
    { acquiredAt: driveDate(DATE_MISSING), acquiredUntil: driveDate(DATE_MISSING) },
    ({ acquiredAt }) => (acquiredAt !== storedAt ? todayInput() : undefined),
  );
}

/** Edits "gefahren am" and "gültig bis" together (one PATCH), so the range stays valid. */
export function ActivityDatesForm({ activity, onDone }: { activity: RouteActivity; onDone: () => void }) {
  const schema = useMemo(() => activityDatesSchema(activity.acquiredAt), [activity.acquiredAt]);
  const { form, onSubmit, isPending, formError } = useContractForm(schema, useUpdateRouteActivity(activity.id), {
    initialValues: { acquiredAt: activity.acquiredAt, acquiredUntil: activity.acquiredUntil },
    onSuccess: onDone,
    errorMessage: (error) => `Die Daten konnten nicht gespeichert werden: ${germanMessage(error)}`,
  });
  const fromAcquiredAt = (period: 'year' | 'half-year') => {
    const { acquiredAt } = form.getValues();
    if (!isCalendarDate(acquiredAt)) return;
    form.setFieldValue('acquiredUntil', validUntil(acquiredAt, period));
    form.clearErrors();
  };

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <DateField label="Gefahren am" required {...form.getInputProps('acquiredAt')} />
        <DateField label="Gültig bis" required {...form.getInputProps('acquiredUntil')} />
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => fromAcquiredAt('year')}>
            Ein Jahr ab „Gefahren am“
          </Button>
          <Button size="xs" variant="default" onClick={() => fromAcquiredAt('half-year')}>
            Halbes Jahr ab „Gefahren am“
          </Button>
        </Group>
        <InlineFormActions error={formError} pending={isPending} onCancel={onDone} submitLabel="Daten speichern" />
      </Stack>
    </form>
  );
}
