import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { UndoableResult } from '../../components/undo-notification';
import { todayInput } from '../../lib/dates';
import { useContractForm } from '../../lib/use-contract-form';
import { planDocumentation, type PeriodChoice } from './documentation';
import { useDrivePreview, usePlannedRecording } from './use-record-documentation';

export interface QuickRecordValues {
  acquiredAt: string;
  period: PeriodChoice;
  tours: number[];
  routes: number[];
}

const chosenFields = { tours: z.array(z.number()), routes: z.array(z.number()) };

/**
 * The form of "Heute gefahren": the tours and routes tapped, the date (today) and the validity (the rule), saved by
 * the documentation page's rule (`planDocumentation`, made once per submit) – sent, or without a connection put into
 * the outbox. After a save the form goes back to today and the rule, and `saved` holds the message with "Rückgängig"
 * until the next choice; `onSaved` lets the card reset what it keeps itself.
 */
export function useQuickRecordForm(input: {
  tours: readonly Tour[];
  routes: readonly Route[];
  accountDays: number | null;
  onSaved: () => void;
}) {
  const { tours, routes, accountDays } = input;
  const planOf = (values: QuickRecordValues) =>
    planDocumentation({
      selection: { routes: values.routes, tours: values.tours, vehicles: [], places: [] },
      routes,
      tours,
      vehicles: [],
      acquiredAt: values.acquiredAt,
      period: values.period,
    });
  // As before a refused save leaves the choice as it is and shows no message on this card.
  const { schema, recording } = usePlannedRecording(chosenFields, planOf, { inline: true, channel: 'quick' });
  const [saved, setSaved] = useState<UndoableResult | null>(null);
  const contract = useContractForm(schema, recording, {
    initialValues: { acquiredAt: todayInput(), period: 'rule', tours: [], routes: [] } as QuickRecordValues,
    onSuccess: (done, _values, form) => {
      setSaved(done.result);
      form.setValues({ tours: [], routes: [], acquiredAt: todayInput(), period: 'rule' });
      input.onSaved();
    },
  });
  const { form, clearFormError } = contract;
  const { acquiredAt, period, tours: chosenTours, routes: chosenRoutes } = form.values;
  const selection = useMemo(
    () => ({ routes: chosenRoutes, tours: chosenTours, vehicles: [], places: [] }),
    [chosenRoutes, chosenTours],
  );
  const preview = useDrivePreview({ drive: { acquiredAt, period }, selection, routes, tours, accountDays });
  const toggle = (kind: 'tours' | 'routes', id: number) => {
    clearFormError();
    setSaved(null);
    form.setFieldValue(kind, (current: number[]) =>
      current.includes(id) ? current.filter((x) => x !== id) : [...current, id],
    );
  };
  return {
    ...contract,
    chosen: { tours: chosenTours, routes: chosenRoutes },
    toggle,
    ...preview,
    saved,
    closeSaved: () => setSaved(null),
  };
}
