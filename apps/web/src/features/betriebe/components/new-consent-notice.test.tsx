import { MantineProvider } from '@mantine/core';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { stubFetch } from '../../../test/fetch-stub';
import { useBetriebe } from '../api/betriebe';
import { BetriebeList } from './betriebe-list';

const betrieb = (consentVersion: number): Betrieb => ({
  id: 3,
  name: 'Mainfranken Bahn',
  depots: [],
  role: 'driver',
  depot: null,
  joinedAt: '2026-11-01T09:00:00.000Z',
  consentVersion,
  consentedAt: consentVersion === 1 ? '2026-11-01T09:00:00.000Z' : '2026-12-07T10:00:00.000Z',
});

/** "Meine Betriebe" as the account page shows it: the server's list. */
function MyBetriebe() {
  const { data } = useBetriebe();
  return data ? <BetriebeList betriebe={data} betriebPath={(id) => `/betrieb/${id}`} /> : null;
}

function renderList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  render(<MyBetriebe />, { wrapper });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a membership under an older consent text', () => {
  it('shows the new text to read, agrees with one tap, and the notice goes', async () => {
    let version = 1;
    const calls = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/betriebe') return { status: 200, body: [betrieb(version)] };
      if (method === 'PUT' && path === '/api/betriebe/3/membership/consent') {
        version = 2;
        return { status: 200, body: betrieb(2) };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderList();
    const notice = await screen.findByRole('region', { name: 'Neue Fassung der Einwilligung für „Mainfranken Bahn“' });
    expect(notice).toHaveTextContent('Sie haben Fassung 1 zugestimmt.');
    expect(notice).toHaveTextContent('Bis Sie zustimmen, sieht der Betrieb nur, was Fassung 1 nennt.');
    await user.click(within(notice).getByRole('button', { name: 'Neue Fassung lesen' }));
    expect(within(notice).getByRole('list', { name: 'Was der Betrieb festhält' })).toHaveTextContent(
      'Der Betrieb kann eine Bescheinigung widerrufen, aber nicht ändern.',
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(notice).getByRole('button', { name: 'Fassung 2 zustimmen' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Neue Fassung der Einwilligung/ })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ consentVersion: 2 }]);
    // The list now shows the text agreed to: version 2.
    expect(screen.getByRole('region', { name: 'Mainfranken Bahn' })).toBeInTheDocument();
  });

  it('says in German why agreeing failed, and keeps the notice', async () => {
    stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/betriebe') return { status: 200, body: [betrieb(1)] };
      if (method === 'PUT') {
        return {
          status: 409,
          body: {
            title: 'Conflict',
            status: 409,
            detail: 'Der Text der Einwilligung hat sich geändert. Bitte lesen Sie ihn erneut und stimmen Sie dann zu.',
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderList();
    const notice = await screen.findByRole('region', { name: /Neue Fassung der Einwilligung/ });
    await user.click(within(notice).getByRole('button', { name: 'Fassung 2 zustimmen' }));
    expect(await within(notice).findByText(/Der Text der Einwilligung hat sich geändert/)).toBeInTheDocument();
  });

  it('asks nothing of a member who agreed to the current text', async () => {
    stubFetch(({ path }) => (path === '/api/betriebe' ? { status: 200, body: [betrieb(2)] } : undefined));
    renderList();
    expect(await screen.findByRole('region', { name: 'Mainfranken Bahn' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Neue Fassung der Einwilligung/ })).not.toBeInTheDocument();
  });
});
