import type { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_VERSION, CURRENT_CONSENT } from '@streckenpass/contract/betrieb-consent';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../features/auth/store';
import { stubFetch } from '../../test/fetch-stub';
import { fakeToken } from '../../test/render';
import { renderPages } from '../../test/render-pages';
import { pageRoute } from '../record-route';
import * as join from './join';

const TOKEN = 'a'.repeat(43);
const preview = {
  betrieb: 'Regio Franken',
  role: 'driver',
  expiresAt: '2026-12-08T10:00:00.000Z',
  consent: CURRENT_CONSENT,
};

function Where() {
  return null;
}

const routes = (queryClient: QueryClient) => [
  { path: '/beitreten/:token', ...pageRoute(join, queryClient) },
  { path: '/betrieb/:id', Component: () => <p>Seite des Betriebs</p> },
  { path: '/', Component: Where },
];

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().reset();
});

describe('join page', () => {
  it('shows a visitor the Betrieb and exactly what it will see, and leads to login and back', async () => {
    const calls = stubFetch(({ path }) =>
      path === `/api/invitations/${TOKEN}` ? { status: 200, body: preview } : undefined,
    );
    const { router } = renderPages(routes, `/beitreten/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Einladung von „Regio Franken“' })).toBeVisible();
    expect(screen.getByText(/als Triebfahrzeugführer\/in beizutreten/)).toBeVisible();
    const shared = screen.getByRole('list', { name: 'Was der Betrieb sieht' });
    expect(shared.querySelectorAll('li')).toHaveLength(CURRENT_CONSENT.shared.length);
    const notShared = screen.getByRole('list', { name: 'Was der Betrieb nie sieht' });
    expect(notShared).toHaveTextContent('Ihre E-Mail-Adresse');
    expect(notShared).toHaveTextContent('Kalender-Abo');
    expect(screen.queryByRole('button', { name: 'Zustimmen und beitreten' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Anmelden' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ from: `/beitreten/${TOKEN}` });
    // The public call carries no token.
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('joins a signed-in driver with the consent version shown and opens the Betrieb', async () => {
    useAuthStore.getState().setToken(fakeToken({ sub: '7', exp: Math.floor(Date.now() / 1000) + 3600 }));
    const calls = stubFetch(({ method, path }) => {
      if (path === `/api/invitations/${TOKEN}`) return { status: 200, body: preview };
      if (method === 'POST' && path === `/api/invitations/${TOKEN}/accept`) {
        return { status: 201, body: { id: 12, name: 'Regio Franken', role: 'driver' } };
      }
      return undefined;
    });
    const { router } = renderPages(routes, `/beitreten/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Zustimmen und beitreten' }));
    expect(await screen.findByText('Seite des Betriebs')).toBeVisible();
    expect(router.state.location.pathname).toBe('/betrieb/12');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ consentVersion: CONSENT_VERSION });
  });

  it('says why joining failed and stays on the page', async () => {
    useAuthStore.getState().setToken(fakeToken({ sub: '7', exp: Math.floor(Date.now() / 1000) + 3600 }));
    stubFetch(({ method, path }) => {
      if (path === `/api/invitations/${TOKEN}`) return { status: 200, body: preview };
      if (method === 'POST') {
        return {
          status: 409,
          body: { status: 409, title: 'Conflict', detail: 'Der Text der Einwilligung hat sich geändert.' },
        };
      }
      return undefined;
    });
    renderPages(routes, `/beitreten/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Zustimmen und beitreten' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Text der Einwilligung hat sich geändert.');
  });

  it('shows one card for an invitation that does not open', async () => {
    stubFetch(() => undefined);
    renderPages(routes, '/beitreten/ABCDE-FGHJK');
    expect(await screen.findByRole('heading', { name: 'Einladung nicht gefunden' })).toBeVisible();
    expect(screen.getByText(/abgelaufen, wurde widerrufen oder schon benutzt/)).toBeVisible();
  });
});
