import { MantineProvider } from '@mantine/core';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { stubFetch } from '../../../test/fetch-stub';
import { DepotRules } from './depot-rules';

const betrieb: Betrieb = {
  id: 3,
  name: 'Mainfranken Bahn',
  depots: [
    { id: 8, name: 'Würzburg', firstAcquisition: null },
    { id: 9, name: 'Nürnberg', firstAcquisition: { drives: 3, dark: 1, days: null } },
  ],
  role: 'admin',
  depot: null,
  joinedAt: '2026-12-01T09:00:00.000Z',
  consentVersion: 1,
  consentedAt: '2026-12-01T09:00:00.000Z',
};

function renderRules(shown: Betrieb = betrieb) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <DepotRules betrieb={shown} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dialog = async (name: string) => within(await screen.findByRole('dialog', { name }));
const field = 'Ersterwerb für dieses Depot verlangen';

describe('a depot’s first acquisition', () => {
  Element.prototype.scrollIntoView ??= () => {};

  it('lists each depot’s rule', () => {
    renderRules();
    expect(screen.getByText('Würzburg: kein Ersterwerb')).toBeInTheDocument();
    expect(screen.getByText('Nürnberg: Ersterwerb: 3 Fahrten je Richtung, davon 1 bei Dunkelheit')).toBeInTheDocument();
  });

  it('sets one, checked by the contract before anything is sent', async () => {
    const calls = stubFetch(({ method, path, body }) =>
      method === 'PUT' && path === '/api/betriebe/3/depots/8/first-acquisition'
        ? { status: 200, body: { id: 8, name: 'Würzburg', ...(body as object) } }
        : undefined,
    );
    const user = userEvent.setup();
    renderRules();
    await user.click(screen.getByRole('button', { name: 'Ersterwerb für Depot Würzburg ändern' }));
    const shown = await dialog('Ersterwerb für Depot Würzburg');
    await user.click(shown.getByRole('checkbox', { name: field }));
    const dark = shown.getByRole('textbox', { name: 'davon bei Dunkelheit' });
    await user.clear(dark);
    await user.type(dark, '5');
    await user.click(shown.getByRole('button', { name: 'Speichern' }));
    expect(await shown.findByText(/nicht mehr Fahrten verlangt werden/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await user.clear(dark);
    await user.type(dark, '1');
    await user.click(shown.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { firstAcquisition: { drives: 2, dark: 1, days: 90 } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('clears one, and shows the server’s refusal in German', async () => {
    const calls = stubFetch(({ method }) =>
      method === 'PUT'
        ? {
            status: 403,
            body: { title: 'Forbidden', status: 403, detail: 'Nur Admins dieses Betriebs dürfen das.' },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderRules();
    await user.click(screen.getByRole('button', { name: 'Ersterwerb für Depot Nürnberg ändern' }));
    const shown = await dialog('Ersterwerb für Depot Nürnberg');
    await user.click(shown.getByRole('checkbox', { name: field }));
    await user.click(shown.getByRole('button', { name: 'Speichern' }));
    expect(await shown.findByRole('alert')).toHaveTextContent('Nur Admins dieses Betriebs dürfen das.');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { firstAcquisition: null },
    ]);
  });

  it('shows nothing for a Betrieb without depots', () => {
    renderRules({ ...betrieb, depots: [] });
    expect(screen.queryByText(/Ersterwerb je Depot/)).toBeNull();
  });
});
