import { Button, Group, Stack, Text } from '@mantine/core';
import { depotFirstAcquisitionSchema, type Betrieb, type BetriebDepot } from '@streckenpass/contract/betriebe';
import { firstAcquisitionLabel, type FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FirstAcquisitionField } from '../../../components/first-acquisition-field';
import { germanMessage } from '../../../lib/api-errors';
import { useSetDepotFirstAcquisition } from '../api/requirements';

/*
 * A depot's first acquisition (issue 41 item 3, decision 0067): the Betrieb asks it for every requirement of the
 * depot that asks none of its own. Admins set it per depot; the whole Betrieb's requirements are not affected.
 */

type Problems = Partial<Record<keyof FirstAcquisition, string>>;

/** The contract's messages for the body, by the rule's field. */
function problemsOf(firstAcquisition: FirstAcquisition | null): Problems {
  const checked = depotFirstAcquisitionSchema.safeParse({ firstAcquisition });
  if (checked.success) return {};
  const problems: Problems = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[1] as keyof Problems | undefined;
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/** The Betrieb's depots with their first acquisition, each with the admins' button (none without depots). */
export function DepotRules({ betrieb }: { betrieb: Betrieb }) {
  if (betrieb.depots.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Ersterwerb je Depot
      </Text>
      <Text size="xs" c="dimmed">
        Gilt für jede Anforderung des Depots ohne eigenen Ersterwerb; Anforderungen für den ganzen Betrieb berührt er
        nicht.
      </Text>
      {betrieb.depots.map((depot) => (
        <Group key={depot.id} gap="xs" wrap="wrap">
          <Text size="sm">
            {depot.name}: {depot.firstAcquisition ? firstAcquisitionLabel(depot.firstAcquisition) : 'kein Ersterwerb'}
          </Text>
          <DepotRuleButton betriebId={betrieb.id} depot={depot} />
        </Group>
      ))}
    </Stack>
  );
}

/** An admin's button beside a depot: opens a dialog that sets or clears its first acquisition. */
export function DepotRuleButton({ betriebId, depot }: { betriebId: number; depot: BetriebDepot }) {
  const update = useSetDepotFirstAcquisition(betriebId);
  const [opened, setOpened] = useState(false);
  const [acquisition, setAcquisition] = useState<FirstAcquisition | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const open = () => {
    setAcquisition(depot.firstAcquisition);
    setProblems({});
    update.reset();
    setOpened(true);
  };
  const save = () => {
    const found = problemsOf(acquisition);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    update.mutate({ depotId: depot.id, firstAcquisition: acquisition }, { onSuccess: () => setOpened(false) });
  };
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        aria-label={`Ersterwerb für Depot ${depot.name} ändern`}
        onClick={open}
      >
        Ersterwerb
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Ersterwerb für Depot ${depot.name}`}
        confirmLabel="Speichern"
        color="blue"
        busy={update.isPending}
        onConfirm={save}
      >
        <Stack gap="sm">
          <Text size="sm">
            Für jede Anforderung dieses Depots, die keinen eigenen Ersterwerb verlangt: Bis eine Strecke ihn erfüllt,
            gilt die Fahrerin oder der Fahrer dafür als „in Ausbildung“.
          </Text>
          <FirstAcquisitionField
            label="Ersterwerb für dieses Depot verlangen"
            value={acquisition}
            onChange={(next) => {
              setAcquisition(next);
              setProblems({});
            }}
            errors={problems}
          />
          {update.isError && (
            <Text c="red" size="sm" role="alert">
              {germanMessage(update.error)}
            </Text>
          )}
        </Stack>
      </ConfirmDialog>
    </>
  );
}
