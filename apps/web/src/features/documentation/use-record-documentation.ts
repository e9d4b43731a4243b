import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import type { ClientChannel } from '@streckenpass/contract/history';
import { plural } from '@streckenpass/contract/plural';
import { notifyWithUndo, type UndoableResult } from '../../components/undo-notification';
import { api } from '../../lib/api-client';
import { GermanError, NetworkError } from '../../lib/api-errors';
import { useInvalidateRecords } from '../../lib/use-invalidate-records';
import { formatDate, todayInput } from '../../lib/dates';
import { driveDate, driveDatesSchema, driveMannerFields, type DriveMannerValues } from '../../lib/drive-form';
import { driveMannerText } from '../../lib/drive-manner';
import { rememberDriveWay } from '../../lib/drive-way-preference';
import { useSaveDocumentation, VehiclesNotSavedError, type SavedDocumentation } from './api/save-documentation';
import { useMemo } from 'react';
import { z } from 'zod';
import type { FormMutation } from '../../lib/use-contract-form';
import {
  expectedValidUntil,
  selectedRouteIds,
  type DocumentationPlan,
  type PeriodChoice,
  type PlanResult,
} from './documentation';
import type { DocumentationSelection } from './store';
import { useOutboxStore } from './outbox';

export interface RecordedDrive {
  queued: boolean;
  saved?: SavedDocumentation;
  /** What to tell the driver, with the way to take it back. */
  result: UndoableResult;
}

export interface RecordCallbacks {
  /** Saved on the server, or queued on this device: either way the selection is done with. */
  onDone?: (done: RecordedDrive) => void;
  /** The caller shows `result` itself (inline, where the driver tapped) instead of a notification. */
  inline?: boolean;
}

/**
 * Saving a drive: to the server when there is a connection, otherwise into the outbox (sent later with the same
 * Idempotency-Keys, so never twice). Used by the documentation page and the quick record ("Heute gefahren", which
 * names itself as the `quick` channel of the records' history).
 */
export function useRecordDocumentation(channel?: ClientChannel) {
  const save = useSaveDocumentation(channel);
  const invalidate = useInvalidateRecords();

  const record = (plan: DocumentationPlan, callbacks: RecordCallbacks = {}) => {
    const routesText = plural(plan.acquiredRoutes.length, 'Strecke', 'Strecken');
    // The next drive starts with this way (lib/drive-way-preference.ts), saved or queued.
    const remember = () => {
      if (plan.way) rememberDriveWay(plan.way);
    };
    const queueOffline = () => {
      remember();
      const keys = save.keysFor(plan);
      useOutboxStore.getState().enqueue(plan, keys);
      save.forget();
      save.reset();
      const result: UndoableResult = {
        color: 'yellow',
        title: 'Offline gespeichert',
        message: `${routesText} vorgemerkt – wird gesendet, sobald wieder eine Verbindung besteht.`,
        undo: async () => {
          const outbox = useOutboxStore.getState();
          if (!outbox.entries.some((entry) => entry.id === keys.routes)) {
            throw new GermanError('Schon gesendet. Löschen Sie die Dokumentation unter „Alle Dokumentationen“.');
          }
          outbox.discard(keys.routes);
          return `Die vorgemerkte Fahrt (${routesText}) wird nicht gesendet.`;
        },
      };
      callbacks.onDone?.({ queued: true, result });
      if (!callbacks.inline) notifyWithUndo(result);
    };
    if (!navigator.onLine) {
      queueOffline();
      return;
    }
    save.mutate(plan, {
      onError: (error) => {
        const reason = error instanceof VehiclesNotSavedError ? error.reason : error;
        if (reason instanceof NetworkError) queueOffline();
      },
      onSuccess: (saved) => {
        remember();
        const { activity, vehicleActivity } = saved;
        // "(begleitete Fahrt · 21:40 Uhr · bei Dunkelheit)": how the server recorded it, darkness included.
        const mannerText = activity.way ? ` (${driveMannerText(activity)})` : '';
        const vehiclesText = vehicleActivity
          ? ` und ${plural(vehicleActivity.acquiredVehicles.length, 'Fahrzeug', 'Fahrzeuge')}`
          : '';
        const result: UndoableResult = {
          color: 'green',
          title: 'Dokumentation gespeichert',
          message: `${plural(activity.acquiredRoutes.length, 'Strecke', 'Strecken')}${vehiclesText} dokumentiert${mannerText}, gültig bis ${formatDate(activity.acquiredUntil)}.`,
          // Deleting the route activity deletes its vehicle activity with it (API.md).
          undo: async () => {
            await api.delete(`/api/route_activities/${activity.id}`);
            await invalidate();
            return `Die Fahrt vom ${formatDate(activity.acquiredAt)} ist wieder gelöscht.`;
          },
        };
        callbacks.onDone?.({ queued: false, saved, result });
        if (!callbacks.inline) notifyWithUndo(result);
      },
    });
  };

  return { record, save };
}

/**
 * Date, validity, way and time of a recorded drive, as a form holds them: the contract's drive date, the period
 * chosen, the contract's way and time of day.
 */
const driveFields = {
  acquiredAt: driveDate(),
  period: z.enum(['rule', 'year', 'half-year']),
  way: driveMannerFields.way,
  time: driveMannerFields.time,
};

/**
 * A form that records a drive ("Heute gefahren", the documentation page): its schema is the contract's drive date
 * with the server's date rules (`driveDatesSchema`) plus the form's `fields`, its mutation `record` – which sends the
 * drive or puts it into the outbox, and reports only success (a refused save is `save.error`). `planOf` runs once per
 * submit: what the drive records, or why there is nothing to record (then the form's message).
 */
export function usePlannedRecording<
  Values extends { acquiredAt: string; period: PeriodChoice } & Pick<DriveMannerValues, 'way' | 'time'>,
>(
  fields: z.ZodRawShape,
  planOf: (values: Values) => PlanResult,
  options: { inline?: boolean; channel?: ClientChannel } = {},
) {
  const { record, save } = useRecordDocumentation(options.channel);
  const schema = driveDatesSchema({ ...driveFields, ...fields }, () => todayInput());
  const recording: FormMutation<Values, RecordedDrive> = {
    isPending: save.isPending,
    mutate: (values, callbacks) => {
      const result = planOf(values);
      if (!result.ok) {
        callbacks?.onError?.(new GermanError(result.message));
        return;
      }
      record(result.plan, { inline: options.inline, onDone: (done) => callbacks?.onSuccess?.(done) });
    },
  };
  return { schema, recording, save };
}

/**
 * What a drive form shows before the save: how many routes the selection records, and the end date it is expected to
 * get (a preview: by the rule the server sets it; null while the date cannot be saved).
 */
export function useDrivePreview(input: {
  drive: { acquiredAt: string; period: PeriodChoice };
  selection: DocumentationSelection;
  routes: readonly Route[];
  tours: readonly Tour[];
  accountDays: number | null;
}) {
  const { drive, selection, routes, tours, accountDays } = input;
  const routeIds = useMemo(() => selectedRouteIds(selection, routes, tours), [selection, routes, tours]);
  const chosenRoutes = routes.filter((route) => routeIds.includes(route.id));
  return {
    routeCount: routeIds.length,
    /** The routes the drive records, for what its way counts for. */
    chosenRoutes,
    /** The route when the drive records exactly one: "Richtung" is asked for it. */
    onlyRoute: chosenRoutes.length === 1 ? chosenRoutes[0]! : null,
    validUntil: expectedValidUntil(drive, chosenRoutes, accountDays, todayInput()),
  };
}
