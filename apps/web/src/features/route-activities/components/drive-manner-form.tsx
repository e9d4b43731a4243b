import { Stack } from '@mantine/core';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import { z } from 'zod';
import { germanMessage } from '../../../lib/api-errors';
import { driveMannerFields, driveMannerInput, type DriveMannerValues } from '../../../lib/drive-form';
import { mannerOf, type RouteEnds } from '../../../lib/drive-manner';
import { useContractForm } from '../../../lib/use-contract-form';
import { DirectionSelect, DriveWaySelect, TimeField } from '../../../components/drive-manner-fields';
import { InlineFormActions } from '../../../components/inline-form-actions';
import { useUpdateRouteActivity } from '../api/route-activities';

/** The contract's way and time of day, a direction or none (`lib/drive-form.ts`). */
const driveMannerSchema = z.object(driveMannerFields);

/**
 * Edits how a drive was made: its way, its time of day and – for a drive of one route (`onlyRoute`) – its direction,
 * in one PATCH. The server computes its darkness again; a refused save keeps the input.
 */
export function DriveMannerForm({
  activity,
  onlyRoute,
  onDone,
}: {
  activity: RouteActivity;
  onlyRoute: RouteEnds | null;
  onDone: () => void;
}) {
  const manner = mannerOf(activity);
  const { form, onSubmit, isPending, formError } = useContractForm(
    driveMannerSchema,
    useUpdateRouteActivity(activity.id),
    {
      initialValues: {
        way: manner.way,
        time: manner.time ?? '',
        direction: manner.direction ?? 'none',
      } as DriveMannerValues,
      // A drive of several routes keeps its direction as it is (the form does not ask for it).
      toVariables: (values) => {
        const input = driveMannerInput(values);
        return onlyRoute ? input : { way: input.way, time: input.time };
      },
      onSuccess: onDone,
      errorMessage: (error) => `Die Angaben konnten nicht gespeichert werden: ${germanMessage(error)}`,
    },
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <DriveWaySelect {...form.getInputProps('way')} />
        <TimeField label="Uhrzeit (optional)" {...form.getInputProps('time')} />
        {onlyRoute && <DirectionSelect route={onlyRoute} {...form.getInputProps('direction')} />}
        <InlineFormActions error={formError} pending={isPending} onCancel={onDone} submitLabel="Angaben speichern" />
      </Stack>
    </form>
  );
}
