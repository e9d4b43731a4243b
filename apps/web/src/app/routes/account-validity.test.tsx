import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettings } from '@streckenpass/contract/notifications';
import { useAuthStore } from '../../features/auth/store';
import { jsonResponse, testUser } from '../../test/fixtures';
import { fakeToken, renderRoutes } from '../../test/render';
import { Component as AccountValidity } from './account-validity';
import { queryKeys } from '../../lib/query-keys';

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

const renderPage = () => renderRoutes([{ path: '/account/validity', Component: AccountValidity }], '/account/validity');

describe('Gültigkeit', () => {
  beforeEach(() => {
    useAuthStore
      .getState()
      .setToken(fakeToken({ sub: '7', username: user.email, exp: Math.floor(Date.now() / 1000) + 3600 }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().reset();
  });

  it('saves a half-year rule and a custom vehicle rule as one merge patch, and no reminder choice', async () => {
    const sent = serve();
    const clicker = userEvent.setup();
    renderPage();
    // The first "½ Jahr" is the routes' rule, the second the vehicles'.
    await clicker.click((await screen.findAllByRole('radio', { name: '½ Jahr (182 Tage)' }))[0]!);
    await clicker.click(screen.getByRole('radio', { name: 'Eigene Anzahl Tage' }));
    await clicker.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Einstellungen erfolgreich gespeichert.')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'PATCH', path: '/api/notifications/settings', body: { validityDays: 182, vehicleValidityDays: 90 } },
    ]);
  });

  it('refuses a custom rule beyond ten years with the contract’s message and sends nothing', async () => {
    const sent = serve();
    const clicker = userEvent.setup();
    renderPage();
    await clicker.click(
      (await screen.findAllByRole('radio', { name: 'Eigene Anzahl Tage (Vorgabe Ihres Unternehmens)' }))[0]!,
    );
    const days = screen.getByRole('textbox', { name: 'Tage' });
    await clicker.clear(days);
    await clicker.type(days, '5000');
    await clicker.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Gültigkeit darf höchstens 3650 Tage betragen.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('saves which ways keep route knowledge valid, and the routes and the overview are asked again', async () => {
    const sent = serve();
    const clicker = userEvent.setup();
    const { queryClient } = renderPage();
    queryClient.setQueryData(queryKeys.routes.list(), []);
    queryClient.setQueryData(queryKeys.routes.expiring(), []);
    const ways = await screen.findByRole('group', { name: 'Diese Arten der Fahrt erhalten die Streckenkunde' });
    expect(screen.getByRole('checkbox', { name: 'selbst gefahren' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'begleitete Fahrt' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Simulator' })).not.toBeChecked();
    expect(ways).toBeInTheDocument();
    await clicker.click(screen.getByRole('checkbox', { name: 'begleitete Fahrt' }));
    await clicker.click(screen.getByRole('checkbox', { name: 'Simulator' }));
    await clicker.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Einstellungen erfolgreich gespeichert.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/api/notifications/settings',
        body: { validityDays: 364, vehicleValidityDays: null, keepingWays: ['driven', 'simulator'] },
      },
    ]);
    // The server recomputed every route's validity by the new rule.
    expect(queryClient.getQueryState(queryKeys.routes.list())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.routes.expiring())?.isInvalidated).toBe(true);
  });

  it('refuses a rule without any way with the contract’s message and sends nothing', async () => {
    const sent = serve();
    const clicker = userEvent.setup();
    renderPage();
    await clicker.click(await screen.findByRole('checkbox', { name: 'selbst gefahren' }));
    await clicker.click(screen.getByRole('checkbox', { name: 'begleitete Fahrt' }));
    await clicker.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Mindestens eine Art muss die Streckenkunde erhalten.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
