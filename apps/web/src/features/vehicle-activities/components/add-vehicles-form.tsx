import { Alert, Button, Checkbox, Stack, Text } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { useState } from 'react';
import { germanMessage } from '../../../lib/api-errors';
import { useCreateVehicleActivity } from '../api/create-vehicle-activity';

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
  const create = useCreateVehicleActivity();
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  if (vehicles.length === 0) return null;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const ids = chosen.map(Number).filter((id) => vehicles.some((vehicle) => vehicle.id === id));
        if (ids.length === 0) {
          setProblem('Bitte wählen Sie mindestens ein Fahrzeug aus.');
          return;
        }
        create.mutate(
          {
            input: {
              acquiredVehicles: ids.map((id) => toIri('vehicles', id)),
              routeActivity: toIri('route_activities', routeActivityId),
            },
          },
          {
            onSuccess: () => {
              setChosen([]);
              onAdded?.(ids.length);
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Checkbox.Group
          label="Fahrzeuge hinzufügen"
          description="Wählen Sie die Fahrzeuge, die Sie dabei gefahren haben."
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            setProblem(null);
          }}
          error={problem}
        >
          <Stack gap={6} mt="xs">
            {vehicles.map((vehicle) => (
              <Checkbox key={vehicle.id} value={String(vehicle.id)} label={vehicle.name} />
            ))}
          </Stack>
        </Checkbox.Group>
        {create.isError && (
          <Alert color="red" role="alert" p="xs">
            Die Fahrzeuge konnten nicht hinzugefügt werden: {germanMessage(create.error)}
          </Alert>
        )}
        <div>
          <Button type="submit" loading={create.isPending}>
            Fahrzeuge hinzufügen
          </Button>
        </div>
        <Text size="xs" c="dimmed">
          Die Fahrzeuge gelten mit dem Datum dieser Dokumentation als gefahren.
        </Text>
      </Stack>
    </form>
  );
}
