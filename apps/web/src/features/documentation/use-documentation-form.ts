import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { useEffect, useRef, type FormEvent } from 'react';
import { todayInput } from '../../lib/dates';
import { useContractForm } from '../../lib/use-contract-form';
import { driveMannerFields, type DriveMannerValues } from '../../lib/drive-form';
import { defaultDriveWay } from '../../lib/drive-way-preference';
import { planDocumentation, type PeriodChoice } from './documentation';
import type { DocumentationSelection } from './store';
import { useDrivePreview, usePlannedRecording } from './use-record-documentation';

export interface DocumentationValues extends DriveMannerValues {
  acquiredAt: string;
  period: PeriodChoice;
}

/** A new drive: today, by the rule, the way used last, no time and no direction. */
const freshValues = (): DocumentationValues => ({
  acquiredAt: todayInput(),
  period: 'rule',
  way: defaultDriveWay(),
  time: '',
  direction: 'none',
});

/**
 * "Dokumentation speichern" (the "Ausgewählte Objekte" card and, on phones, the action bar: one form in two places).
 * The selection stays in its store; what the drive records, or why it cannot, is `planDocumentation`, the rule
 * "Heute gefahren" follows too. `record` sends the drive or puts it into the outbox; a refused save is `save.error`.
 */
export function useDocumentationForm(input: {
  selection: DocumentationSelection;
  routes: readonly Route[];
  tours: readonly Tour[];
  vehicles: readonly Vehicle[];
  accountDays: number | null;
  onDone: () => void;
}) {
  const planOf = (values: DocumentationValues) =>
    planDocumentation({ ...input, acquiredAt: values.acquiredAt, period: values.period, manner: values });
  const { schema, recording, save } = usePlannedRecording({ direction: driveMannerFields.direction }, planOf);
  const contractForm = useContractForm(schema, recording, {
    initialValues: freshValues(),
    onSuccess: (_done, _values, form) => {
      input.onDone();
      // The next drive is most likely today's again, by the rule: an explicit "½ Jahr" must not carry over silently.
      // Its way is the one just used; time and direction are the next drive's own.
      form.setValues(freshValues());
    },
  });
  /** Forget the last message: the selection or the date changed. */
  const resetFeedback = () => {
    contractForm.clearFormError();
    save.reset();
  };
  const { selection, routes, tours, accountDays } = input;
  const preview = useDrivePreview({ drive: contractForm.form.values, selection, routes, tours, accountDays });
  // A direction belongs to its route: another selection asks again.
  const onlyRouteId = preview.onlyRoute?.id ?? null;
  const directionOf = useRef(onlyRouteId);
  const { setFieldValue } = contractForm.form;
  useEffect(() => {
    if (directionOf.current === onlyRouteId) return;
    directionOf.current = onlyRouteId;
    setFieldValue('direction', 'none');
  }, [onlyRouteId, setFieldValue]);
  return {
    ...contractForm,
    ...preview,
    onSubmit: (event?: FormEvent<HTMLFormElement>) => {
      save.reset();
      contractForm.onSubmit(event);
    },
    save,
    resetFeedback,
  };
}
