import { MantineProvider } from '@mantine/core';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { stubFetch as stubAll } from '../../../test/fetch-stub';
import { RequirementsCard } from './requirements-card';

const betrieb = (role: Betrieb['role']): Betrieb => ({
  id: 3,
  name: 'Mainfranken Bahn',
  depots: [{ id: 8, name: 'Würzburg', firstAcquisition: null }],
  role,
  depot: null,
  joinedAt: '2026-12-01T09:00:00.000Z',
  consentVersion: 1,
  consentedAt: '2026-12-01T09:00:00.000Z',
});

const requirement = {
  id: 11,
  startStation: { code: 'NWH', name: 'Würzburg Hbf' },
  endStation: { code: 'NF', name: 'Fürth (Bay) Hbf' },
  companyRoute: 'K1',
  section: null,
  depot: null,
  minDrivers: null,
  createdAt: '2026-12-01T09:00:00.000Z',
};
const stationList = {
  version: 'test',
  stations: [
    ['NWH', 'Würzburg Hbf', 49.8, 9.93, 5],
    ['NF', 'Fürth (Bay) Hbf', 49.47, 10.99, 4],
  ],
};

function renderCard(role: Betrieb['role'], ownRoutes = [{ id: 21, name: 'Umleitung über Gemünden' }]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RequirementsCard betrieb={betrieb(role)} ownRoutes={ownRoutes} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Stubs the calls of the card; the vehicle types answer an empty list unless the handler says otherwise. */
const stubFetch: typeof stubAll = (handler) =>
  stubAll((call) => {
    const answer = handler(call);
    if (answer || call.method !== 'GET' || !call.path.includes('/vehicle-requirements')) return answer;
    return { status: 200, body: [] };
  });

describe('RequirementsCard', () => {
  it('lets an admin add a requirement from the station list, with Kürzel', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const calls = stubFetch(({ method, path }) => {
      if (path === '/api/stations/all') return { status: 200, body: stationList };
      if (path !== '/api/betriebe/3/requirements') return undefined;
      return method === 'POST' ? { status: 201, body: requirement } : { status: 200, body: [] };
    });
    renderCard('admin');
    // The first render loads the card's chunks: slower on a busy machine.
    expect(await screen.findByText('Noch keine Anforderungen.', {}, { timeout: 5000 })).toBeVisible();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/stations/all')).toBe(true));
    const start = screen.getByRole('combobox', { name: /Start \(Betriebsstelle\)/ });
    await userEvent.type(start, 'NWH');
    await waitFor(() => expect(screen.getByText('Bahnhof: Würzburg Hbf (NWH)')).toBeInTheDocument());
    await userEvent.type(screen.getByRole('combobox', { name: /Ende \(Betriebsstelle\)/ }), 'NF');
    await userEvent.type(screen.getByRole('textbox', { name: 'Kürzel des Betriebs (optional)' }), 'K1');
    await userEvent.type(screen.getByRole('textbox', { name: /Minimum an Fahrer\/innen/ }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Anforderung hinzufügen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      startStation: 'NWH',
      endStation: 'NF',
      companyRoute: 'K1',
      section: null,
      depot: null,
      minDrivers: 3,
    });
  });

  it('lets an admin set a requirement’s own minimum and clear it again (issue 40)', async () => {
    const calls = stubFetch(({ method, path, body }) => {
      if (path === '/api/betriebe/3/requirements') return { status: 200, body: [requirement] };
      if (method === 'PATCH' && path === '/api/betriebe/3/requirements/11') {
        return { status: 200, body: { ...requirement, ...(body as object) } };
      }
      return undefined;
    });
    renderCard('admin');
    const open = await screen.findAllByRole(
      'button',
      { name: /Minimum für Würzburg Hbf \(NWH\).* ändern/ },
      {
        timeout: 5000,
      },
    );
    const dialog = async () => within(await screen.findByRole('dialog', { name: 'Minimum der Anforderung' }));
    await userEvent.click(open[0]!);
    // Out of range: the contract's German message, nothing sent, nothing silently corrected.
    const field = (await dialog()).getByRole('textbox', { name: /Minimum an Fahrer\/innen/ });
    await userEvent.type(field, '0');
    await userEvent.click((await dialog()).getByRole('button', { name: 'Speichern' }));
    expect(await (await dialog()).findByText('Mindestens eine Fahrerin oder ein Fahrer.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type((await dialog()).getByRole('textbox', { name: /Minimum an Fahrer\/innen/ }), '2');
    await userEvent.click((await dialog()).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ minDrivers: 2 }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(open[0]!);
    await userEvent.clear((await dialog()).getByRole('textbox', { name: /Minimum an Fahrer\/innen/ }));
    await userEvent.click((await dialog()).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        { minDrivers: 2 },
        { minDrivers: null },
      ]),
    );
  });

  it('lets an admin name a line section, asks for its km in German, and lists it', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const withSection = { ...requirement, section: { line: 5200, fromKm: 0, toKm: 34.5 } };
    const calls = stubFetch(({ method, path }) => {
      if (path === '/api/stations/all') return { status: 200, body: stationList };
      if (path !== '/api/betriebe/3/requirements') return undefined;
      return method === 'POST' ? { status: 201, body: withSection } : { status: 200, body: [withSection] };
    });
    renderCard('admin');
    expect(await screen.findAllByText(/Strecke 5200, km 0,0 – 34,5/, {}, { timeout: 5000 })).not.toHaveLength(0);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/stations/all')).toBe(true));
    await userEvent.type(screen.getByRole('combobox', { name: /Start \(Betriebsstelle\)/ }), 'NWH');
    await userEvent.type(screen.getByRole('combobox', { name: /Ende \(Betriebsstelle\)/ }), 'NF');
    await userEvent.type(screen.getByRole('textbox', { name: 'Streckennummer (optional)' }), '5200');
    await userEvent.click(screen.getByRole('button', { name: 'Anforderung hinzufügen' }));
    expect(await screen.findAllByText('Bitte einen km-Wert angeben.')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Von km' }), '0');
    await userEvent.type(screen.getByRole('textbox', { name: 'Bis km' }), '34,5');
    await userEvent.click(screen.getByRole('button', { name: 'Anforderung hinzufügen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      startStation: 'NWH',
      endStation: 'NF',
      companyRoute: '',
      section: { line: 5200, fromKm: 0, toKm: 34.5 },
      depot: null,
      minDrivers: null,
    });
  });

  it('asks for a start and an end from the station list before sending anything', async () => {
    const calls = stubFetch(({ method, path }) => {
      if (path === '/api/stations/all') return { status: 200, body: stationList };
      return method === 'GET' ? { status: 200, body: [] } : undefined;
    });
    renderCard('admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Anforderung hinzufügen' }));
    expect(await screen.findByText('Bitte den Start (Betriebsstelle) wählen.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('deletes a requirement only after the confirmation', async () => {
    const calls = stubFetch(({ method, path }) => {
      if (path === '/api/stations/all') return { status: 200, body: stationList };
      if (method === 'GET' && path === '/api/betriebe/3/requirements') return { status: 200, body: [requirement] };
      if (method === 'DELETE' && path === '/api/betriebe/3/requirements/11') return { status: 204 };
      return undefined;
    });
    renderCard('admin');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Anforderung Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF) löschen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Anforderung löschen?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('downloads the list as CSV under the name the server gives, for a Disponent too', async () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const createObjectURL = vi.fn(() => 'blob:anforderungen');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const calls: { path: string; accept: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const path = new URL(url).pathname;
        calls.push({ path, accept: new Headers(init.headers).get('accept') });
        if (path === '/api/betriebe/3/requirements/csv') {
          return new Response('\uFEFFStart;Ende\r\nNWH;NF\r\n', {
            status: 200,
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="anforderungen-3.csv"',
            },
          });
        }
        const body = path === '/api/betriebe/3/requirements' ? [requirement] : [];
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderCard('disponent');
    await userEvent.click(await screen.findByRole('button', { name: 'Als CSV herunterladen' }, { timeout: 5000 }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('anforderungen-3.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:anforderungen');
    expect(calls.find((call) => call.path === '/api/betriebe/3/requirements/csv')?.accept).toContain('text/csv');
  });

  it('names the columns of the own rules in the import’s help', async () => {
    stubFetch(({ method }) => (method === 'GET' ? { status: 200, body: [] } : undefined));
    renderCard('admin');
    const help = await screen.findByText(/Spalten: Start; Ende; Kürzel/, {}, { timeout: 5000 });
    for (const column of [
      'Minimum',
      'Erhaltende Wege',
      'Ersterwerb Fahrten',
      'Ersterwerb davon bei Dunkelheit',
      'Ersterwerb Tage',
    ]) {
      expect(help.textContent).toContain(column);
    }
    expect(screen.getByRole('button', { name: 'Als CSV herunterladen' })).toBeVisible();
  });

  it('shows a Disponent the list without anything to change', async () => {
    stubFetch(({ method, path }) =>
      method === 'GET' && path === '/api/betriebe/3/requirements' ? { status: 200, body: [requirement] } : undefined,
    );
    renderCard('disponent');
    expect(await screen.findAllByText('Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF)')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Anforderung hinzufügen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /löschen$/ })).toBeNull();
  });

  it('shows a driver their matching route and lets them link one of theirs by hand', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const matched = {
      ...requirement,
      match: { kind: 'pair', route: { id: 20, name: 'Fürth – Würzburg', validUntil: '2027-03-01' } },
      link: null,
    };
    const open = { ...requirement, id: 12, companyRoute: null, match: null, link: null };
    const calls = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/betriebe/3/requirements/matches') {
        return { status: 200, body: [matched, open] };
      }
      if (method === 'PUT' && path === '/api/betriebe/3/requirements/12/link') {
        return {
          status: 200,
          body: { ...open, match: { kind: 'manual', route: { id: 21, name: 'x', validUntil: null } } },
        };
      }
      return undefined;
    });
    renderCard('driver');
    expect(
      await screen.findAllByText(/Fürth – Würzburg \(über Start und Ende, gültig bis 01\.03\.2027\)/),
    ).not.toHaveLength(0);
    expect(screen.getAllByText('Keine Ihrer Strecken passt.')).not.toHaveLength(0);
    expect(calls.some((c) => c.path === '/api/betriebe/3/requirements')).toBe(false);
    const [, select] = screen.getAllByRole('combobox', { name: /^Eigene Strecke für / });
    await userEvent.click(select!);
    // That row's own list (every row has one).
    await waitFor(() => expect(document.getElementById(select!.getAttribute('aria-controls') ?? '')).not.toBeNull());
    const listbox = document.getElementById(select!.getAttribute('aria-controls')!)!;
    await userEvent.click(within(listbox).getByRole('option', { name: 'Umleitung über Gemünden', hidden: true }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ route: 21 }));
  });

  it('lets an admin add a required vehicle type, and shows a driver their vehicle of each type', async () => {
    const type = { id: 4, vehicleType: 'BR 218', depot: null, createdAt: '2026-12-01T09:00:00.000Z' };
    const calls = stubFetch(({ method, path }) => {
      if (path === '/api/betriebe/3/vehicle-requirements') {
        return method === 'POST' ? { status: 201, body: type } : { status: 200, body: [] };
      }
      if (method === 'GET' && path === '/api/betriebe/3/requirements') return { status: 200, body: [] };
      return undefined;
    });
    renderCard('admin');
    expect(await screen.findByText('Noch keine Fahrzeugtypen.')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Fahrzeugtyp' }), 'BR 218');
    await userEvent.click(screen.getByRole('button', { name: 'Fahrzeugtyp hinzufügen' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ vehicleType: 'BR 218', depot: null }),
    );
    cleanup();

    stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/betriebe/3/requirements/matches') return { status: 200, body: [] };
      if (method === 'GET' && path === '/api/betriebe/3/vehicle-requirements/matches') {
        return {
          status: 200,
          body: [
            { ...type, vehicle: { id: 9, name: 'Br218' } },
            { ...type, id: 5, vehicleType: 'ET 425', vehicle: null },
          ],
        };
      }
      return undefined;
    });
    renderCard('driver');
    expect(await screen.findAllByText('Ihr Fahrzeug: Br218')).not.toHaveLength(0);
    expect(screen.getAllByText('Kein Fahrzeug dieses Typs')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Fahrzeugtyp hinzufügen' })).toBeNull();
  });
});
