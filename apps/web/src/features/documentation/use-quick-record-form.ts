import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { UndoableResult } from '../../components/undo-notification';
import { todayInput } from '../../lib/dates';
import { useContractForm } from '../../lib/use-contract-form';
import type { DriveMannerValues } from '../../lib/drive-form';
import { timeNow } from '../../lib/drive-manner';
import { defaultDriveWay } from '../../lib/drive-way-preference';
import { planDocumentation, type PeriodChoice } from './documentation';
import { useDrivePreview, usePlannedRecording } from './use-record-documentation';

export interface QuickRecordValues extends Pick<DriveMannerValues, 'way' | 'time'> {
  acquiredAt: string;
  period: PeriodChoice;
  tours: number[];
  routes: number[];
}

const chosenFields = { tours: z.array(z.number()), routes: z.array(z.number()) };

/**
 * The form of "Heute gefahren": the tours and routes tapped, the date (today), the validity (the rule), the way (the
 * last one used) and the time (now, at the moment of the save unless the driver typed one), saved by
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
      manner: values,
    });
  // As before a refused save leaves the choice as it is and shows no message on this card.
  const { schema, recording } = usePlannedRecording(chosenFields, planOf, { inline: true, channel: 'quick' });
  const [saved, setSaved] = useState<UndoableResult | null>(null);
  // Until the driver types a time, the drive is recorded at the moment it is saved: the card may have been open a while.
  const [timeChosen, setTimeChosen] = useState(false);
  const contract = useContractForm(schema, recording, {
    initialValues: {
      acquiredAt: todayInput(),
      period: 'rule',
      tours: [],
      routes: [],
      way: defaultDriveWay(),
      time: timeNow(),
    } as QuickRecordValues,
    onSuccess: (done, _values, form) => {
      setSaved(done.result);
      // The way stays (it is the one used last); the next drive is today's again, now, by the rule.
      form.setValues({ tours: [], routes: [], acquiredAt: todayInput(), period: 'rule', time: timeNow() });
      setTimeChosen(false);
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
  const onSubmit = () => {
    if (!timeChosen) form.setFieldValue('time', timeNow());
    contract.onSubmit();
  };
  return {
    ...contract,
    onSubmit,
    /** The time the drive gets: now, until the driver types one. */
    shownTime: timeChosen ? form.values.time : timeNow(),
    /** The driver typed a time: it is sent as typed. */
    chooseTime: (time: string) => {
      setTimeChosen(true);
      form.setFieldValue('time', time);
    },
    chosen: { tours: chosenTours, routes: chosenRoutes },
    toggle,
    ...preview,
    saved,
    closeSaved: () => setSaved(null),
  };
}
