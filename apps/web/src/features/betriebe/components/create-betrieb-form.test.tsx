import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { stubFetch } from '../../../test/fetch-stub';
import { CreateBetriebForm } from './create-betrieb-form';

function renderForm(onCreated = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <CreateBetriebForm onCreated={onCreated} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onCreated;
}

afterEach(() => vi.unstubAllGlobals());

describe('CreateBetriebForm', () => {
  it('founds a Betrieb with its depots under the current consent', async () => {
    const betrieb = { id: 3, name: 'Regio Franken', role: 'admin' };
    const calls = stubFetch(({ method, path }) =>
      method === 'POST' && path === '/api/betriebe' ? { status: 201, body: betrieb } : undefined,
    );
    const onCreated = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /Name des Betriebs/ }), 'Regio Franken');
    await userEvent.type(
      screen.getByLabelText(/Depots oder Teams/, { selector: 'input' }),
      'Würzburg{Enter}Hof{Enter}',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Zustimmen und Betrieb gründen' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(betrieb));
    expect(calls[0]?.body).toEqual({
      name: 'Regio Franken',
      depots: ['Würzburg', 'Hof'],
      consentVersion: CONSENT_VERSION,
    });
  });

  it('shows the contract’s message for an empty name and sends nothing', async () => {
    const calls = stubFetch(() => undefined);
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Zustimmen und Betrieb gründen' }));
    expect(await screen.findByText('Der Name des Betriebs darf nicht leer sein.')).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('shows the server’s sentence when the address is not confirmed', async () => {
    stubFetch(() => ({
      status: 403,
      body: { status: 403, title: 'Forbidden', detail: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.' },
    }));
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /Name des Betriebs/ }), 'Regio');
    await userEvent.click(screen.getByRole('button', { name: 'Zustimmen und Betrieb gründen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.');
  });

  it('shows what the Betrieb will see before founding it', async () => {
    stubFetch(() => undefined);
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Was der Betrieb von Ihren Daten sieht' }));
    expect(await screen.findByRole('list', { name: 'Was der Betrieb nie sieht' })).toHaveTextContent('E-Mail-Adresse');
  });
});
