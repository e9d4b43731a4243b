import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Attestation } from '@streckenpass/contract/attestations';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { stubFetch } from '../../../test/fetch-stub';
import { OwnAttestationsCard } from './own-attestations-card';

const withdrawn: Attestation = {
  kind: 'periodic_check',
  driver: { name: 'Berta Albrecht' },
  checkedOn: '2026-11-30',
  requirements: [],
  lines: ['3601 Frankfurt–Mannheim'],
  examinerName: 'Paul Prüfer',
  note: 'Ohne Beanstandung.',
  code: 'ABCD-EFGH-JKMN',
  url: 'http://localhost/pruefen/ABCD-EFGH-JKMN',
  issuedAt: '2026-11-30T10:00:00.000Z',
  withdrawnAt: '2026-12-02T10:00:00.000Z',
  state: 'withdrawn',
  betrieb: { id: null, name: 'Frühere Bahn' },
  hidden: false,
  issuedHere: false,
  canWithdraw: false,
  membershipId: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('OwnAttestationsCard', () => {
  it('shows each attestation with its state and hides it from later Betriebe on request', async () => {
    const calls = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/attestations') return { status: 200, body: [withdrawn] };
      if (method === 'PATCH' && path === `/api/attestations/${withdrawn.code}`) {
        return { status: 200, body: { ...withdrawn, hidden: true } };
      }
      return undefined;
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <OwnAttestationsCard />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const item = within(await screen.findByRole('list', { name: 'Ihre Bescheinigungen' })).getByRole('listitem');
    expect(within(item).getByText('widerrufen')).toBeVisible();
    expect(within(item).getByText(/Frühere Bahn \(gelöscht\)/)).toBeVisible();
    expect(within(item).getByText('Ohne Beanstandung.')).toBeVisible();
    expect(within(item).getByText(/02\.12\.2026/)).toBeVisible();
    // Nothing to change or revoke: the one control is the switch.
    expect(within(item).queryByRole('button')).toBeNull();
    await userEvent.click(within(item).getByRole('switch', { name: /vor späteren Betrieben verbergen/ }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.body).toEqual({ hidden: true });
    expect(patch.headers['content-type']).toBe('application/merge-patch+json');
  });
});
