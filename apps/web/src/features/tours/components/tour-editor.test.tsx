import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as TourNewPage } from '../../../app/routes/tour-new';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { useTourSelectionStore } from '../tour-selection-store';

const route = (id: number, name: string, companyRoute: string | null = null) => ({
  id,
  name,
  companyRoute,
  startPoint: 'A',
  endPoint: 'B',
  tours: [],
  owner: '/api/users/1',
});
const allRoutes = [
  route(1, 'Uelzen - Celle', 'N30.1'),
  route(2, 'Uelzen - Lüneburg', 'N30.2'),
  route(3, 'Lübeck - Kiel'),
];

const routes = [
  { path: '/tour/new', Component: TourNewPage },
  { path: '/tour/:id', element: <p>Ansicht der Tour</p> },
  { path: '/route/:id', element: <p>Ansicht der Strecke</p> },
];

beforeEach(() => useTourSelectionStore.getState().reset());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('tour editor (/tour/new)', () => {
  it('filters routes by a case-insensitive substring of the name and toggles bookmarks', async () => {
    stubFetch(({ path }) => (path === '/api/routes' ? { status: 200, body: allRoutes } : undefined));
    const user = userEvent.setup();
    renderRoutes(routes, '/tour/new');
    await user.type(await screen.findByRole('searchbox', { name: 'Nach einer Strecke suchen' }), 'UELZEN');
    expect(screen.getByRole('button', { name: 'Uelzen - Celle auswählen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lübeck - Kiel auswählen' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Uelzen - Celle auswählen' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Uelzen - Celle · Kürzel N30.1' })).toHaveAttribute('href', '/route/1');
  });

  it('asks for at least two routes and sends nothing before', async () => {
    const calls = stubFetch(({ path }) => (path === '/api/routes' ? { status: 200, body: allRoutes } : undefined));
    const user = userEvent.setup();
    renderRoutes(routes, '/tour/new');
    await user.type(await screen.findByLabelText(/Name der Tour/), 'Hamburg - Hannover');
    await user.click(screen.getByRole('button', { name: 'Uelzen - Celle auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Tour erstellen' }));
    expect(await screen.findByText(/Eine Tour braucht mindestens 2 Strecken/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('a failed creation is only logged and keeps name and selection', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubFetch(({ method, path }) => {
      if (path === '/api/routes') return { status: 200, body: allRoutes };
      if (method === 'POST' && path === '/api/tours') return { status: 500, body: { title: 'x', status: 500 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/tour/new');
    await user.type(await screen.findByLabelText(/Name der Tour/), 'Hamburg - Hannover');
    await user.click(screen.getByRole('button', { name: 'Uelzen - Celle auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Lübeck - Kiel auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Tour erstellen' }));

    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Hamburg - Hannover',
      routes: ['/api/routes/1', '/api/routes/3'],
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Name der Tour/)).toHaveValue('Hamburg - Hannover');
    expect(screen.getByRole('button', { name: 'Uelzen - Celle auswählen' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Lübeck - Kiel auswählen' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('creates the tour, forgets the draft and opens the view', async () => {
    stubFetch(({ method, path }) => {
      if (path === '/api/routes') return { status: 200, body: allRoutes };
      if (method === 'POST' && path === '/api/tours')
        return {
          status: 201,
          body: { id: 4, name: 'T', owner: '/api/users/1', routes: ['/api/routes/1', '/api/routes/2'] },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/tour/new');
    await user.type(await screen.findByLabelText(/Name der Tour/), 'T');
    await user.click(screen.getByRole('button', { name: 'Uelzen - Celle auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Uelzen - Lüneburg auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Tour erstellen' }));
    expect(await screen.findByText('Ansicht der Tour')).toBeInTheDocument();
    expect(useTourSelectionStore.getState().drafts).toEqual({});
  });
});
