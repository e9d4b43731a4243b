import type { ClientChannel } from '@streckenpass/contract/history';
import { plural } from '@streckenpass/contract/plural';
import { notifyWithUndo, type UndoableResult } from '../../components/undo-notification';
import { api } from '../../lib/api-client';
import { NetworkError } from '../../lib/api-errors';
import { useInvalidateRecords } from '../../lib/use-invalidate-records';
import { formatDate } from '../../lib/dates';
import { useSaveDocumentation, VehiclesNotSavedError, type SavedDocumentation } from './api/save-documentation';
import { z } from 'zod';
import type { FormMutation } from '../../lib/use-contract-form';
import type { DocumentationPlan, PlanResult } from './documentation';
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
    const queueOffline = () => {
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
            throw new Error('Schon gesendet. Löschen Sie die Dokumentation unter „Alle Dokumentationen“.');
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
        const { activity, vehicleActivity } = saved;
        const vehiclesText = vehicleActivity
          ? ` und ${plural(vehicleActivity.acquiredVehicles.length, 'Fahrzeug', 'Fahrzeuge')}`
          : '';
        const result: UndoableResult = {
          color: 'green',
          title: 'Dokumentation gespeichert',
          message: `${plural(activity.acquiredRoutes.length, 'Strecke', 'Strecken')}${vehiclesText} dokumentiert, gültig bis ${formatDate(activity.acquiredUntil)}.`,
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
 * A form that records a drive ("Heute gefahren", the documentation page): its schema is the form's own fields plus the
 * rule `planOf` applies (`planDocumentation`, its message the form's), its mutation `record` – which sends the drive
 * or puts it into the outbox, and reports only success (a refused save is `save.error`).
 */
export function usePlannedRecording<Values>(
  fields: z.ZodRawShape,
  planOf: (values: Values) => PlanResult,
  options: { inline?: boolean; channel?: ClientChannel } = {},
) {
  const { record, save } = useRecordDocumentation(options.channel);
  const schema = z.object(fields).superRefine((values, context) => {
    const result = planOf(values as Values);
    if (!result.ok) context.addIssue({ code: 'custom', message: result.message });
  });
  const recording: FormMutation<Values, RecordedDrive> = {
    isPending: save.isPending,
    mutate: (values, callbacks) => {
      const result = planOf(values);
      if (result.ok) {
        record(result.plan, { inline: options.inline, onDone: (done) => callbacks?.onSuccess?.(done) });
      }
    },
  };
  return { schema, recording, save };
}

/** Date and validity of a recorded drive, as a form holds them. */
export const driveFields = { acquiredAt: z.string(), period: z.enum(['rule', 'year', 'half-year']) };
