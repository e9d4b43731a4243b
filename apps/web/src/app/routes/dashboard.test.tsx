import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_FILTER_KEY, useDashboardFilter } from '../../features/dashboard/store';
import { useAuthStore } from '../../features/auth/store';
import { stubFetch } from '../../test/fetch-stub';
import { fakeToken, renderRoutes } from '../../test/render';
import { renderPages } from '../../test/render-pages';
import { pageRoute } from '../record-route';
import * as dashboard from './dashboard';

const Dashboard = dashboard.Component;

const user = {
  id: 1,
  email: 'erika@example.org',
  firstname: 'Erika',
  lastname: 'Mustermann',
  roles: ['ROLE_USER'],
  mail_verified: true,
  receive_weekly_reports: true,
  bcc_mail_weekly_reports: false,
};
const entry = (id: number, name: string, days: number | null) => ({
  id,
  name,
  companyRoute: null,
  startPoint: 'A',
  endPoint: 'B',
  acquired_until: days === null ? null : '2030-01-01',
  acquired_until_days: days,
});
const expiring = [
  entry(1, 'Lübeck - Kiel', null),
  entry(2, 'Uelzen - Lüneburg', -3),
  entry(3, 'Celle - Hannover', 0),
  entry(4, 'Hamburg - Lübeck', 1),
  entry(5, 'Lüneburg - Hamburg', 64),
  entry(6, 'Uelzen - Celle', 200),
];
const changelog = [
  { version: 'Unreleased', date: null, prerelease: true, changes: ['Geheim'] },
  { version: '1.3.0', date: '2026-04-01', prerelease: false, changes: ['Neu 1.3'] },
  { version: '1.3.0-beta.1', date: '2026-03-01', prerelease: true, changes: ['Beta'] },
  { version: '1.2.0', date: '2026-02-01', prerelease: false, changes: ['Neu 1.2'] },
  { version: '1.1.0', date: '2026-01-01', prerelease: false, changes: ['Neu 1.1'] },
  { version: '1.0.0', date: '2025-12-01', prerelease: false, changes: ['Neu 1.0'] },
];

const route = (id: number, name: string) => ({
  id,
  name,
  companyRoute: null,
  startPoint: 'A',
  endPoint: 'B',
  tours: [],
  owner: '/api/users/1',
});
const routes = [route(1, 'Celle - Hannover'), route(2, 'Hamburg - Lübeck')];
const tours = [{ id: 7, name: 'Heiderunde', owner: '/api/users/1', routes: ['/api/routes/1', '/api/routes/2'] }];
const activities = [
  {
    id: 3,
    acquiredAt: '2025-12-01',
    acquiredUntil: '2026-11-30',
    owner: '/api/users/1',
    acquiredRoutes: ['/api/routes/2'],
    vehicleActivities: [],
  },
];

/** The server's answers to the dashboard's reads. */
const answers =
  (data: { expiring?: unknown[]; routes?: unknown[] } = {}) =>
  ({ method, path }: { method: string; path: string }) => {
    if (method !== 'GET') return undefined;
    if (path === '/api/users/current') return { status: 200, body: user };
    if (path === '/api/routes/expiring') return { status: 200, body: data.expiring ?? expiring };
    if (path === '/api/routes') return { status: 200, body: data.routes ?? routes };
    if (path === '/api/tours') return { status: 200, body: tours };
    if (path === '/api/route_activities') return { status: 200, body: activities };
    if (path === '/api/vehicles') return { status: 200, body: [] };
    if (path === '/api/version/changelog') return { status: 200, body: changelog };
    return undefined;
  };

const serve = (data: Parameters<typeof answers>[0] = {}) => stubFetch(answers(data));

