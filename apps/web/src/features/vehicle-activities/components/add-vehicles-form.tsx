import { Checkbox, Stack } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import { createVehicleActivitySchema } from '@streckenpass/contract/vehicle-activities';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { z } from 'zod';
import { germanMessage } from '../../../lib/api-errors';
import { useContractForm } from '../../../lib/use-contract-form';
import { useCreateVehicleActivity } from '../api/vehicle-activities';
import { FormError } from '../../../components/form-error';
import { FormSubmit } from '../../../components/form-submit';

/** The chosen vehicles that can still be added, as the contract's IRIs. */
const chosenVehicles = (chosen: readonly string[], vehicles: readonly Vehicle[]) =>
  chosen
    .map(Number)
    .filter((id) => vehicles.some((vehicle) => vehicle.id === id))
    .map((id) => toIri('vehicles', id));

/** "Fahrzeuge hinzufügen": links the chosen vehicles to a route activity (one vehicle activity). */
export function AddVehiclesForm({
  routeActivityId,
  vehicles,
  onAdded,
}: {
  routeActivityId: number;
  /** The vehicles that can still be added. */
  vehicles: Vehicle[];
  onAdded?: (count: number) => void;
}) {
  // The contract's list of vehicles; none chosen is asked for in the form's words.
  const schema = z.object({
    vehicles: z
      .array(z.string())
      .transform((chosen) => chosenVehicles(chosen, vehicles))
      .pipe(
        z
          .array(z.string())
          .min(1, 'Bitte wählen Sie mindestens ein Fahrzeug aus.')
          .pipe(createVehicleActivitySchema.shape.acquiredVehicles),
      ),
  });
  const { form, onSubmit, isPending, formError } = useContractForm(schema, useCreateVehicleActivity(), {
    initialValues: { vehicles: [] as string[] },
    toVariables: (values) => ({
      input: {
        acquiredVehicles: chosenVehicles(values.vehicles, vehicles),
        routeActivity: toIri('route_activities', routeActivityId),
      },
    }),
    onSuccess: (_result, values, form) => {
      form.setFieldValue('vehicles', []);
      onAdded?.(chosenVehicles(values.vehicles, vehicles).length);
    },
    errorMessage: (error) => `Die Fahrzeuge konnten nicht hinzugefügt werden: ${germanMessage(error)}`,
  });

  if (vehicles.length === 0) return null;

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <Checkbox.Group
          label="Fahrzeuge hinzufügen"
          description="Wählen Sie die Fahrzeuge, die Sie dabei gefahren haben."
          {...form.getInputProps('vehicles')}
        >
          <Stack gap={6} mt="xs">
            {vehicles.map((vehicle) => (
              <Checkbox key={vehicle.id} value={String(vehicle.id)} label={vehicle.name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <FormError error={formError} p="xs" />
        <FormSubmit loading={isPending} note="Die Fahrzeuge gelten mit dem Datum dieser Dokumentation als gefahren.">
          Fahrzeuge hinzufügen
        </FormSubmit>
      </Stack>
    </form>
  );
}
