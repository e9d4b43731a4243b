import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportSettings } from '@streckenpass/contract/reports';
import { useAuthStore } from '../../features/auth/store';
import { jsonResponse, testUser } from '../../test/fixtures';
import { fakeToken, renderRoutes } from '../../test/render';
import { Component as AccountSettings } from './account-settings';

const user = testUser;
const json = jsonResponse;

/** A fake server: the current user, the report settings, and the preferences call. */
function serve(reportSettings: ReportSettings) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/users/current') return json(user);
    if (path === '/api/settings/report') return json(reportSettings);
    if (path === '/api/users/update-preferences' && init?.method === 'POST') {
      return json({ success: true, message: 'Einstellungen erfolgreich gespeichert.' });
    }
    return json({ status: 404 }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderPage = () => renderRoutes([{ path: '/account/settings', Component: AccountSettings }], '/account/settings');

describe('account settings page', () => {
  beforeEach(() => {
    useAuthStore
      .getState()
      .setToken(fakeToken({ sub: '7', username: user.email, exp: Math.floor(Date.now() / 1000) + 3600 }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().reset();
  });

  it('says where the blind copy goes when the operator configured an address', async () => {
    serve({ bcc_configured: true, bcc_address: 'betrieb@example.org', schedule: 'Montags 06:00 (Europe/Berlin)' });
    renderPage();
    expect(await screen.findByText(/Die Kopie geht an betrieb@example\.org\./)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Wöchentliche Berichte erhalten' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Kopie des Berichts an den Betreiber (BCC)' })).not.toBeChecked();
  });

  it('says that no copy is sent when no address is configured', async () => {
    serve({ bcc_configured: false, bcc_address: null, schedule: 'Montags 06:00 (Europe/Berlin)' });
    renderPage();
    expect(
      await screen.findByText(/Derzeit ist keine Adresse für Kopien hinterlegt; es wird keine Kopie verschickt\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Die Kopie geht an/)).not.toBeInTheDocument();
  });

  it('still saves both preferences', async () => {
    const fetchMock = serve({
      bcc_configured: true,
      bcc_address: 'betrieb@example.org',
      schedule: 'Montags 06:00 (Europe/Berlin)',
    });
    renderPage();
    const bcc = await screen.findByRole('checkbox', { name: 'Kopie des Berichts an den Betreiber (BCC)' });
    await userEvent.click(bcc);
    await userEvent.click(screen.getByRole('button', { name: 'Einstellungen speichern' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Einstellungen erfolgreich gespeichert.');
    await waitFor(() => {
      const saveCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/users/update-preferences'));
      expect(JSON.parse(String(saveCall?.[1]?.body))).toEqual({
        receive_weekly_reports: true,
        bcc_mail_weekly_reports: true,
      });
    });
  });
});
