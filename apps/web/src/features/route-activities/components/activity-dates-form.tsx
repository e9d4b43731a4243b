import { Button, Group, Stack } from '@mantine/core';
import { isCalendarDate, validUntil } from '@streckenpass/contract/knowledge';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import { useMemo } from 'react';
import { z } from 'zod';
import { germanMessage } from '../../../lib/api-errors';
import { todayInput } from '../../../lib/dates';
import { useContractForm } from '../../../lib/use-contract-form';
import { useUpdateRouteActivity } from '../api/route-activities';
import { activityDateErrors, type ActivityDates } from '../route-activities';
import { FormError } from '../../../components/form-error';
import { DateField } from '../../../components/date-field';

/**
 * The two dates as the server checks them (`activityDateErrors`: real dates, the drive not after today unless it is
 * the stored date, "gültig bis" not before it), with the messages of the dates' rules.
 */
function activityDatesSchema(storedAt: string) {
  return z.object({ acquiredAt: z.string(), acquiredUntil: z.string() }).superRefine((values, context) => {
    for (const [field, message] of Object.entries(activityDateErrors(values, todayInput(), storedAt))) {
      if (message) context.addIssue({ code: 'custom', path: [field], message });
    }
  });
}

/** Edits "gefahren am" and "gültig bis" together (one PATCH), so the range stays valid. */
export function ActivityDatesForm({ activity, onDone }: { activity: RouteActivity; onDone: () => void }) {
  const schema = useMemo(() => activityDatesSchema(activity.acquiredAt), [activity.acquiredAt]);
  const { form, onSubmit, isPending, formError } = useContractForm(schema, useUpdateRouteActivity(activity.id), {
    initialValues: { acquiredAt: activity.acquiredAt, acquiredUntil: activity.acquiredUntil } satisfies ActivityDates,
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
        <FormError error={formError} p="xs" />
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" onClick={onDone} disabled={isPending}>
            Abbrechen
          </Button>
          <Button type="submit" loading={isPending}>
            Daten speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