const renderDashboard = () => renderRoutes([{ path: '/dashboard', element: <Dashboard /> }], '/dashboard');
const shownEntries = () =>
  within(screen.getByRole('list', { name: 'Ablaufende Strecken' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('dashboard', () => {
  beforeEach(() => {
    useAuthStore.getState().setToken(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 }));
    useDashboardFilter.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuthStore.getState().reset();
  });

  it('loads through the router: without the account, the page is its error card with "Erneut versuchen"', async () => {
    let accountFails = true;
    const served = answers();
    const detail = 'Der Dienst ist vorübergehend nicht erreichbar.';
    stubFetch((call) =>
      call.path === '/api/users/current' && accountFails
        ? { status: 503, body: { status: 503, title: 'Service Unavailable', detail } }
        : served(call),
    );
    renderPages((queryClient) => [{ path: '/dashboard', ...pageRoute(dashboard, queryClient) }], '/dashboard');
    expect(await screen.findByText(detail)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Verfallsübersicht' })).not.toBeInTheDocument();

    accountFails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    // The whole dashboard is painted at once, after its lists: on a busy machine that takes a few seconds.
    expect(await screen.findByRole('heading', { name: 'Verfallsübersicht' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('erika@example.org')).toBeVisible();
  });

  it('shows recorded routes expiring within 90 days by default, expired ones always, with German labels', async () => {
    const calls = serve();
    renderDashboard();
    await screen.findByRole('list', { name: 'Ablaufende Strecken' });
    expect(screen.getByRole('button', { name: '90 Tage' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('checkbox', { name: 'Nur aufgezeichnete Strecken' })).toBeChecked();
    expect(shownEntries()).toEqual([
      'Uelzen - LüneburgAbgelaufen (seit 3 Tagen)',
      'Celle - HannoverHeute',
      'Hamburg - LübeckMorgen',
      'Lüneburg - HamburgIn 64 Tagen',
    ]);
    expect(screen.getByRole('link', { name: /Celle - Hannover/ })).toHaveAttribute('href', '/route/3');
    // The full list is fetched once and filtered here.
    expect(calls.filter((call) => call.path === '/api/routes/expiring')).toHaveLength(1);
    expect(calls.some((call) => call.path.includes('?'))).toBe(false);
  });

  it('widens the window, lists never recorded routes first when the filter is off, and keeps that after a reload', async () => {
    serve();
    const view = renderDashboard();
    await screen.findByRole('list', { name: 'Ablaufende Strecken' });
    await userEvent.click(screen.getByRole('button', { name: '30 Tage' }));
    expect(shownEntries()).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: '365 Tage' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Nur aufgezeichnete Strecken' }));
    expect(shownEntries()[0]).toBe('Lübeck - KielKeine Aufzeichnung');
    expect(shownEntries().at(-1)).toBe('Uelzen - CelleIn 200 Tagen');
    expect(JSON.parse(localStorage.getItem(DASHBOARD_FILTER_KEY) ?? '{}').state).toEqual({
      days: 365,
      recordedOnly: false,
    });

    view.unmount();
    await useDashboardFilter.persist.rehydrate();
    renderDashboard();
    await screen.findByText('Lübeck - Kiel');
    expect(screen.getByRole('button', { name: '365 Tage' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('checkbox', { name: 'Nur aufgezeichnete Strecken' })).not.toBeChecked();
  });

  it('shows the account, the summary and the three latest releases', async () => {
    serve();
    renderDashboard();
    expect(await screen.findByText('Hallo Erika Mustermann!')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Zusammenfassung' });
    expect(await within(summary).findByText('2')).toBeInTheDocument();
    const news = screen.getByRole('region', { name: 'Neu für Sie' });
    // At a glance the newest release's headlines; all three releases in full behind "Alle Änderungen".
    expect((await within(news).findAllByText('Neu 1.3'))[0]).toBeVisible();
    expect(within(news).queryByText('Neu 1.1')).toBeNull();
    await userEvent.click(within(news).getByRole('button', { name: 'Alle Änderungen' }));
    await waitFor(() => expect(within(news).getByText('Neu 1.1')).toBeVisible());
    expect(within(news).queryByText('Neu 1.0')).not.toBeInTheDocument();
    expect(within(news).queryByText('Beta')).not.toBeInTheDocument();
    expect(within(news).queryByText('Geheim')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Zur Anwenderdokumentation/ })).toHaveAttribute(
      'href',
      'https://github.com/Streckenkunde/Anwenderdokumentation',
    );
  });

  it('tells a new user to create the first route', async () => {
    serve({ expiring: [], routes: [] });
    renderDashboard();
    expect(await screen.findByText(/Legen Sie Ihre erste Strecke an/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Strecke (erstellen|anlegen)/ })[0]).toHaveAttribute(
      'href',
      '/route/new',
    );
  });

  it('tells a user with routes but no record to document them', async () => {
    serve({ expiring: [entry(1, 'Lübeck - Kiel', null)] });
    renderDashboard();
    expect(await screen.findByText(/Noch keine Strecke dokumentiert/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Strecken dokumentieren' })).toHaveAttribute('href', '/documentation');
  });

  it('leads with the counts by state, each a filter of the overview, and the next expiry', async () => {
    serve();
    renderDashboard();
    const glance = await screen.findByRole('region', { name: 'Auf einen Blick' });
    expect(within(glance).getByText('1 Strecke ist abgelaufen.')).toBeInTheDocument();
    expect(within(glance).getByRole('button', { name: '2 läuft bald ab' })).toBeInTheDocument();
    expect(within(glance).getByRole('button', { name: '2 gültig' })).toBeInTheDocument();
    expect(within(glance).getByRole('button', { name: '1 nie gefahren' })).toBeInTheDocument();
    expect(within(glance).getByText(/Nächster Ablauf:/).textContent).toContain('Celle - Hannover');
    // Inside the sentence the label starts in lower case; the list's column keeps "Heute".
    expect(within(glance).getByText(/Nächster Ablauf:/).textContent).toMatch(/\(heute\)$/);

    await userEvent.click(within(glance).getByRole('button', { name: '1 abgelaufen' }));
    expect(shownEntries()).toEqual(['Uelzen - LüneburgAbgelaufen (seit 3 Tagen)']);
    await userEvent.click(within(glance).getByRole('button', { name: '2 gültig' }));
    expect(shownEntries()).toEqual(['Lüneburg - HamburgIn 64 Tagen', 'Uelzen - CelleIn 200 Tagen']);
    await userEvent.click(screen.getByRole('button', { name: 'Alle zeigen' }));
    expect(shownEntries()).toHaveLength(4);
  });

  it('records a tour as driven today in two taps ("Heute gefahren")', async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.path === '/api/route_activities') {
        const body = call.body as { acquiredAt: string; acquiredUntil: string; acquiredRoutes: string[] };
        return { status: 201, body: { id: 9, ...body, owner: '/api/users/1', vehicleActivities: [] } };
      }
      if (call.method !== 'GET') return undefined;
      if (call.path === '/api/users/current') return { status: 200, body: user };
      if (call.path === '/api/routes/expiring') return { status: 200, body: expiring };
      if (call.path === '/api/routes') return { status: 200, body: routes };
      if (call.path === '/api/tours') return { status: 200, body: tours };
      if (call.path === '/api/route_activities') return { status: 200, body: activities };
      if (call.path === '/api/vehicles') return { status: 200, body: [] };
      return undefined;
    });
    renderDashboard();
    const quick = await screen.findByRole('region', { name: 'Heute gefahren' });
    // The last driven route is offered on its own too.
    expect(within(quick).getByRole('button', { name: /Hamburg - Lübeck/ })).toBeInTheDocument();
    await userEvent.click(within(quick).getByRole('button', { name: /Heiderunde/ }));
    await userEvent.click(within(quick).getByRole('button', { name: '2 Strecken speichern' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(post?.body).toMatchObject({ acquiredAt: iso, acquiredRoutes: ['/api/routes/1', '/api/routes/2'] });
    // The drive's history names the quick record as its channel (issue 27).
    expect(post?.headers['x-streckenpass-channel']).toBe('quick');
    await vi.waitFor(() =>
      expect(within(quick).getByRole('button', { name: /Heiderunde/ })).toHaveAttribute('aria-pressed', 'false'),
    );
  });
});
