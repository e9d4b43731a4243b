import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RAIL_NETWORK_ATTRIBUTION } from '@streckenpass/contract/network';
import { Component as RouteNewPage } from '../../../app/routes/route-new';
import { stubFetch, type StubbedCall } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';

const routes = [
  { path: '/route/new', Component: RouteNewPage },
  { path: '/route/:id', element: <p>Ansicht der Strecke</p> },
];

const FF_RM = {
  version: 'abcdef0123456789',
  from: { code: 'FF', name: 'Frankfurt (Main) Hbf' },
  to: { code: 'RM', name: 'Mannheim Hbf' },
  km: 77.8,
  sections: [
    { line: 3520, fromKm: 0.3, toKm: 3.4 },
    { line: 4010, fromKm: 1.2, toKm: 60 },
    { line: 4011, fromKm: 0, toKm: 14.5 },
  ],
  lines: [3520, 4010, 4011],
  geometry: [
    [8.66, 50.11],
    [8.57, 49.9],
    [8.47, 49.48],
  ],
};

const created = {
  id: 7,
  name: 'Frankfurt – Mannheim',
  companyRoute: null,
  startPoint: 'FF',
  endPoint: 'RM',
  startStation: null,
  endStation: null,
  tours: [],
  owner: '/api/users/1',
};

type Answer = { status: number; body?: unknown } | undefined;

function stub(path: (call: StubbedCall) => Answer) {
  return stubFetch((call) => {
    if (call.path === '/api/network/path') return path(call);
    if (call.method === 'POST' && call.path === '/api/routes') return { status: 201, body: created };
    return undefined;
  });
}

/** The query strings of the path requests made so far. */
function pathQueries(): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([url]) => new URL(String(url)))
    .filter((url) => url.pathname === '/api/network/path')
    .map((url) => url.search);
}

async function typeEnds(user: ReturnType<typeof userEvent.setup>, from = 'FF', to = 'RM') {
  await user.type(screen.getByLabelText(/Name der Strecke/), 'Frankfurt – Mannheim');
  await user.type(screen.getByRole('combobox', { name: /Start der Strecke/ }), from);
  await user.type(screen.getByRole('combobox', { name: /Ende der Strecke/ }), to);
}

