import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { useIsAuthenticated } from '../features/auth/store';

export interface FromState {
  from?: string;
}

/** Where a login leads: back to the page that asked for it (a path of this app), or to `paths.landing`. */
export function afterLogin(from: string | undefined): string {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : paths.landing;
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

/**
 * Start and information pages: a signed-in user goes to the page they wanted, or where they work (`paths.landing`: the
 * Betrieb's page for its admins and Disponenten, the dashboard otherwise).
 */
export function RequireGuest({ children }: { children: ReactNode }) {
  const authenticated = useIsAuthenticated();
  const location = useLocation();
  if (authenticated) {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={afterLogin(from)} replace />;
  }
  return children;
}
