import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { STORAGE_PREFIX } from './storage';

let mayPersist: () => boolean = () => false;

/** Only a signed-in session is written to the browser; after logout nothing is written back. */
export function setPersistenceGate(gate: () => boolean): void {
  mayPersist = gate;
}

const gatedStorage = {
  getItem: (key: string) => window.localStorage.getItem(key),
  setItem: (key: string, value: string) => {
    if (mayPersist()) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  },
  removeItem: (key: string) => window.localStorage.removeItem(key),
};

/** The query cache survives reloads so the user's data is readable offline; logout clears it with all stored data. */
export const queryPersister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : gatedStorage,
  key: `${STORAGE_PREFIX}query-cache`,
  throttleTime: 1000,
});

export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
