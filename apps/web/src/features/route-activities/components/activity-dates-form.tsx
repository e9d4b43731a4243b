import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { isCalendarDate, validUntil } from '@streckenpass/contract/knowledge';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import { useState } from 'react';
import { germanMessage } from '../../../lib/api-errors';
import { todayInput } from '../../../lib/dates';
import { useUpdateRouteActivity } from '../api/update-route-activity';
import { activityDateErrors, type ActivityDates } from '../route-activities';

/** Edits "gefahren am" and "gültig bis" together (one PATCH), so the range stays valid. */
export function ActivityDatesForm({ activity, onDone }: { activity: RouteActivity; onDone: () => void }) {
  const update = useUpdateRouteActivity(activity.id);
  const [values, setValues] = useState<ActivityDates>({
    acquiredAt: activity.acquiredAt,
    acquiredUntil: activity.acquiredUntil,
  });
  const [errors, setErrors] = useState<Partial<ActivityDates>>({});
  const set = (field: keyof ActivityDates) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const fromAcquiredAt = (period: 'year' | 'half-year') => {
    if (!isCalendarDate(values.acquiredAt)) return;
    setValues((current) => ({ ...current, acquiredUntil: validUntil(current.acquiredAt, period) }));
    setErrors({});
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const found = activityDateErrors(values, todayInput(), activity.acquiredAt);
        setErrors(found);
        if (Object.keys(found).length > 0) return;
        update.mutate(values, { onSuccess: onDone });
      }}
    >
      <Stack gap="sm">
        <TextInput
          type="date"
          label="Gefahren am"
          value={values.acquiredAt}
          onChange={set('acquiredAt')}
          error={errors.acquiredAt}
          required
        />
        <TextInput
          type="date"
          label="Gültig bis"
          value={values.acquiredUntil}
          onChange={set('acquiredUntil')}
          error={errors.acquiredUntil}
          required
        />
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => fromAcquiredAt('year')}>
            Ein Jahr ab „Gefahren am“
          </Button>
          <Button size="xs" variant="default" onClick={() => fromAcquiredAt('half-year')}>
            Halbes Jahr ab „Gefahren am“
          </Button>
        </Group>
        {update.isError && (
          <Alert color="red" role="alert" p="xs">
            Die Daten konnten nicht gespeichert werden: {germanMessage(update.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" onClick={onDone} disabled={update.isPending}>
            Abbrechen
          </Button>
          <Button type="submit" loading={update.isPending}>
            Daten speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
