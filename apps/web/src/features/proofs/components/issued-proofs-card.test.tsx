import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IssuedProof } from '@streckenpass/contract/proofs';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { IssuedProofsCard } from './issued-proofs-card';

const proof = (code: string, overrides: Partial<IssuedProof> = {}): IssuedProof => ({
  code,
  kind: 'pdf',
  issuedAt: '2026-11-25T09:30:00.000Z',
  revokedAt: null,
  url: `https://streckenpass.example/pruefen/${code}`,
  routes: 3,
  vehicles: 1,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('IssuedProofsCard', () => {
  it('lists each document with its code linking to the verification page, and revokes one after confirming', async () => {
    let revoked: string | null = null;
    const calls = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/proofs') {
        return {
          status: 200,
          body: [
            proof('ABCD-EFGH-JKMN', { revokedAt: revoked ? '2026-11-25T10:00:00.000Z' : null }),
            proof('WXYZ-0123-4567', { kind: 'share', vehicles: null, revokedAt: '2026-11-24T10:00:00.000Z' }),
          ],
        };
      }
      if (method === 'POST' && path === '/api/proofs/ABCD-EFGH-JKMN/revoke') {
        revoked = 'ABCD-EFGH-JKMN';
        return { status: 200, body: proof('ABCD-EFGH-JKMN', { revokedAt: '2026-11-25T10:00:00.000Z' }) };
      }
      return undefined;
    });
    renderRoutes([{ path: '/', element: <IssuedProofsCard /> }], '/');

    const table = await screen.findByRole('table', { name: 'Ihre ausgestellten Nachweise' });
    const link = within(table).getByRole('link', { name: 'ABCD-EFGH-JKMN' });
    expect(link).toHaveAttribute('href', 'https://streckenpass.example/pruefen/ABCD-EFGH-JKMN');
    expect(within(table).getByText('3 Strecken, 1 Fahrzeug')).toBeInTheDocument();
    expect(within(table).getByText('Freigabe-Seite')).toBeInTheDocument();
    // A revoked document offers no second revocation.
    expect(within(table).getAllByRole('button', { name: /widerrufen/ })).toHaveLength(1);

    await userEvent.click(within(table).getByRole('button', { name: 'Nachweis ABCD-EFGH-JKMN widerrufen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nachweis widerrufen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Widerrufen' }));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/proofs/ABCD-EFGH-JKMN/revoke')).toBe(
      true,
    );
    expect(await within(table).findAllByText('widerrufen')).toHaveLength(2);
  });

  it('says when nothing has been issued yet', async () => {
    stubFetch(({ path }) => (path === '/api/proofs' ? { status: 200, body: [] } : undefined));
    renderRoutes([{ path: '/', element: <IssuedProofsCard /> }], '/');
    expect(await screen.findByText(/Noch keine Nachweise ausgestellt/)).toBeInTheDocument();
  });
});
