import { screen } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../features/auth/store';
import { fakeToken, renderRoutes } from '../test/render';
import { RequireAuth, RequireGuest, type FromState } from './guards';

function StartPage() {
  const state = useLocation().state as FromState | null;
  return <p>Startseite (zurück nach {state?.from ?? '–'})</p>;
}

const routes = [
  {
    element: (
      <RequireGuest>
        <Outlet />
      </RequireGuest>
    ),
    children: [
      { path: '/', element: <StartPage /> },
      { path: '/about', element: <p>Informationen</p> },
    ],
  },
  { path: '/legal', element: <p>Rechtliches</p> },
  {
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      { path: '/start', element: <p>Dashboard oder Betrieb</p> },
      { path: '/dashboard', element: <p>Dashboard-Seite</p> },
      { path: '/route/:id', element: <p>Strecken-Seite</p> },
    ],
  },
];

const signIn = (expSecondsFromNow = 3600) =>
  useAuthStore
    .getState()
    .setToken(fakeToken({ sub: '1', username: 'a@b.de', exp: Math.floor(Date.now() / 1000) + expSecondsFromNow }));

describe('guards', () => {
  beforeEach(() => useAuthStore.getState().reset());

  it('sends a signed-out visitor from a signed-in page to the start page, remembering the page', async () => {
    renderRoutes(routes, '/route/7?x=1');
    expect(await screen.findByText('Startseite (zurück nach /route/7?x=1)')).toBeInTheDocument();
  });

  it('sends a signed-in user from / and /about to where they work (/start: dashboard or Betrieb)', async () => {
    signIn();
    renderRoutes(routes, '/');
    expect(await screen.findByText('Dashboard oder Betrieb')).toBeInTheDocument();
    renderRoutes(routes, '/about');
    expect((await screen.findAllByText('Dashboard oder Betrieb')).length).toBeGreaterThan(0);
  });

  it('lets a signed-in user open signed-in pages and everyone open /legal', async () => {
    signIn();
    renderRoutes(routes, '/route/3');
    expect(await screen.findByText('Strecken-Seite')).toBeInTheDocument();
    useAuthStore.getState().reset();
    renderRoutes(routes, '/legal');
    expect(await screen.findByText('Rechtliches')).toBeInTheDocument();
  });

  it('treats an expired token as signed out', async () => {
    useAuthStore.setState({
      token: fakeToken({ exp: Math.floor(Date.now() / 1000) - 10 }),
      details: { exp: Math.floor(Date.now() / 1000) - 10 },
      valid: true,
      error: null,
    });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText(/Startseite/)).toBeInTheDocument();
  });
});
