import { MantineProvider } from '@mantine/core';
import type { Requirement } from '@streckenpass/contract/requirements';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { stubFetch } from '../../../test/fetch-stub';
import { scopeLabel } from './requirement-labels';
import { RulesButton } from './requirement-rules';

const requirement: Requirement = {
  id: 11,
  startStation: { code: 'NWH', name: 'Würzburg Hbf' },
  endStation: { code: 'NF', name: 'Fürth (Bay) Hbf' },
  companyRoute: null,
  section: null,
  depot: null,
  minDrivers: null,
  createdAt: '2026-12-01T09:00:00.000Z',
};

function renderButton(shown: Requirement = requirement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RulesButton betriebId={3} requirement={shown} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Regeln der Anforderung' }));

describe('a requirement’s own rules', () => {
  Element.prototype.scrollIntoView ??= () => {};
  it('sets the ways that count and a first acquisition, checked by the contract before anything is sent', async () => {
    const calls = stubFetch(({ method, path, body }) =>
      method === 'PATCH' && path === '/api/betriebe/3/requirements/11'
        ? { status: 200, body: { ...requirement, ...(body as object) } }
        : undefined,
    );
    const user = userEvent.setup();
    renderButton();
    await user.click(
      screen.getByRole('button', { name: 'Regeln für Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF) ändern' }),
    );
    await user.click((await dialog()).getByRole('combobox', { name: /Welche Fahrten zählen/ }));
    await user.click(await screen.findByRole('option', { name: 'Eigene Auswahl des Betriebs', hidden: true }));
    // No way left: the contract's message, nothing sent.
    for (const way of ['selbst gefahren', 'begleitete Fahrt']) {
      await user.click((await dialog()).getByRole('checkbox', { name: way }));
    }
    await user.click((await dialog()).getByRole('button', { name: 'Speichern' }));
    expect(await (await dialog()).findByText(/mindestens eine/i)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    await user.click((await dialog()).getByRole('checkbox', { name: 'selbst gefahren' }));
    await user.click(
      (await dialog()).getByRole('checkbox', { name: 'Ersterwerb verlangen, bevor die Anforderung als erfüllt gilt' }),
    );
    await user.click((await dialog()).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
        { keepingWays: ['driven'], firstAcquisition: { drives: 2, dark: 1, days: 90 } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('clears them again: the drivers’ own rules count', async () => {
    const calls = stubFetch(({ method }) => (method === 'PATCH' ? { status: 200, body: requirement } : undefined));
    const user = userEvent.setup();
    renderButton({ ...requirement, keepingWays: ['driven'], firstAcquisition: { drives: 1, dark: 0, days: null } });
    await user.click(screen.getByRole('button', { name: /^Regeln für/ }));
    await user.click((await dialog()).getByRole('combobox', { name: /Welche Fahrten zählen/ }));
    await user.click(await screen.findByRole('option', { name: 'wie bei den Fahrer/innen eingestellt', hidden: true }));
    await user.click(
      (await dialog()).getByRole('checkbox', { name: 'Ersterwerb verlangen, bevor die Anforderung als erfüllt gilt' }),
    );
    await user.click((await dialog()).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
        { keepingWays: null, firstAcquisition: null },
      ]),
    );
  });

  it('words the rules beside the requirement', () => {
    expect(
      scopeLabel({ ...requirement, keepingWays: ['driven'], firstAcquisition: { drives: 2, dark: 1, days: null } }),
    ).toBe('ganzer Betrieb · zählt: selbst gefahren · Ersterwerb: 2 Fahrten je Richtung, davon 1 bei Dunkelheit');
    expect(scopeLabel(requirement)).toBe('ganzer Betrieb');
  });

  it('words a depot’s first acquisition where the requirement asks none of its own', () => {
    const depot = { id: 8, name: 'Würzburg' };
    const fromDepot = { ...requirement, depot, depotFirstAcquisition: { drives: 2, dark: 0, days: 30 } };
    expect(scopeLabel(fromDepot)).toBe(
      'Depot Würzburg · Ersterwerb vom Depot: 2 Fahrten je Richtung, innerhalb von 30 Tagen',
    );
    expect(scopeLabel({ ...fromDepot, firstAcquisition: { drives: 1, dark: 0, days: null } })).toBe(
      'Depot Würzburg · Ersterwerb: 1 Fahrt je Richtung',
    );
  });
});
