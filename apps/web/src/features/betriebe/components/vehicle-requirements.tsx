import { Alert, Badge, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import {
  createVehicleRequirementSchema,
  type VehicleRequirement,
  type VehicleRequirementMatch,
} from '@streckenpass/contract/requirements';
import { useState } from 'react';
import { CardsOrTable, type Column } from '../../../components/cards-or-table';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryContent, type ShownQuery } from '../../../components/query-content';
import { germanMessage } from '../../../lib/api-errors';
import { vehicleRequirements } from '../api/requirements';
import { RequirementForm, useRequirementForm } from './requirement-form';

interface Values {
  vehicleType: string;
  depot: string | null;
}
const toSent = (values: Values) => ({
  vehicleType: values.vehicleType,
  depot: values.depot ? Number(values.depot) : null,
});

const depotLabel = (requirement: VehicleRequirement) =>
  requirement.depot ? `Depot ${requirement.depot.name}` : 'ganzer Betrieb';

/**
 * The vehicle types the Betrieb requires (issue 28 item 2), inside the card "Anforderungen": admins add and delete
 * them; a driver sees whether they have a vehicle of each type (its name, case and blanks ignored).
 */
export function VehicleRequirements({ betrieb }: { betrieb: Betrieb }) {
  const isAdmin = betrieb.role === 'admin';
  const isDriver = betrieb.role === 'driver';
  const list = vehicleRequirements.list.use(betrieb.id, !isDriver);
  const matches = vehicleRequirements.matches.use(betrieb.id, isDriver);
  const create = vehicleRequirements.useCreate(betrieb.id);
  const remove = vehicleRequirements.useDelete(betrieb.id);
  const [toDelete, setToDelete] = useState<VehicleRequirement | null>(null);
  const { form, frame } = useRequirementForm(createVehicleRequirementSchema, toSent, create, {
    vehicleType: '',
    depot: null,
  } as Values);

  const query: ShownQuery<(VehicleRequirement | VehicleRequirementMatch)[]> = isDriver ? matches : list;
  const vehicleText = (requirement: VehicleRequirementMatch) =>
    requirement.vehicle ? `Ihr Fahrzeug: ${requirement.vehicle.name}` : 'Kein Fahrzeug dieses Typs';
  const deleteButton = (requirement: VehicleRequirement) => (
    <Button
      color="red"
      variant="subtle"
      aria-label={`Fahrzeugtyp ${requirement.vehicleType} löschen`}
      onClick={() => setToDelete(requirement)}
    >
      Löschen
    </Button>
  );
  const columns: Column<VehicleRequirementMatch>[] = [
    { header: 'Fahrzeugtyp', cell: (requirement) => requirement.vehicleType },
    { header: 'Gilt für', cell: depotLabel },
    ...(isDriver ? [{ header: 'Ihr Fahrzeug', cell: vehicleText }] : []),
    ...(isAdmin ? [{ header: 'Aktion', cell: deleteButton }] : []),
  ];

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Fahrzeugtypen
      </Title>
      {isAdmin && (
        <RequirementForm
          label="Fahrzeugtyp hinzufügen"
          betrieb={betrieb}
          depotLabel="Depot des Fahrzeugtyps (optional)"
          {...frame}
        >
          <TextInput label="Fahrzeugtyp" placeholder="z. B. BR 218" {...form.getInputProps('vehicleType')} />
        </RequirementForm>
      )}
      {remove.isError && (
        <Alert color="red" role="alert">
          {germanMessage(remove.error)}
        </Alert>
      )}
      <QueryContent query={query}>
        {(items) => (
          <CardsOrTable<VehicleRequirementMatch>
            items={items.map((item) => ({ vehicle: null, ...item }))}
            empty="Noch keine Fahrzeugtypen."
            itemKey={(requirement) => requirement.id}
            label="Geforderte Fahrzeugtypen"
            columns={columns}
            card={(requirement) => ({
              title: requirement.vehicleType,
              subtitle: depotLabel(requirement),
              badge: isDriver ? (
                <Badge color={requirement.vehicle ? 'green' : 'gray'} variant="light">
                  {requirement.vehicle ? 'erfüllt' : 'fehlt'}
                </Badge>
              ) : null,
              details: isDriver ? vehicleText(requirement) : null,
              action: isAdmin ? deleteButton(requirement) : null,
            })}
          />
        )}
      </QueryContent>
      <ConfirmDialog
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Fahrzeugtyp löschen?"
        confirmLabel="Löschen"
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })}
      >
        <Text size="sm">{toDelete?.vehicleType} wird aus den geforderten Fahrzeugtypen entfernt.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
