import { configureApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { setPersistenceGate } from '../../lib/query-persister';
import { resetAllStoredData } from '../../lib/storage';
import { currentUserQueryOptions } from './api/get-current-user';
import { currentToken, isTokenValid, useAuthStore } from './store';

function rebuildApiClient(): void {
  setPersistenceGate(() => currentToken() !== null);
  configureApiClient({
    getToken: currentToken,
    onUnauthorized: () => resetAllStoredData(),
    // Sliding session: the server hands out a fresh token while the app is used (docs/decisions/0017).
    onTokenRenewed: (token) => useAuthStore.getState().setToken(token),
  });
}

/** Logged out → logged in (seed section 4): reset stored data, rebuild the client, store the token, fetch the user. */
export async function startSession(token: string): Promise<void> {
  resetAllStoredData();
  rebuildApiClient();
  useAuthStore.getState().setToken(token);
  if (!useAuthStore.getState().valid) throw new Error(useAuthStore.getState().error ?? 'invalid token');
  await queryClient.fetchQuery(currentUserQueryOptions());
}

let expiryTimer: ReturnType<typeof setTimeout> | undefined;

/** Resets all stored data the moment the token expires, also across reloads. */
export function watchTokenExpiry(): () => void {
  const schedule = () => {
    clearTimeout(expiryTimer);
    const { token, details } = useAuthStore.getState();
    if (!token) return;
    if (!isTokenValid(details)) {
      resetAllStoredData();
      return;
    }
    const ms = (details?.exp ?? 0) * 1000 - Date.now();
    // setTimeout overflows beyond ~24.8 days; re-check then.
    expiryTimer = setTimeout(schedule, Math.min(ms + 50, 2 ** 31 - 1));
  };
  rebuildApiClient();
  schedule();
  const unsubscribe = useAuthStore.subscribe((state, previous) => {
    if (state.token !== previous.token) schedule();
  });
  const onFocus = () => schedule();
  window.addEventListener('focus', onFocus);
  return () => {
    unsubscribe();
    window.removeEventListener('focus', onFocus);
    clearTimeout(expiryTimer);
  };
}