/** The option list of a select (each select has one in the page). */
async function listOf(select: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(document.getElementById(select.getAttribute('aria-controls') ?? '')).not.toBeNull());
  return document.getElementById(select.getAttribute('aria-controls')!)!;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('route form: the path along the tracks', () => {
  it('shows the shortest path with its lines, km, sections, map and the data source', async () => {
    stub(() => ({ status: 200, body: FF_RM }));
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await typeEnds(user);

    expect(await screen.findByText(/über 3520 › 4010 › 4011, 78 km/)).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /Karte des Wegs von Frankfurt \(Main\) Hbf nach Mannheim Hbf/ }),
    ).toBeVisible();
    expect(screen.getByRole('list', { name: 'Streckenabschnitte des Wegs' })).toHaveTextContent(
      'Strecke 4010, km 1,2 – 60,0',
    );
    expect(screen.getByText(RAIL_NETWORK_ATTRIBUTION)).toBeInTheDocument();
    expect(pathQueries().at(-1)).toBe('?from=FF&to=RM');
  });

  it('shows a spinner while the path loads', async () => {
    let answer: (value: Response) => void = () => undefined;
    stubFetch(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        new URL(url).pathname === '/api/network/path'
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(new Response(null, { status: 404 })),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await typeEnds(user);
    expect(await screen.findByText('Weg entlang der Gleise wird gesucht …')).toBeInTheDocument();
    answer(new Response(JSON.stringify(FF_RM), { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByText(/über 3520 › 4010 › 4011/)).toBeInTheDocument();
  });

  it('says in German when no network is imported, and saves as before', async () => {
    const calls = stub(() => ({
      status: 404,
      body: { status: 404, title: 'Not Found', detail: 'Es ist kein Streckennetz importiert. Der Betreiber kann es …' },
    }));
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await typeEnds(user);
    expect(await screen.findByText('Kein Streckennetz importiert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    expect(await screen.findByText('Ansicht der Strecke')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).not.toHaveProperty('path');
  });

  it('keeps the form as it was when the server has no network, saying so in one sentence', async () => {
    const calls = stubFetch((call) => {
      if (call.path === '/api/network/version') return { status: 200, body: { version: null, attribution: 'x' } };
      if (call.method === 'POST' && call.path === '/api/routes') return { status: 201, body: created };
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await typeEnds(user);
    expect(
      await screen.findByText(
        'Kein Streckennetz importiert: Die Strecke wird wie bisher ohne Weg im Streckennetz gespeichert.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Nach Streckennummer')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/network/path')).toBe(false);
  });

  it('reports a station off the network with the server’s sentence', async () => {
    stub(() => ({
      status: 404,
      body: { status: 404, title: 'Not Found', detail: 'Für XYZ ist kein Punkt im Streckennetz bekannt.' },
    }));
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await typeEnds(user, 'FF', 'XYZ');
    expect(await screen.findByText('Nicht im Streckennetz')).toBeInTheDocument();
    expect(screen.getByText(/Für XYZ ist kein Punkt im Streckennetz bekannt\./)).toBeInTheDocument();
  });

  it('sends the path over a chosen point with the route', async () => {
    const viaPath = { ...FF_RM, via: { code: 'FD', name: 'Darmstadt Hbf' }, km: 80.1 };
    const calls = stub((call) => ({ status: 200, body: call ? viaPath : FF_RM }));
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await typeEnds(user);
    await user.type(screen.getByLabelText(/Über \(optional\)/), 'fd');
    await waitFor(() => expect(pathQueries()).toContain('?from=FF&to=RM&via=FD'));
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    expect(await screen.findByText('Ansicht der Strecke')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      path: { km: 80.1, sections: FF_RM.sections, via: 'FD' },
    });
  });

  it('sends a section given by line number and km', async () => {
    const calls = stub(() => ({ status: 200, body: FF_RM }));
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await typeEnds(user);
    await user.click(screen.getByText('Nach Streckennummer'));
    await user.type(screen.getByRole('textbox', { name: /^Streckennummer/ }), '4010');
    await user.type(screen.getByLabelText('von km'), '1,2');
    await user.type(screen.getByLabelText('bis km'), '60');
    expect(await screen.findByText('Strecke 4010, km 1,2 – 60,0 · 59 km')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    expect(await screen.findByText('Ansicht der Strecke')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      path: { km: 58.8, sections: [{ line: 4010, fromKm: 1.2, toKm: 60 }], via: null },
    });
  });

  it("offers the line's operating points, fills the km from them and keeps the km editable", async () => {
    const linePoints = {
      version: 'abcdef0123456789',
      line: 4010,
      fromKm: 0,
      toKm: 78,
      points: [
        { code: 'FF', name: 'Frankfurt (Main) Hbf', kind: 'Bf', km: 0 },
        { code: 'FD', name: 'Darmstadt Hbf', kind: 'Bf', km: 28 },
        { code: 'RM', name: 'Mannheim Hbf', kind: 'Bf', km: 78 },
      ],
    };
    const calls = stubFetch((call) => {
      if (call.path === '/api/network/lines/4010/points') return { status: 200, body: linePoints };
      if (call.path === '/api/network/path') return { status: 200, body: FF_RM };
      if (call.method === 'POST' && call.path === '/api/routes') return { status: 201, body: created };
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await typeEnds(user);
    await user.click(screen.getByText('Nach Streckennummer'));
    await user.type(screen.getByRole('textbox', { name: /^Streckennummer/ }), '4010');
    expect(await screen.findByText('Strecke 4010: km 0,0 – 78,0, 3 Betriebsstellen')).toBeInTheDocument();

    const from = screen.getByRole('combobox', { name: 'von Betriebsstelle' });
    await user.click(from);
    await user.click(
      within(await listOf(from)).getByRole('option', { name: 'Frankfurt (Main) Hbf (FF) · km 0,0', hidden: true }),
    );
    // Searchable by code as well as by name.
    const to = screen.getByRole('combobox', { name: 'bis Betriebsstelle' });
    await user.type(to, 'FD');
    const toList = await listOf(to);
    expect(within(toList).queryByRole('option', { name: /Mannheim/, hidden: true })).not.toBeInTheDocument();
    await user.click(within(toList).getByRole('option', { name: 'Darmstadt Hbf (FD) · km 28,0', hidden: true }));
    expect(screen.getByLabelText('von km')).toHaveValue('0');
    expect(screen.getByLabelText('bis km')).toHaveValue('28');
    expect(screen.getByRole('combobox', { name: 'bis Betriebsstelle' })).toHaveValue('Darmstadt Hbf (FD) · km 28,0');

    // The km stays editable; a km of no point leaves the choice empty.
    await user.clear(screen.getByLabelText('bis km'));
    await user.type(screen.getByLabelText('bis km'), '30,5');
    expect(screen.getByRole('combobox', { name: 'bis Betriebsstelle' })).toHaveValue('');
    expect(await screen.findByText('Strecke 4010, km 0,0 – 30,5 · 31 km')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    expect(await screen.findByText('Ansicht der Strecke')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      path: { km: 30.5, sections: [{ line: 4010, fromKm: 0, toKm: 30.5 }], via: null },
    });
  });

  it('says so when the network does not have the line, and the km can still be typed', async () => {
    stubFetch((call) => {
      if (call.path === '/api/network/lines/4242/points') {
        return {
          status: 404,
          body: { status: 404, title: 'Not Found', detail: 'Die Strecke 4242 ist im Streckennetz nicht bekannt.' },
        };
      }
      if (call.path === '/api/network/path') return { status: 200, body: FF_RM };
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await typeEnds(user);
    await user.click(screen.getByText('Nach Streckennummer'));
    await user.type(screen.getByRole('textbox', { name: /^Streckennummer/ }), '4242');
    expect(
      await screen.findByText(/Die Strecke 4242 ist im Streckennetz nicht bekannt\. Die km können von Hand angegeben/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'von Betriebsstelle' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('von km')).toBeEnabled();
  });

  it('asks for the line number before saving a section by line', async () => {
    const calls = stub(() => ({ status: 200, body: FF_RM }));
    const user = userEvent.setup();
    renderRoutes(routes, '/route/new');
    await typeEnds(user);
    await user.click(screen.getByText('Nach Streckennummer'));
    await user.click(screen.getByRole('button', { name: 'Strecke erstellen' }));
    expect(await screen.findByText('Bitte eine Streckennummer angeben.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
