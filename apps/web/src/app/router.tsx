import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { queryClient as appQueryClient } from '../lib/query-client';
import { expectStoredQueries } from '../lib/first-answer';
import { RequireAuth, RequireGuest } from './guards';
import { AppLayout } from './layout/app-layout';
import { AppSplash } from './layout/app-splash';
import { pageRoute, StoredQueriesRestoredReport, type PageModule } from './record-route';
import { RouteError } from './route-error';

/** The app's routes; every page is its own lazily loaded chunk, its loader bound to `queryClient`. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const page = (load: () => Promise<PageModule>) => async () => pageRoute(await load(), queryClient);

  /** The signed-in pages (seed section 2). */
  const signedIn: RouteObject[] = [
    { path: paths.dashboard, lazy: page(() => import('./routes/dashboard')) },
    { path: paths.documentation, lazy: page(() => import('./routes/documentation')) },
    { path: paths.map, lazy: page(() => import('./routes/map')) },
    { path: paths.routeActivities, lazy: page(() => import('./routes/route-activities')) },
    { path: paths.routeActivity.pattern, lazy: page(() => import('./routes/route-activity')) },
    { path: paths.account, lazy: page(() => import('./routes/account')) },
    { path: paths.accountSettings, lazy: page(() => import('./routes/account-settings')) },
    { path: paths.accountChangePassword, lazy: page(() => import('./routes/account-change-password')) },
    { path: paths.accountValidity, lazy: page(() => import('./routes/account-validity')) },
    { path: paths.accountNotifications, lazy: page(() => import('./routes/account-notifications')) },
    { path: paths.accountData, lazy: page(() => import('./routes/account-data')) },
    { path: paths.accountBetriebe, lazy: page(() => import('./routes/account-betriebe')) },
    { path: paths.betrieb.pattern, lazy: page(() => import('./routes/betrieb-view')) },
    { path: paths.routeNew, lazy: page(() => import('./routes/route-new')) },
    { path: paths.routeEdit.pattern, lazy: page(() => import('./routes/route-edit')) },
    { path: paths.route.pattern, lazy: page(() => import('./routes/route-view')) },
    { path: paths.tourNew, lazy: page(() => import('./routes/tour-new')) },
    { path: paths.tourEdit.pattern, lazy: page(() => import('./routes/tour-edit')) },
    { path: paths.tour.pattern, lazy: page(() => import('./routes/tour-view')) },
    { path: paths.vehicleNew, lazy: page(() => import('./routes/vehicle-new')) },
    { path: paths.vehicleEdit.pattern, lazy: page(() => import('./routes/vehicle-edit')) },
    { path: paths.vehicle.pattern, lazy: page(() => import('./routes/vehicle-view')) },
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
                { path: paths.home, lazy: page(() => import('./routes/start')) },
                { path: paths.about, lazy: page(() => import('./routes/about')) },
              ],
            },
            { path: paths.legal, lazy: page(() => import('./routes/legal')) },
            { path: paths.donate, lazy: page(() => import('./routes/donate')) },
            { path: paths.resetPassword, lazy: page(() => import('./routes/reset-password')) },
            // An invitation opens with or without an account; signed out, it leads to login and back (issue 28).
            { path: paths.join.pattern, lazy: page(() => import('./routes/join')) },
            {
              element: (
                <RequireAuth>
                  <Outlet />
                </RequireAuth>
              ),
              children: signedIn,
            },
            { path: '*', lazy: page(() => import('./routes/not-found')) },
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
