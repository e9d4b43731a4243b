import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { RECORD_KINDS, recordKindNames, type RecordKindDeclaration } from '@streckenpass/contract/record-kinds';
import { paths } from '../config/paths';
import { queryClient as appQueryClient } from '../lib/query-client';
import { expectStoredQueries } from '../lib/first-answer';
import { RequireAuth, RequireGuest } from './guards';
import { AppLayout } from './layout/app-layout';
import { AppSplash } from './layout/app-splash';
import { recordPageRoutes } from './record-page-routes';
import { pageRoute, StoredQueriesRestoredReport, type PageModule } from './record-route';
import { RouteError } from './route-error';

/**
 * The record kinds' pages: `<page>.tsx` (all three, `recordKindPages`) or `<page>-new.tsx`, `-edit.tsx`, `-view.tsx`,
 * each a lazily loaded chunk (app/record-page-routes.ts).
 */
const recordPageModules = import.meta.glob(['./routes/*.tsx', '!./routes/*.test.tsx']);

/** The app's routes; every page is its own lazily loaded chunk, its loader bound to `queryClient`. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  /** A page: its path (a record page's `.pattern`) and its module, a lazily loaded chunk. */
  const page = (path: string | { pattern: string }, load: () => Promise<PageModule>): RouteObject => ({
    path: typeof path === 'string' ? path : path.pattern,
    lazy: async () => pageRoute(await load(), queryClient),
  });

  /** The signed-in pages (seed section 2). */
  const signedIn: RouteObject[] = [
    page(paths.landing, () => import('./routes/landing')),
    page(paths.dashboard, () => import('./routes/dashboard')),
    page(paths.documentation, () => import('./routes/documentation')),
    page(paths.map, () => import('./routes/map')),
    page(paths.routeActivities, () => import('./routes/route-activities')),
    page(paths.routeActivity, () => import('./routes/route-activity')),
    page(paths.account, () => import('./routes/account')),
    page(paths.accountSettings, () => import('./routes/account-settings')),
    page(paths.accountChangePassword, () => import('./routes/account-change-password')),
    page(paths.accountValidity, () => import('./routes/account-validity')),
    page(paths.accountNotifications, () => import('./routes/account-notifications')),
    page(paths.accountData, () => import('./routes/account-data')),
    page(paths.accountBetriebe, () => import('./routes/account-betriebe')),
    page(paths.betriebMatrix, () => import('./routes/betrieb-matrix')),
    page(paths.betriebWhoCanDrive, () => import('./routes/betrieb-who-can-drive')),
    page(paths.betriebDriver, () => import('./routes/betrieb-driver')),
    page(paths.betrieb, () => import('./routes/betrieb-view')),
    // The new, edit and view pages of every declared kind with pages of its own (contract `record-kinds.ts`).
    ...recordKindNames.flatMap((kind) => {
      const { page: prefix } = RECORD_KINDS[kind] as RecordKindDeclaration;
      return prefix ? recordPageRoutes({ page: prefix }, recordPageModules, page) : [];
    }),
  ];

  return [
    {
      element: (
        <>
          <StoredQueriesRestoredReport />
          {/* A new page opens at its top; "back" returns to where the driver was. */}
          <ScrollRestoration />
          <AppLayout />
        </>
      ),
      // Shown while the first page's chunk and data load (React Router renders nothing there otherwise).
      hydrateFallbackElement: (
        <>
          <StoredQueriesRestoredReport />
          <AppSplash />
        </>
      ),
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            {
              element: (
                <RequireGuest>
                  <Outlet />
                </RequireGuest>
              ),
              children: [
                page(paths.home, () => import('./routes/start')),
                page(paths.about, () => import('./routes/about')),
              ],
            },
            page(paths.legal, () => import('./routes/legal')),
            page(paths.donate, () => import('./routes/donate')),
            page(paths.resetPassword, () => import('./routes/reset-password')),
            // An invitation opens with or without an account; signed out, it leads to login and back (issue 28).
            page(paths.join, () => import('./routes/join')),
            {
              element: (
                <RequireAuth>
                  <Outlet />
                </RequireAuth>
              ),
              children: signedIn,
            },
            page('*', () => import('./routes/not-found')),
          ],
        },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient = appQueryClient) {
  // The router's first loaders run before React mounts the provider that restores the stored queries: they wait.
  expectStoredQueries();
  return createBrowserRouter(createRoutes(queryClient));
}
