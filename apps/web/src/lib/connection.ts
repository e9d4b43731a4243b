import { useSyncExternalStore } from 'react';

/** When this page load started: data with an older `dataUpdatedAt` came from the stored copy, not the server. */
export const sessionStartedAt = Date.now();

/**
 * Whether the last request reached the server. `navigator.onLine` only knows whether there is a network; in a
 * tunnel it often says "online" while every request fails. Queries and the outbox report here.
 */
let lastFailureAt: number | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function noteConnectionFailure(now = Date.now()): void {
  if (lastFailureAt !== null) return;
  lastFailureAt = now;
  emit();
}

export function noteConnectionSuccess(): void {
  if (lastFailureAt === null) return;
  lastFailureAt = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The browser says online and the last request (if any failed) has been followed by a success. */
export function isConnected(): boolean {
  return navigator.onLine && lastFailureAt === null;
}

export function useConnected(): boolean {
  return useSyncExternalStore(subscribe, isConnected, () => true);
}

/** The browser's own view (network interface up or down), for the offline banner's wording. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
