import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RequireAuth, RequireGuest } from './guards';
import { AppLayout } from './layout/app-layout';
import { AppSplash } from './layout/app-splash';
import { RouteError } from './route-error';

/** Signed-in pages (seed section 2); each page is its own lazily loaded chunk. */
export const signedInRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: () => import('./routes/dashboard') },
  { path: 'documentation', lazy: () => import('./routes/documentation') },
  { path: 'map', lazy: () => import('./routes/map') },
  { path: 'route-activity', lazy: () => import('./routes/route-activities') },
  { path: 'route-activity/:id', lazy: () => import('./routes/route-activity') },
  { path: 'account', lazy: () => import('./routes/account') },
  { path: 'account/settings', lazy: () => import('./routes/account-settings') },
  { path: 'account/change-password', lazy: () => import('./routes/account-change-password') },
  { path: 'account/notifications', lazy: () => import('./routes/account-notifications') },
  { path: 'account/data', lazy: () => import('./routes/account-data') },
  { path: 'route/new', lazy: () => import('./routes/route-new') },
  { path: 'route/edit/:id', lazy: () => import('./routes/route-edit') },
  { path: 'route/:id', lazy: () => import('./routes/route-view') },
  { path: 'tour/new', lazy: () => import('./routes/tour-new') },
  { path: 'tour/edit/:id', lazy: () => import('./routes/tour-edit') },
  { path: 'tour/:id', lazy: () => import('./routes/tour-view') },
  { path: 'vehicle/new', lazy: () => import('./routes/vehicle-new') },
  { path: 'vehicle/edit/:id', lazy: () => import('./routes/vehicle-edit') },
  { path: 'vehicle/:id', lazy: () => import('./routes/vehicle-view') },
];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Shown while the first page's chunk loads (React Router renders nothing there otherwise).
    hydrateFallbackElement: <AppSplash />,
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
              { index: true, lazy: () => import('./routes/start') },
              { path: 'about', lazy: () => import('./routes/about') },
            ],
          },
          { path: 'legal', lazy: () => import('./routes/legal') },
          { path: 'donate', lazy: () => import('./routes/donate') },
          { path: 'reset-password', lazy: () => import('./routes/reset-password') },
          {
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: signedInRoutes,
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
