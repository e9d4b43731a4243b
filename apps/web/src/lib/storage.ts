/** Every browser storage key this app writes starts with this prefix, so logout can clear them all. */
export const STORAGE_PREFIX = 'streckenpass:';

/** The colour scheme chosen with the toggle: Mantine's manager (app/color-scheme.ts) and the public pages' entry. */
export const COLOR_SCHEME_STORAGE_KEY = `${STORAGE_PREFIX}color-scheme`;

type Reset = () => void;
const resetters = new Set<Reset>();

/** Stores register how to reset their in-memory state; `resetAllStoredData` calls them all. */
export function onResetStoredData(reset: Reset): () => void {
  resetters.add(reset);
  return () => resetters.delete(reset);
}

export function resetAllStoredData(): void {
  for (const reset of resetters) reset();
  clearStoredData();
}

/** Choices that belong to the device, not to an account: they survive logging in and out. */
const DEVICE_PREFERENCES = new Set([COLOR_SCHEME_STORAGE_KEY]);

/**
 * Removes every key of this app from local and session storage (without touching in-memory stores), except the
 * device's own preferences (the colour scheme chosen with the toggle).
 */
export function clearStoredData(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    for (const key of Object.keys(storage)) {
      if (key.startsWith(STORAGE_PREFIX) && !DEVICE_PREFERENCES.has(key)) storage.removeItem(key);
    }
  }
}
