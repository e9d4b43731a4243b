import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../features/auth/store';
import { stubFetch } from '../../test/fetch-stub';
import { fakeToken, renderRoutes } from '../../test/render';
import { VerificationBanner } from './verification-banner';

const FULL = 'Bitte bestätigen Sie Ihre E-Mail-Adresse. Bis dahin erhalten Sie keine E-Mail-Benachrichtigungen.';

function phoneScreen(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('verification banner', () => {
  beforeEach(() => {
    useAuthStore.getState().setToken(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 }));
    stubFetch(({ method, path }) =>
      method === 'GET' && path === '/api/users/current'
        ? {
            status: 200,
            body: { id: 1, email: 'a@example.org', firstname: 'A', lastname: 'B', roles: [], mail_verified: false },
          }
        : undefined,
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().reset();
  });

  it('takes one line on a phone, keeps the full sentence for screen readers and shows everything on "Mehr"', async () => {
    phoneScreen(true);
    renderRoutes([{ path: '/', element: <VerificationBanner /> }], '/');
    const banner = await screen.findByRole('region', { name: 'E-Mail-Bestätigung' });
    expect(within(banner).getByText('E-Mail bestätigen')).toBeInTheDocument();
    expect(within(banner).getByText(FULL)).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Bestätigung erneut senden' })).toBeNull();

    await userEvent.click(within(banner).getByRole('button', { name: 'Mehr' }));
    expect(within(banner).getByRole('button', { name: 'Bestätigung erneut senden' })).toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Weniger' }));
    await userEvent.click(within(banner).getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('region', { name: 'E-Mail-Bestätigung' })).toBeNull();
  });

  it('shows the full text with both actions on a wide screen', async () => {
    phoneScreen(false);
    renderRoutes([{ path: '/', element: <VerificationBanner /> }], '/');
    const banner = await screen.findByRole('region', { name: 'E-Mail-Bestätigung' });
    expect(within(banner).getByText(FULL)).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Bestätigung erneut senden' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Mehr' })).toBeNull();
  });
});
