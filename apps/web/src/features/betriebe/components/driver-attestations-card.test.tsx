import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Attestation } from '@streckenpass/contract/attestations';
import type { BetriebDriver } from '@streckenpass/contract/betrieb-driver';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { todayInput } from '../../../lib/dates';
import { stubFetch } from '../../../test/fetch-stub';
import { DriverAttestationsCard } from './driver-attestations-card';

const betrieb = {
  id: 3,
  name: 'Mainfranken Bahn',
  depots: [],
  role: 'examiner',
  depot: null,
  joinedAt: '2026-11-01T09:00:00.000Z',
  consentVersion: 2,
  consentedAt: '2026-11-01T09:00:00.000Z',
} as Betrieb;
const driver = { membershipId: 12, name: 'Berta Albrecht' } as BetriebDriver;

const issued: Attestation = {
  kind: 'periodic_check',
  driver: { name: 'Berta Albrecht' },
  checkedOn: '2026-11-30',
  requirements: [{ id: 7, label: 'NWH – NF: Würzburg Hbf – Fürth (Bay) Hbf' }],
  lines: ['3601 Frankfurt–Mannheim'],
  examinerName: 'Paul Prüfer',
  note: null,
  code: 'ABCD-EFGH-JKMN',
  url: 'http://localhost/pruefen/ABCD-EFGH-JKMN',
  issuedAt: '2026-11-30T10:00:00.000Z',
  withdrawnAt: null,
  state: 'valid',
  betrieb: { id: 3, name: 'Mainfranken Bahn' },
  hidden: false,
  issuedHere: true,
  canWithdraw: true,
  membershipId: 12,
};
const brought: Attestation = {
  ...issued,
  kind: 'first_acquisition',
  code: 'WXYZ-WXYZ-WXYZ',
  betrieb: { id: 9, name: 'Frühere Bahn' },
  issuedHere: false,
  canWithdraw: false,
};
const otherDriver: Attestation = {
  ...issued,
  code: 'QQQQ-QQQQ-QQQQ',
  membershipId: 13,
  driver: { name: 'Carl Brandt' },
};

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <DriverAttestationsCard betrieb={betrieb} driver={driver} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function stub(list: Attestation[]) {
  return stubFetch(({ method, path }) => {
    if (path === '/api/betriebe/3/attestations') return { status: 200, body: list };
    if (path === '/api/betriebe/3/requirements') {
      return {
        status: 200,
        body: [
          {
            id: 7,
            startStation: { code: 'NWH', name: 'Würzburg Hbf' },
            endStation: { code: 'NF', name: 'Fürth (Bay) Hbf' },
            companyRoute: null,
            section: null,
            depot: null,
            minDrivers: null,
            createdAt: '2026-11-01T09:00:00.000Z',
          },
        ],
      };
    }
    if (path === '/api/betriebe/3/members') {
      return {
        status: 200,
        body: [{ id: 5, name: 'Paul Prüfer', role: 'examiner', depot: null, joinedAt: '', you: true }],
      };
    }
    if (method === 'POST' && path === '/api/betriebe/3/members/12/attestations') return { status: 201, body: issued };
    if (method === 'POST' && path === `/api/betriebe/3/attestations/${issued.code}/withdraw`) {
      return { status: 200, body: { ...issued, state: 'withdrawn', canWithdraw: false } };
    }
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('DriverAttestationsCard', () => {
  it('lists the driver’s attestations with their state, the Betrieb’s and those brought along, not another’s', async () => {
    stub([issued, brought, otherDriver]);
    renderCard();
    const list = await screen.findByRole('list', { name: 'Bescheinigungen für Berta Albrecht' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Überprüfung der Streckenkenntnis bestanden')).toBeVisible();
    expect(within(items[0]!).getByText('gültig')).toBeVisible();
    expect(within(items[0]!).getByRole('link', { name: issued.code })).toHaveAttribute('href', issued.url);
    expect(within(items[1]!).getByText('Von einem früheren Betrieb mitgebracht.')).toBeVisible();
    // Only the Betrieb's own can be withdrawn here.
    expect(within(items[1]!).queryByRole('button', { name: /widerrufen/ })).toBeNull();
    expect(screen.queryByText('Carl Brandt')).toBeNull();
  });

  it('withdraws only after the confirmation', async () => {
    const calls = stub([issued]);
    renderCard();
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Überprüfung der Streckenkenntnis bestanden vom 30.11.2026 widerrufen',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Bescheinigung widerrufen?' });
    expect(calls.some((call) => call.path.endsWith('/withdraw'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Widerrufen' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/withdraw'))).toBe(true));
  });

  it('issues an attestation with the checked requirements, the lines and the examiner’s own name', async () => {
    const calls = stub([]);
    renderCard();
    expect(await screen.findByText('Für Berta Albrecht gibt es noch keine Bescheinigung.')).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Name der Prüferin/des Prüfers')).toHaveValue('Paul Prüfer'));
    await userEvent.click(await screen.findByRole('checkbox', { name: /NWH – NF/ }));
    await userEvent.type(screen.getByLabelText('Weitere Strecken'), '3601 Frankfurt–Mannheim{enter}  {enter}5910');
    await userEvent.click(screen.getByRole('button', { name: 'Bescheinigung ausstellen' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      kind: 'periodic_check',
      checkedOn: todayInput(),
      requirementIds: [7],
      lines: ['3601 Frankfurt–Mannheim', '5910'],
      examinerName: 'Paul Prüfer',
    });
  });

  it('refuses an attestation without requirement or line before sending it', async () => {
    const calls = stub([]);
    renderCard();
    await waitFor(() => expect(screen.getByLabelText('Name der Prüferin/des Prüfers')).toHaveValue('Paul Prüfer'));
    await userEvent.click(screen.getByRole('button', { name: 'Bescheinigung ausstellen' }));
    expect(await screen.findByText('Bitte mindestens eine Anforderung oder Strecke angeben.')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows a Disponent the list but no form', async () => {
    stub([issued]);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <DriverAttestationsCard betrieb={{ ...betrieb, role: 'disponent' }} driver={driver} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('Überprüfung der Streckenkenntnis bestanden')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Bescheinigung ausstellen' })).toBeNull();
  });
});
