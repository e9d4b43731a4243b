import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onResetStoredData } from '../../lib/storage';
import { decodeToken, isTokenValid, type TokenDetails } from '../../lib/token';
import { AUTH_STORAGE_KEY } from './persisted-session';

export { decodeToken, isTokenValid, type TokenDetails };

export interface AuthState {
  token: string | null;
  details: TokenDetails | null;
  valid: boolean;
  error: string | null;
  setToken: (token: string) => void;
  setError: (message: string | null) => void;
  reset: () => void;
}

const initial = { token: null, details: null, valid: false, error: null };

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...initial,
      setToken: (token) => {
        const details = decodeToken(token);
        if (!details || !isTokenValid(details)) {
          set({ ...initial, error: 'Das Anmelde-Token ist ungültig oder abgelaufen.' });
          return;
        }
        set({ token, details, valid: true, error: null });
      },
      setError: (message) => set({ error: message }),
      reset: () => set({ ...initial }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, details, valid, error }) => ({ token, details, valid, error }),
    },
  ),
);

onResetStoredData(() => useAuthStore.getState().reset());

/** The token if it is still valid; resets everything when it has expired. */
export function currentToken(): string | null {
  const { token, details } = useAuthStore.getState();
  if (!token) return null;
  if (!isTokenValid(details)) return null;
  return token;
}

export function useIsAuthenticated(): boolean {
  return useAuthStore((state) => Boolean(state.token) && state.valid && isTokenValid(state.details));
}
