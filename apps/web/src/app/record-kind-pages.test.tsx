import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVehicleSchema } from '@streckenpass/contract/vehicles';
import { MasterDataCard } from '../components/master-data-card';
import { RecordForm, type RecordKindFormProps } from '../components/record-form';
import type { DetailRow } from '../components/detail-table';
import { ownedRecordApi } from '../lib/record-api';
import { useContractForm } from '../lib/use-contract-form';
import { useMutation } from '@tanstack/react-query';
import { depotKind, type DepotContract } from '../test/depot-kind';
import { stubFetch } from '../test/fetch-stub';
import { renderPages } from '../test/render-pages';
import { recordKindPages, type MasterData } from './record-kind-pages';
import { recordPageRoutes } from './record-page-routes';
import { pageRoute } from './record-route';

/*
 * A throwaway kind, depots, given pages by its declaration alone (issue 39): a form of its own fields, a view of its
 * own rows, and `recordKindPages` – then created, shown, renamed and deleted through its pages as a driver does, the
 * server an in-memory one behind `fetch` (the server's side is apps/server/src/modules/record-kind.test.ts).
 */

type Depot = { id: number; name: string; owner: string; validityDays: number | null };

const depotApi = ownedRecordApi<DepotContract, 'depot'>(depotKind);

function DepotForm({ record, onSubmit, ...texts }: RecordKindFormProps<Depot, { name: string }>) {
  const save = useMutation({ mutationFn: onSubmit, networkMode: 'always' });
  const contract = useContractForm(createVehicleSchema, save, { initialValues: { name: record?.name ?? '' } });
  return (
    <RecordForm narrow texts={texts} contract={contract} name={{ label: 'Name des Depots', placeholder: 'z. B. Nord' }}>
      {null}
    </RecordForm>
  );
}

function DepotView({ record, master }: { record: Depot; master: (rows: DetailRow[]) => MasterData }) {
  return <MasterDataCard {...master([{ label: 'Name des Depots', value: record.name }])} />;
}

const depotPages = recordKindPages(depotKind, depotApi, {
  View: DepotView,
  Form: DepotForm,
  input: (values) => ({ name: values.name }),
});

/** The server: depots in memory, at /api/depots, as crudRoutes answers. */
function depotServer() {
  const depots = new Map<number, Depot>();
  let next = 1;
  const calls = stubFetch(({ method, path, body }) => {
    const id = Number(/^\/api\/depots\/(\d+)$/.exec(path)?.[1]);
    if (path === '/api/depots' && method === 'GET') return { status: 200, body: [...depots.values()] };
    if (path === '/api/depots' && method === 'POST') {
      const depot: Depot = { id: next++, owner: '/api/users/1', validityDays: null, ...(body as { name: string }) };
      depots.set(depot.id, depot);
      return { status: 201, body: depot };
    }
    const depot = depots.get(id);
    if (!depot) return { status: 404, body: { title: 'Depot nicht gefunden.', status: 404 } };
    if (method === 'GET') return { status: 200, body: depot };
    if (method === 'PATCH') {
      const patched = { ...depot, ...(body as Partial<Depot>) };
      depots.set(id, patched);
      return { status: 200, body: patched };
    }
    if (method === 'DELETE') {
      depots.delete(id);
      return { status: 204 };
    }
    return undefined;
  });
  return { depots, calls };
}

const routes = (queryClient: QueryClient) => [
  ...recordPageRoutes(depotKind, { './routes/depot.tsx': async () => depotPages }, (path, load) => ({
    path: typeof path === 'string' ? path : path.pattern,
    lazy: async () => pageRoute(await load(), queryClient),
  })),
  { path: '/documentation', element: <h1>Dokumentation</h1> },
];

afterEach(() => vi.unstubAllGlobals());

describe('the pages of a kind declared once', () => {
  it('creates, shows, renames and deletes a record through its three pages', async () => {
    const { depots, calls } = depotServer();
    const user = userEvent.setup();
    const { router } = renderPages(routes, '/depot/new');

    // Create: "Depot erstellen", the form's name field, then the new depot's view.
    expect(await screen.findByRole('heading', { name: 'Depot erstellen' })).toBeVisible();
    await user.type(screen.getByLabelText(/Name des Depots/), 'Nord');
    await user.click(screen.getByRole('button', { name: 'Depot erstellen' }));
    expect(await screen.findByRole('heading', { name: 'Stammdaten des Depots' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/depot/1');
    expect(screen.getByText('Nord')).toBeVisible();

    // Edit: from the view's button, renamed, back on the view.
    await user.click(screen.getByRole('link', { name: 'Depot bearbeiten' }));
    expect(await screen.findByRole('heading', { name: 'Depot bearbeiten' })).toBeVisible();
    const name = screen.getByLabelText(/Name des Depots/);
    expect(name).toHaveValue('Nord');
    await user.clear(name);
    await user.type(name, 'Süd');
    await user.click(screen.getByRole('button', { name: 'Depot speichern' }));
    expect(await screen.findByText('Süd')).toBeVisible();
    expect(router.state.location.pathname).toBe('/depot/1');
    expect(depots.get(1)?.name).toBe('Süd');

    // Delete: asked with the kind's words, then the documentation.
    await user.click(screen.getByRole('link', { name: 'Depot bearbeiten' }));
    await user.click(await screen.findByRole('button', { name: 'Eintrag löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Depot löschen?' });
    // The modal's enter transition may still run (opacity below 1), so its words are checked, not its visibility.
    expect(dialog).toHaveTextContent('Soll das Depot „Süd“ wirklich gelöscht werden?');
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByRole('heading', { name: 'Dokumentation' })).toBeVisible();
    expect(depots.size).toBe(0);

    expect(calls.filter((call) => call.method !== 'GET').map(({ method, path, body }) => [method, path, body])).toEqual(
      [
        ['POST', '/api/depots', { name: 'Nord' }],
        ['PATCH', '/api/depots/1', { name: 'Süd' }],
        ['DELETE', '/api/depots/1', undefined],
      ],
    );
  });

  it('says "nicht gefunden" in the kind’s words for a depot that is not there', async () => {
    depotServer();
    renderPages(routes, '/depot/9');
    expect(
      await screen.findByText('Dieses Depot gibt es nicht (mehr), oder es gehört zu einem anderen Konto.'),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toContain('Depot'));
  });
});
