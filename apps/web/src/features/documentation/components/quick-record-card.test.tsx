import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, validUntil } from '@streckenpass/contract/knowledge';
import type { Route } from '@streckenpass/contract/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, todayInput } from '../../../lib/dates';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import { QuickRecordCard } from './quick-record-card';

const route = (id: number, name: string, validityDays: number | null = null): Route => ({
  id,
  name,
  companyRoute: null,
  startPoint: 'A',
  endPoint: 'B',
  startStation: null,
  endStation: null,
  tours: [],
  owner: '/api/users/1',
  validityDays,
});
const routes = [route(1, 'Celle - Hannover', 90), route(2, 'Hamburg - Lübeck')];
const tours = [{ id: 7, name: 'Heiderunde', owner: '/api/users/1', routes: ['/api/routes/1', '/api/routes/2'] }];

function renderCard() {
  const calls = stubFetch((call) =>
    call.method === 'POST' && call.path === '/api/route_activities'
      ? {
          status: 201,
          body: {
            id: 9,
            owner: '/api/users/1',
            vehicleActivities: [],
            acquiredUntil: '2099-01-01',
            ...(call.body as object),
          },
        }
      : undefined,
  );
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <QuickRecordCard
            tours={tours}
            routes={routes}
            activities={[]}
            documentationPath="/documentation"
            accountDays={364}
          />
        ),
      },
    ],
    '/',
  );
  return { calls, quick: screen.getByRole('region', { name: 'Heute gefahren' }) };
}

describe('"Heute gefahren"', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('by the rule sends no end date – the server sets it – and previews the shortest rule of the routes', async () => {
    const { calls, quick } = renderCard();
    await userEvent.click(within(quick).getByRole('button', { name: /Heiderunde/ }));
    // Route 1 has its own rule of 90 days, route 2 the account's 364: the drive is valid by the shorter.
    expect(
      within(quick).getByText(
        `Gefahren am ${formatDate(todayInput())} · gültig bis ${formatDate(addDays(todayInput(), 90))}`,
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(quick).getByRole('button', { name: '2 Strecken speichern' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ acquiredAt: todayInput(), acquiredRoutes: ['/api/routes/1', '/api/routes/2'] });
    expect(post.headers['x-streckenpass-channel']).toBe('quick');
    expect(await within(quick).findByText('Dokumentation gespeichert')).toBeInTheDocument();
  });

  it('sends the end date the driver chose explicitly', async () => {
    const { calls, quick } = renderCard();
    await userEvent.click(within(quick).getByRole('button', { name: /Celle - Hannover/ }));
    await userEvent.click(within(quick).getByText('½ Jahr'));
    await userEvent.click(within(quick).getByRole('button', { name: '1 Strecke speichern' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      acquiredAt: todayInput(),
      acquiredUntil: validUntil(todayInput(), 'half-year'),
      acquiredRoutes: ['/api/routes/1'],
    });
  });
});
