import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../features/auth/store';
import { stubFetch } from '../../test/fetch-stub';
import { testUser } from '../../test/fixtures';
import { fakeToken, renderRoutes } from '../../test/render';
import { Component as ChangePassword } from './account-change-password';
import { Component as ResetPassword } from './reset-password';

const REVOKE = 'Alle Freigabe-Links und das Kalender-Abo beenden';

/** The server's answers to a new password: with the option, the sentence that the shared access is ended. */
function serve() {
  return stubFetch(({ method, path, body }) => {
    if (path === '/api/users/current') return { status: 200, body: testUser };
    const revoked = (body as { revoke_shared_access?: boolean } | undefined)?.revoke_shared_access
      ? ' Alle Freigabe-Links und das Kalender-Abo wurden beendet.'
      : '';
    if (method === 'POST' && path === '/api/users/change-password') {
      return { status: 200, body: { success: true, message: `Passwort erfolgreich geändert.${revoked}` } };
    }
    if (method === 'POST' && path === '/api/users/reset-password') {
      return { status: 200, body: { success: true, message: `Ihr Passwort wurde geändert.${revoked}` } };
    }
    return undefined;
  });
}

async function fillNewPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Neues Passwort(\s*\*)?$/), 'ein-ganz-neues-passwort-7');
  await user.type(screen.getByLabelText(/^Neues Passwort wiederholen/), 'ein-ganz-neues-passwort-7');
}

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().reset();
});

describe('change-password page', () => {
  beforeEach(() => {
    useAuthStore
      .getState()
      .setToken(fakeToken({ sub: '7', username: testUser.email, exp: Math.floor(Date.now() / 1000) + 3600 }));
  });
  const renderPage = () =>
    renderRoutes([{ path: '/account/password', Component: ChangePassword }], '/account/password');

  it('offers to end all share links and the calendar feed, off by default, and says why', async () => {
    serve();
    renderPage();
    const checkbox = await screen.findByRole('checkbox', { name: REVOKE });
    expect(checkbox).not.toBeChecked();
    expect(screen.getByText(/wenn jemand anderes Zugang zu Ihrem Konto hatte/)).toBeInTheDocument();
  });

  it('takes "Das aktuelle Passwort ist falsch." away as soon as the current password is edited', async () => {
    stubFetch(({ method, path }) => {
      if (path === '/api/users/current') return { status: 200, body: testUser };
      if (method === 'POST' && path === '/api/users/change-password') {
        return { status: 400, body: { success: false, message: 'Das aktuelle Passwort ist falsch.' } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    const current = await screen.findByLabelText(/^Aktuelles Passwort/);
    await user.type(current, 'vertippt');
    await fillNewPassword(user);
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Das aktuelle Passwort ist falsch.')).toBeInTheDocument();
    await user.type(current, '-1');
    expect(screen.queryByText('Das aktuelle Passwort ist falsch.')).toBeNull();
    expect(current).toHaveValue('vertippt-1');
  });

  it('keeps them unless chosen: sends revoke_shared_access false', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText(/^Aktuelles Passwort/), 'das-alte-passwort-1');
    await fillNewPassword(user);
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Passwort erfolgreich geändert.');
    expect(calls.find((call) => call.path === '/api/users/change-password')?.body).toEqual({
      current_password: 'das-alte-passwort-1',
      new_password: 'ein-ganz-neues-passwort-7',
      revoke_shared_access: false,
    });
  });

  it('ends them when chosen and shows the server’s confirmation', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText(/^Aktuelles Passwort/), 'das-alte-passwort-1');
    await fillNewPassword(user);
    await user.click(screen.getByRole('checkbox', { name: REVOKE }));
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Passwort erfolgreich geändert. Alle Freigabe-Links und das Kalender-Abo wurden beendet.',
    );
    expect(calls.find((call) => call.path === '/api/users/change-password')?.body).toMatchObject({
      revoke_shared_access: true,
    });
    // The form starts over, the choice with it.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: REVOKE })).not.toBeChecked());
  });
});

describe('reset-password page', () => {
  it('offers the same choice and sends it with the link’s token', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/reset-password', Component: ResetPassword },
        { path: '/', element: <p>Anmeldung</p> },
      ],
      '/reset-password?token=abc',
    );
    const checkbox = await screen.findByRole('checkbox', { name: REVOKE });
    expect(checkbox).not.toBeChecked();
    await fillNewPassword(user);
    await user.click(checkbox);
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.path === '/api/users/reset-password')?.body).toEqual({
      token: 'abc',
      new_password: 'ein-ganz-neues-passwort-7',
      revoke_shared_access: true,
    });
  });
});
