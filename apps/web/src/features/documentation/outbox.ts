import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { ApiError, NetworkError, germanMessage } from '../../lib/api-errors';
import { queryClient } from '../../lib/query-client';
import { notifications } from '@mantine/notifications';
import { noteConnectionFailure } from '../../lib/connection';
import { onResetStoredData, STORAGE_PREFIX } from '../../lib/storage';
import { refreshAfterSave, writeSavedDocumentation } from './api/apply-saved-documentation';
import { saveDocumentation, VehiclesNotSavedError, type SaveKeys } from './api/save-documentation';
import type { DocumentationPlan } from './documentation';

/** A documentation saved without a connection, waiting to be sent. */
export interface OutboxEntry {
  id: string;
  plan: DocumentationPlan;
  /** The Idempotency-Keys: however often it is sent, the server records it once. */
  keys: SaveKeys;
  createdAt: number;
  status: 'pending' | 'failed';
  /** Why the server refused it (German), for a failed entry. */
  error?: string;
}

interface OutboxState {
  entries: OutboxEntry[];
  enqueue: (plan: DocumentationPlan, keys: SaveKeys) => void;
  discard: (id: string) => void;
  reset: () => void;
}

export const useOutboxStore = create<OutboxState>()(
  persist(
    (set) => ({
      entries: [],
      enqueue: (plan, keys) =>
        set((state) =>
          state.entries.some((entry) => entry.keys.routes === keys.routes)
            ? state
            : {
                entries: [...state.entries, { id: keys.routes, plan, keys, createdAt: Date.now(), status: 'pending' }],
              },
        ),
      discard: (id) => set((state) => ({ entries: state.entries.filter((entry) => entry.id !== id) })),
      reset: () => set({ entries: [] }),
    }),
    { name: `${STORAGE_PREFIX}outbox`, storage: createJSONStorage(() => localStorage) },
  ),
);

onResetStoredData(() => useOutboxStore.getState().reset());

let flushing: Promise<number> | null = null;

/**
 * Sends the waiting documentations in the order they were saved, one at a time. A lost connection stops the
 * run (the rest waits for the next one); a refusal by the server marks that entry failed, shown to the user,
 * and the run goes on. Returns how many were delivered.
 */
export function flushOutbox(): Promise<number> {
  flushing ??= (async () => {
    let delivered = 0;
    try {
      for (;;) {
        const next = useOutboxStore.getState().entries.find((entry) => entry.status === 'pending');
        if (!next) break;
        try {
          // Sent later from this device: the records' history says so (channel `outbox`, issue 27).
          const saved = await saveDocumentation(next.plan, next.keys, 'outbox');
          useOutboxStore.getState().discard(next.id);
          writeSavedDocumentation(queryClient, saved);
          delivered += 1;
        } catch (error) {
          const reason = error instanceof VehiclesNotSavedError ? error.reason : error;
          if (reason instanceof NetworkError) noteConnectionFailure();
          // No connection, a server error, or 409 "already in progress" (a request of the same key is still
          // running, or died with its server moments ago): not a refusal. It stays queued and is sent again later.
          if (
            reason instanceof NetworkError ||
            !(reason instanceof ApiError) ||
            reason.status >= 500 ||
            reason.status === 409
          ) {
            break;
          }
          useOutboxStore.setState((state) => ({
            entries: state.entries.map((entry) =>
              entry.id === next.id
                ? {
                    ...entry,
                    status: 'failed',
                    error: germanMessage(reason, 'Der Server hat die Dokumentation abgelehnt.'),
                  }
                : entry,
            ),
          }));
        }
      }
    } finally {
      flushing = null;
      if (delivered > 0) {
        // The driver saved these without signal: say that they have arrived.
        notifications.show({
          color: 'green',
          title: 'Nachgesendet',
          message:
            delivered === 1
              ? 'Die offline gespeicherte Dokumentation ist jetzt gesendet.'
              : `${delivered} offline gespeicherte Dokumentationen sind jetzt gesendet.`,
          autoClose: 10_000,
        });
        await refreshAfterSave(queryClient);
      }
    }
    return delivered;
  })();
  return flushing;
}

/** Sends the queue when the connection returns, on start and every 30 seconds while something waits. */
export function startOutbox(): () => void {
  const flush = () => {
    if (navigator.onLine && useOutboxStore.getState().entries.some((entry) => entry.status === 'pending')) {
      void flushOutbox();
    }
  };
  window.addEventListener('online', flush);
  const timer = setInterval(flush, 30_000);
  flush();
  return () => {
    window.removeEventListener('online', flush);
    clearInterval(timer);
  };
}
