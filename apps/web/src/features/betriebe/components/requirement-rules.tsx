import { Button, Select, Stack, Text } from '@mantine/core';
import { DEFAULT_KEEPING_WAYS, type DriveWay } from '@streckenpass/contract/drive-ways';
import type { FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import { updateRequirementSchema, type Requirement } from '@streckenpass/contract/requirements';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { KeepingWaysField } from '../../../components/drive-manner-fields';
import { FirstAcquisitionField } from '../../../components/first-acquisition-field';
import { germanMessage } from '../../../lib/api-errors';
import { routeRequirements } from '../api/requirements';
import { depotAcquisitionLabel, pairLabel } from './requirement-labels';

/*
 * A requirement's own rules (issue 41 items 2 and 3): which ways of a drive keep its knowledge valid for the Betrieb,
 * and a first acquisition before a driver's route counts for it. Without them, each driver's own rules count.
 */

type Problems = Partial<Record<'keepingWays' | 'drives' | 'dark' | 'days', string>>;

/** The contract's messages for a patch, by the field they belong to. */
function problemsOf(patch: { keepingWays: DriveWay[] | null; firstAcquisition: FirstAcquisition | null }): Problems {
  const checked = updateRequirementSchema.safeParse(patch);
  if (checked.success) return {};
  const problems: Problems = {};
  for (const issue of checked.error.issues) {
    const field = (issue.path[0] === 'keepingWays' ? 'keepingWays' : issue.path[1]) as keyof Problems | undefined;
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/** An admin's button beside a requirement: opens a dialog that sets or clears its own rules. */
export function RulesButton({ betriebId, requirement }: { betriebId: number; requirement: Requirement }) {
  const update = routeRequirements.useUpdate(betriebId);
  const [opened, setOpened] = useState(false);
  const [own, setOwn] = useState(false);
  const [ways, setWays] = useState<string[]>([]);
  const [acquisition, setAcquisition] = useState<FirstAcquisition | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const open = () => {
    setOwn(requirement.keepingWays !== undefined);
    setWays(requirement.keepingWays ?? [...DEFAULT_KEEPING_WAYS]);
    setAcquisition(requirement.firstAcquisition ?? null);
    setProblems({});
    update.reset();
    setOpened(true);
  };
  const save = () => {
    const patch = { keepingWays: own ? (ways as DriveWay[]) : null, firstAcquisition: acquisition };
    const found = problemsOf(patch);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    update.mutate({ id: requirement.id, patch }, { onSuccess: () => setOpened(false) });
  };
  return (
    <>
      <Button variant="subtle" aria-label={`Regeln für ${pairLabel(requirement)} ändern`} onClick={open}>
        Regeln
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Regeln der Anforderung"
        confirmLabel="Speichern"
        color="blue"
        busy={update.isPending}
        onConfirm={save}
      >
        <Stack gap="sm">
          <Text size="sm">{pairLabel(requirement)}</Text>
          <Select
            label="Welche Fahrten zählen"
            description="Für den Betrieb: welche Arten der Fahrt die Streckenkunde dieser Anforderung erhalten."
            data={[
              { value: 'drivers', label: 'wie bei den Fahrer/innen eingestellt' },
              { value: 'own', label: 'Eigene Auswahl des Betriebs' },
            ]}
            allowDeselect={false}
            value={own ? 'own' : 'drivers'}
            onChange={(value) => setOwn(value === 'own')}
          />
          {own && (
            <KeepingWaysField
              value={ways}
              onChange={(next) => {
                setWays(next);
                setProblems({});
              }}
              error={problems.keepingWays}
            />
          )}
          {requirement.depotFirstAcquisition && acquisition === null && (
            <Text size="sm" c="dimmed">
              Ohne eigenen gilt der {depotAcquisitionLabel(requirement.depotFirstAcquisition)}.
            </Text>
          )}
          <FirstAcquisitionField
            label="Ersterwerb verlangen, bevor die Anforderung als erfüllt gilt"
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
