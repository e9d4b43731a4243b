import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettings } from '@streckenpass/contract/notifications';
import { useAuthStore } from '../../features/auth/store';
import { jsonResponse, testUser } from '../../test/fixtures';
import { fakeToken, renderRoutes } from '../../test/render';
import { Component as AccountNotifications } from './account-notifications';

const user = testUser;
const json = jsonResponse;

/** A fake server with the calls of the page; records what was sent. */
function serve() {
  let settings: NotificationSettings = {
    validityDays: 364,
    vehicleValidityDays: null,
    keepingWays: ['driven', 'escorted'],
    reminderThresholds: [30, 7],
    reminderMail: true,
    reminderPush: true,
    calendarFeed: false,
    timezone: 'Europe/Berlin',
  };
  const sent: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, path, body });
    if (path === '/api/users/current') return json(user);
    if (path === '/api/push_subscriptions' && method === 'GET') return json([]);
    if (path === '/api/notifications/settings' && method === 'GET') return json(settings);
    if (path === '/api/notifications/settings' && method === 'PATCH') {
      settings = { ...settings, ...body };
      return json(settings);
    }
    if (path === '/api/notifications/test')
      return json({ delivered: 1, message: 'Test-E-Mail an erika@example.org gesendet.' });
    if (path === '/api/calendar_feed' && method === 'POST') {
      settings = { ...settings, calendarFeed: true };
      return json(
        { url: 'https://sp.example/api/calendar/abc.ics', webcalUrl: 'webcal://sp.example/api/calendar/abc.ics' },
        201,
      );
    }
    return json({ status: 404 }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

const renderPage = () =>
  renderRoutes([{ path: '/account/notifications', Component: AccountNotifications }], '/account/notifications');

describe('Erinnerungen & Kalender', () => {
  beforeEach(() => {
    useAuthStore
      .getState()
      .setToken(fakeToken({ sub: '7', username: user.email, exp: Math.floor(Date.now() / 1000) + 3600 }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().reset();
  });

  it('saves the chosen thresholds as one merge patch, and no validity rule', async () => {
    const sent = serve();
    const clicker = userEvent.setup();
    renderPage();
    await clicker.click(await screen.findByRole('checkbox', { name: 'am Ablauftag' }));
    await clicker.click(screen.getByRole('checkbox', { name: '30 Tage vorher' }));
    await clicker.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Einstellungen erfolgreich gespeichert.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/api/notifications/settings',
        body: {
          reminderThresholds: [7, 0],
          reminderMail: true,
          reminderPush: true,
        },
      },
    ]);
  });

  it('sends a test mail and shows the calendar address with its QR code once created', async () => {
    const sent = serve();
    const clicker = userEvent.setup();
    renderPage();
    await clicker.click(await screen.findByRole('button', { name: 'Test-Benachrichtigung senden (E-Mail)' }));
    expect(await screen.findByText('Test-E-Mail an erika@example.org gesendet.')).toBeInTheDocument();
    await clicker.click(screen.getByRole('button', { name: 'Kalender-Abo einrichten' }));
    expect(await screen.findByDisplayValue('https://sp.example/api/calendar/abc.ics')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR-Code der Adresse des Kalender-Abos' }).tagName.toLowerCase()).toBe(
      'svg',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Neue Adresse erzeugen' })).toBeInTheDocument());
    expect(sent.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/notifications/test',
      'POST /api/calendar_feed',
    ]);
  });
});
