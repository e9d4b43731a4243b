import { MantineProvider } from '@mantine/core';
import type { Betrieb, MembershipChange } from '@streckenpass/contract/betriebe';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { stubFetch } from '../../../test/fetch-stub';
import { useRemoveMember } from '../api/betriebe';
import { changeText, RecentChanges } from './recent-changes';

const betrieb = {
  id: 3,
  name: 'Mainfranken Bahn',
  depots: [],
  role: 'disponent',
  depot: null,
  joinedAt: '2026-11-01T09:00:00.000Z',
  consentVersion: 1,
  consentedAt: '2026-11-01T09:00:00.000Z',
} satisfies Betrieb;

const changes: MembershipChange[] = [
  { event: 'removed', at: '2026-12-05T16:30:00.000Z', name: 'Max Raus', membershipId: null },
  { event: 'left', at: '2026-12-04T08:00:00.000Z', name: 'Lea Weg', membershipId: null },
  { event: 'joined', at: '2026-12-03T06:12:00.000Z', name: 'Tom Fahrer', membershipId: 41 },
];

function renderChanges() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  render(<RecentChanges betrieb={betrieb} />, { wrapper });
  return wrapper;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('changeText', () => {
  it('says what happened and when, on the clock of Germany', () => {
    // 06:12 UTC in December is 07:12 in Berlin (CET); in July 05:00 UTC is 07:00 (CEST).
    expect(changeText({ event: 'joined', at: '2026-12-03T06:12:00.000Z' })).toBe(
      'beigetreten am 03.12.2026, 07:12 Uhr',
    );
    expect(changeText({ event: 'left', at: '2026-07-01T05:00:00.000Z' })).toBe(
      'hat den Betrieb verlassen am 01.07.2026, 07:00 Uhr',
    );
    expect(changeText({ event: 'removed', at: '2026-12-31T23:30:00.000Z' })).toBe(
      'vom Betrieb entfernt am 01.01.2027, 00:30 Uhr',
    );
  });
});

describe('RecentChanges', () => {
  it('lists the changes as the server answers them; a driver still there links to their page', async () => {
    stubFetch(({ path }) => (path === '/api/betriebe/3/changes' ? { status: 200, body: changes } : undefined));
    renderChanges();
    const list = await screen.findByRole('list', { name: 'Letzte Änderungen' });
    expect(screen.getByRole('heading', { name: 'Letzte Änderungen (letzte 30 Tage)' })).toBeVisible();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Max Raus · vom Betrieb entfernt am 05.12.2026, 17:30 Uhr',
      'Lea Weg · hat den Betrieb verlassen am 04.12.2026, 09:00 Uhr',
      'Tom Fahrer · beigetreten am 03.12.2026, 07:12 Uhr',
    ]);
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['Tom Fahrer', '/betrieb/3/fahrer/41']]);
  });

  it('says so when nobody joined or left', async () => {
    stubFetch(({ path }) => (path === '/api/betriebe/3/changes' ? { status: 200, body: [] } : undefined));
    renderChanges();
    expect(await screen.findByText('In den letzten 30 Tagen ist niemand beigetreten oder ausgetreten.')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('asks again once a member is removed', async () => {
    const calls = stubFetch(({ method, path }) => {
      if (path === '/api/betriebe/3/changes') return { status: 200, body: changes.slice(1) };
      if (method === 'DELETE' && path === '/api/betriebe/3/members/7') return { status: 204 };
      return undefined;
    });
    const wrapper = renderChanges();
    await screen.findByRole('list', { name: 'Letzte Änderungen' });
    const remove = renderHook(() => useRemoveMember(3), { wrapper });
    await act(() => remove.result.current.mutateAsync(7));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/betriebe/3/changes')).toHaveLength(2));
  });
});
