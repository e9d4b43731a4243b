import { Button, NumberInput, Text, type NumberInputProps } from '@mantine/core';
import { BETRIEB_LIMITS } from '@streckenpass/contract/betriebe';
import { COVERAGE_WINDOW_DAYS } from '@streckenpass/contract/matrix';
import { updateRequirementSchema, type Requirement } from '@streckenpass/contract/requirements';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { germanMessage } from '../../../lib/api-errors';
import { routeRequirements } from '../api/requirements';
import { pairLabel } from './requirement-labels';

/*
 * A requirement's own minimum of drivers (issue 40): how many should know it beyond the coming window. Without one,
 * the Betrieb's home and the weekly mail count by the reader's choice in the coverage alert (else 1).
 */

const DESCRIPTION =
  `So viele Fahrer/innen sollen über die nächsten ${COVERAGE_WINDOW_DAYS} Tage hinaus streckenkundig sein; ` +
  'leer: wie im Hinweis zur Abdeckung gewählt';

/** The number field of a minimum: whole drivers, 1 to 1,000; empty for none. */
export function MinimumInput(props: NumberInputProps) {
  return (
    <NumberInput
      label="Minimum an Fahrer/innen (optional)"
      description={DESCRIPTION}
      placeholder="z. B. 3"
      allowDecimal={false}
      allowNegative={false}
      min={1}
      max={BETRIEB_LIMITS.coverageAlertMinMax}
      // A number out of range is named in German (the contract's message), never silently changed to 1 or 1,000.
      clampBehavior="none"
      {...props}
    />
  );
}

/** An admin's button beside a requirement: opens a dialog that sets or clears its minimum. */
export function MinimumButton({ betriebId, requirement }: { betriebId: number; requirement: Requirement }) {
  const update = routeRequirements.useUpdate(betriebId);
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<number | string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const open = () => {
    setValue(requirement.minDrivers ?? '');
    setProblem(null);
    update.reset();
    setOpened(true);
  };
  const save = () => {
    const minDrivers = value === '' ? null : Number(value);
    const checked = updateRequirementSchema.safeParse({ minDrivers });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Bitte eine ganze Zahl angeben.');
      return;
    }
    update.mutate({ id: requirement.id, patch: { minDrivers } }, { onSuccess: () => setOpened(false) });
  };
  return (
    <>
      <Button variant="subtle" aria-label={`Minimum für ${pairLabel(requirement)} ändern`} onClick={open}>
        Minimum
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Minimum der Anforderung"
        confirmLabel="Speichern"
        color="blue"
        busy={update.isPending}
        onConfirm={save}
      >
        <Text size="sm">{pairLabel(requirement)}</Text>
        <MinimumInput
          data-autofocus
          value={value}
          onChange={(next) => {
            setValue(next);
            setProblem(null);
          }}
          error={problem ?? (update.isError ? germanMessage(update.error) : null)}
        />
      </ConfirmDialog>
    </>
  );
}
