import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { stubFetch } from '../../../test/fetch-stub';
import { InvitationsCard } from './invitations-card';

const open = {
  id: 5,
  role: 'driver',
  createdAt: '2026-12-01T09:00:00.000Z',
  expiresAt: '2026-12-08T09:00:00.000Z',
  revokedAt: null,
  acceptedCount: 2,
  state: 'active',
};

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <InvitationsCard betriebId={3} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('InvitationsCard', () => {
  it('creates an invitation and shows its link and code once, with copy buttons and the expiry', async () => {
    // jsdom has no scrolling; the select scrolls the chosen option into view.
    Element.prototype.scrollIntoView ??= () => {};
    const created = {
      ...open,
      id: 6,
      role: 'disponent',
      acceptedCount: 0,
      url: 'http://localhost/beitreten/' + 'x'.repeat(43),
      code: 'K7QXM-2PAHD',
    };
    const calls = stubFetch(({ method, path }) => {
      if (path !== '/api/betriebe/3/invitations') return undefined;
      return method === 'POST' ? { status: 201, body: created } : { status: 200, body: [open] };
    });
    renderCard();
    expect(await screen.findByText(/2 beigetreten/)).toBeVisible();
    await userEvent.click(screen.getByLabelText('Rolle', { selector: 'input' }));
    // The dropdown fades in (Mantine transition): its options count as hidden until then.
    await userEvent.click(await screen.findByRole('option', { name: 'Disponent/in', hidden: true }));
    const days = screen.getByRole('textbox', { name: 'Gültig für Tage' });
    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.click(screen.getByRole('button', { name: 'Einladung erstellen' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByRole('textbox', { name: 'Link zum Beitreten' })).toHaveValue(created.url);
    expect(within(status).getByRole('textbox', { name: 'Code zum Eintippen' })).toHaveValue('K7QXM-2PAHD');
    expect(within(status).getByRole('button', { name: 'Link kopieren' })).toBeVisible();
    expect(within(status).getByRole('button', { name: 'Code kopieren' })).toBeVisible();
    expect(status).toHaveTextContent('für eine Person');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ role: 'disponent', expiresInDays: 14 });
  });

  it('refuses an expiry beyond 30 days with the contract’s message', async () => {
    const calls = stubFetch(({ method }) => (method === 'GET' ? { status: 200, body: [] } : undefined));
    renderCard();
    const days = await screen.findByRole('textbox', { name: 'Gültig für Tage' });
    await userEvent.clear(days);
    await userEvent.type(days, '45');
    await userEvent.click(screen.getByRole('button', { name: 'Einladung erstellen' }));
    expect(await screen.findByText('Eine Einladung gilt höchstens 30 Tage.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('revokes an open invitation', async () => {
    const calls = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/betriebe/3/invitations') return { status: 200, body: [open] };
      if (method === 'DELETE' && path === '/api/betriebe/3/invitations/5') {
        return { status: 200, body: { ...open, state: 'revoked' } };
      }
      return undefined;
    });
    renderCard();
    await userEvent.click(
      await screen.findByRole('button', { name: /^Einladung als Triebfahrzeugführer\/in vom .* widerrufen$/ }),
    );
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });
});
