import { Checkbox, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  ATTESTATION_KIND_LABELS,
  ATTESTATION_KINDS,
  ATTESTATION_LIMITS,
  attestationDateViolations,
  createAttestationSchema,
  type AttestationKind,
  type CreateAttestationInput,
} from '@streckenpass/contract/attestations';
import { requirementShortLabel } from '@streckenpass/contract/matrix';
import type { Requirement } from '@streckenpass/contract/requirements';
import { useEffect } from 'react';
import { z } from 'zod';
import { DateField } from '../../../components/date-field';
import { FormFrame } from '../../../components/form-frame';
import { FormSubmit } from '../../../components/form-submit';
import { todayInput } from '../../../lib/dates';
import { sentValuesSchema, useContractForm } from '../../../lib/use-contract-form';
import { useCreateAttestation } from '../api/attestations';

interface Values {
  kind: AttestationKind;
  checkedOn: string;
  requirementIds: string[];
  /** One line or section per line of text. */
  lines: string;
  examinerName: string;
  note: string;
}

const toSent = (values: Values): CreateAttestationInput => ({
  kind: values.kind,
  checkedOn: values.checkedOn,
  requirementIds: values.requirementIds.map(Number),
  lines: values.lines
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
  ...(values.examinerName.trim() ? { examinerName: values.examinerName } : {}),
  ...(values.note.trim() ? { note: values.note } : {}),
});

/** The contract's schema over what is sent, and the rule it cannot know alone: the day not after today. */
const schema = z.custom<Values>().superRefine((values, context) => {
  const sent = sentValuesSchema<Values>(createAttestationSchema, toSent).safeParse(values);
  for (const issue of sent.error?.issues ?? [])
    context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  for (const violation of attestationDateViolations(values.checkedOn, todayInput())) {
    context.addIssue({ code: 'custom', message: violation.message, path: [violation.propertyPath] });
  }
});

/**
 * "Bescheinigung ausstellen" (issue 41 item 5) for an admin or examiner on a driver's page: what is attested (a first
 * acquisition confirmed or a periodic check passed), the day, the Betrieb's requirements it covers and lines in the
 * examiner's words, the examiner's name (the caller's unless another is given) and a note. Issued, it is signed and
 * can only be withdrawn, never changed — the form says so before it is sent.
 */
export function AttestationForm({
  betriebId,
  membershipId,
  driverName,
  requirements,
  examinerName,
}: {
  betriebId: number;
  membershipId: number;
  driverName: string;
  requirements: readonly Requirement[];
  examinerName: string;
}) {
  const create = useCreateAttestation(betriebId, membershipId);
  const initialValues: Values = {
    kind: 'periodic_check',
    checkedOn: todayInput(),
    requirementIds: [],
    lines: '',
    examinerName,
    note: '',
  };
  const { form, onSubmit, isPending, formError } = useContractForm(schema, create, {
    initialValues,
    toVariables: toSent,
    onSuccess: (_result, _values, contractForm) => contractForm.setValues(initialValues),
  });
  // The caller's name arrives with the members list: prefilled unless something was typed already.
  const { isTouched, setFieldValue, getValues } = form;
  useEffect(() => {
    if (examinerName && !isTouched('examinerName') && getValues().examinerName !== examinerName) {
      setFieldValue('examinerName', examinerName);
    }
  }, [examinerName, isTouched, setFieldValue, getValues]);
  return (
    <FormFrame label="Bescheinigung ausstellen" onSubmit={onSubmit} formError={formError}>
      {/* Radios, not a segmented control: the kinds' words wrap on a phone instead of being cut. */}
      <Radio.Group label="Art der Bescheinigung" {...form.getInputProps('kind')}>
        <Stack gap={6} mt={6}>
          {ATTESTATION_KINDS.map((kind) => (
            <Radio key={kind} value={kind} label={ATTESTATION_KIND_LABELS[kind]} />
          ))}
        </Stack>
      </Radio.Group>
      <DateField label="Datum der Überprüfung" max={todayInput()} required {...form.getInputProps('checkedOn')} />
      {requirements.length > 0 && (
        <Checkbox.Group label="Abgedeckte Anforderungen des Betriebs" {...form.getInputProps('requirementIds')}>
          <Stack gap={6} mt={6}>
            {requirements.map((requirement) => (
              <Checkbox
                key={requirement.id}
                value={String(requirement.id)}
                label={`${requirementShortLabel(requirement)} (${requirement.startStation.name} – ${requirement.endStation.name})`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Textarea
        label="Weitere Strecken"
        description="Eine je Zeile, z. B. „3601 Frankfurt–Mannheim“."

        rows={2}
        {...form.getInputProps('lines')}
      />
      <TextInput
        label="Name der Prüferin/des Prüfers"
        maxLength={ATTESTATION_LIMITS.examinerNameLength}
        {...form.getInputProps('examinerName')}
      />
      <Textarea
        label="Bemerkung (optional)"
        maxLength={ATTESTATION_LIMITS.noteLength}

        rows={2}
        {...form.getInputProps('note')}
      />
      <Text size="xs" c="dimmed">
        Die Bescheinigung für {driverName} wird signiert ausgestellt und bleibt bei ihr/ihm, auch nach einem Wechsel des
        Betriebs. Sie lässt sich danach nicht mehr ändern, nur widerrufen.
      </Text>
      <FormSubmit loading={isPending}>Bescheinigung ausstellen</FormSubmit>
    </FormFrame>
  );
}
