import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onResetStoredData, STORAGE_PREFIX } from '../../lib/storage';

export interface TokenDetails {
  sub?: string;
  username?: string;
  roles?: string[];
  iat?: number;
  /** Expiry in seconds since the epoch. */
  exp: number;
  jti?: string;
}

export interface AuthState {
  token: string | null;
  details: TokenDetails | null;
  valid: boolean;
  error: string | null;
  setToken: (token: string) => void;
  setError: (message: string | null) => void;
  reset: () => void;
}

/** Decodes a JWT's payload without verifying it (the server verifies); null for anything malformed. */
export function decodeToken(token: string): TokenDetails | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const payload = JSON.parse(decodeURIComponent(escape(json))) as Partial<TokenDetails>;
    return typeof payload.exp === 'number' ? (payload as TokenDetails) : null;
  } catch {
    return null;
  }
}

/** A token is valid only while its exp lies in the future (seed section 4). */
export function isTokenValid(details: TokenDetails | null, now = Date.now()): boolean {
  return Boolean(details && details.exp * 1000 > now);
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
      name: `${STORAGE_PREFIX}auth`,
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
