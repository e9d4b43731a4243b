import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { BETRIEB_ROLES, type Betrieb, type BetriebRole, type Member } from '@streckenpass/contract/betriebe';
import { BETRIEB_ROLE_LABELS, readsMembers } from '@streckenpass/contract/terms';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryContent } from '../../../components/query-content';
import { TitledCard } from '../../../components/titled-card';
import { germanMessage } from '../../../lib/api-errors';
import { useMembers, useRemoveMember, useUpdateMember } from '../api/betriebe';
import { DriverLink } from './driver-link';

const roleOptions = BETRIEB_ROLES.map((role) => ({ value: role, label: BETRIEB_ROLE_LABELS[role] }));
const NO_DEPOT = '';

/**
 * The members of a Betrieb for its admins, Disponenten and examiners: name, role and depot (never an e-mail address). Admins
 * change a member's role and depot here and remove members; the server keeps the last admin.
 */
export function MembersCard({ betrieb }: { betrieb: Betrieb }) {
  const admin = betrieb.role === 'admin';
  const members = useMembers(betrieb.id, readsMembers(betrieb));
  const update = useUpdateMember(betrieb.id);
  const remove = useRemoveMember(betrieb.id);
  const [removing, setRemoving] = useState<Member | null>(null);
  const depotOptions = [
    { value: NO_DEPOT, label: 'Kein Depot' },
    ...betrieb.depots.map((depot) => ({ value: String(depot.id), label: depot.name })),
  ];
  const failure = update.error ?? remove.error;

  return (
    <TitledCard title="Mitglieder">
      {failure && (
        <Alert color="red" role="alert">
          {germanMessage(failure)}
        </Alert>
      )}
      <QueryContent query={members}>
        {(list) => (
          <Stack gap="xs">
            {list.map((member) => (
              <Paper key={member.id} component="section" withBorder p="sm" aria-label={member.name}>
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs">
                    <Text fw={600}>
                      {member.role === 'driver' ? (
                        // The driver's page shows what their consent shares (issue 38 item 13).
                        <DriverLink betriebId={betrieb.id} membershipId={member.id} name={member.name} inherit />
                      ) : (
                        member.name
                      )}
                      {member.you ? ' (Sie)' : ''}
                    </Text>
                    {!admin && <Badge variant="light">{BETRIEB_ROLE_LABELS[member.role]}</Badge>}
                  </Group>
                  {admin ? (
                    <>
                      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                        <Select
                          label={`Rolle von ${member.name}`}
                          data={roleOptions}
                          value={member.role}
                          allowDeselect={false}
                          disabled={update.isPending}
                          onChange={(role) => {
                            if (role && role !== member.role) {
                              update.mutate({ memberId: member.id, input: { role: role as BetriebRole } });
                            }
                          }}
                        />
                        {betrieb.depots.length > 0 && (
                          <Select
                            label={`Depot von ${member.name}`}
                            data={depotOptions}
                            value={member.depot ? String(member.depot.id) : NO_DEPOT}
                            allowDeselect={false}
                            disabled={update.isPending}
                            onChange={(value) =>
                              update.mutate({
                                memberId: member.id,
                                input: { depot: value ? Number(value) : null },
                              })
                            }
                          />
                        )}
                      </SimpleGrid>
                      {!member.you && (
                        <Group>
                          <Button
                            color="red"
                            variant="subtle"
                            aria-label={`${member.name} aus dem Betrieb entfernen`}
                            onClick={() => setRemoving(member)}
                          >
                            Entfernen
                          </Button>
                        </Group>
                      )}
                    </>
                  ) : (
                    member.depot && <Text size="sm">Depot: {member.depot.name}</Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryContent>
      <ConfirmDialog
        opened={removing !== null}
        onClose={remove.isPending ? () => {} : () => setRemoving(null)}
        title="Mitglied entfernen?"
        confirmLabel="Entfernen"
        gap="sm"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        <Text>{removing?.name} wird aus dem Betrieb entfernt. Der Betrieb sieht die Daten ab sofort nicht mehr.</Text>
      </ConfirmDialog>
    </TitledCard>
  );
}
