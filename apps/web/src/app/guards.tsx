import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { useIsAuthenticated } from '../features/auth/store';

export interface FromState {
  from?: string;
}

/** Signed-in pages: a visitor goes to the start page and comes back here after logging in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = useIsAuthenticated();
  const location = useLocation();
  if (!authenticated) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.home} replace state={{ from } satisfies FromState} />;
  }
  return children;
}

/** Start and information pages: a signed-in user goes to the dashboard (or to the page they wanted). */
export function RequireGuest({ children }: { children: ReactNode }) {
  const authenticated = useIsAuthenticated();
  const location = useLocation();
  if (authenticated) {
    const from = (location.state as FromState | null)?.from;
    const target = from && from.startsWith('/') && !from.startsWith('//') ? from : paths.dashboard;
    return <Navigate to={target} replace />;
  }
  return children;
}
