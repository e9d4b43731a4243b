import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import type { FormEvent } from 'react';
import { todayInput } from '../../lib/dates';
import { useContractForm } from '../../lib/use-contract-form';
import { planDocumentation, type PeriodChoice } from './documentation';
import type { DocumentationSelection } from './store';
import { useDrivePreview, usePlannedRecording } from './use-record-documentation';

export interface DocumentationValues {
  acquiredAt: string;
  period: PeriodChoice;
}

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
    planDocumentation({ ...input, acquiredAt: values.acquiredAt, period: values.period });
  const { schema, recording, save } = usePlannedRecording({}, planOf);
  const contractForm = useContractForm(schema, recording, {
    initialValues: { acquiredAt: todayInput(), period: 'rule' } as DocumentationValues,
    onSuccess: (_done, _values, form) => {
      input.onDone();
      // The next drive is most likely today's again, by the rule: an explicit "½ Jahr" must not carry over silently.
      form.setValues({ acquiredAt: todayInput(), period: 'rule' });
    },
  });
  /** Forget the last message: the selection or the date changed. */
  const resetFeedback = () => {
    contractForm.clearFormError();
    save.reset();
  };
  const { selection, routes, tours, accountDays } = input;
  const preview = useDrivePreview({ drive: contractForm.form.values, selection, routes, tours, accountDays });
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
