import { notifications } from '@mantine/notifications';
import { plural } from '@streckenpass/contract/plural';
import { NetworkError } from '../../lib/api-errors';
import { formatDate } from '../../lib/dates';
import { useSaveDocumentation, VehiclesNotSavedError, type SavedDocumentation } from './api/save-documentation';
import type { DocumentationPlan } from './documentation';
import { useOutboxStore } from './outbox';

export interface RecordCallbacks {
  /** Saved on the server, or queued on this device: either way the selection is done with. */
  onDone?: (result: { queued: boolean; saved?: SavedDocumentation }) => void;
}

/**
 * Saving a drive: to the server when there is a connection, otherwise into the outbox (sent later with the same
 * Idempotency-Keys, so never twice). Used by the documentation page and the quick record ("Heute gefahren").
 */
export function useRecordDocumentation() {
  const save = useSaveDocumentation();

  const record = (plan: DocumentationPlan, callbacks: RecordCallbacks = {}) => {
    const queueOffline = () => {
      useOutboxStore.getState().enqueue(plan, save.keysFor(plan));
      save.forget();
      save.reset();
      callbacks.onDone?.({ queued: true });
      notifications.show({
        color: 'yellow',
        title: 'Offline gespeichert',
        message: `${plural(plan.acquiredRoutes.length, 'Strecke', 'Strecken')} vorgemerkt – wird gesendet, sobald wieder eine Verbindung besteht.`,
      });
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
        callbacks.onDone?.({ queued: false, saved });
        const vehiclesText = vehicleActivity
          ? ` und ${plural(vehicleActivity.acquiredVehicles.length, 'Fahrzeug', 'Fahrzeuge')}`
          : '';
        notifications.show({
          color: 'green',
          title: 'Dokumentation gespeichert',
          message: `${plural(activity.acquiredRoutes.length, 'Strecke', 'Strecken')}${vehiclesText} dokumentiert, gültig bis ${formatDate(activity.acquiredUntil)}.`,
        });
      },
    });
  };

  return { record, save };
}
