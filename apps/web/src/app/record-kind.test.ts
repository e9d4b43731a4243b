import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { recordPagePaths } from '../config/paths';
import { keysOfKind, queryKeys, recordKeys } from '../lib/query-keys';
import { ownedRecordApi } from '../lib/record-api';
import { depotKind, type DepotContract } from '../test/depot-kind';
import { stubFetch } from '../test/fetch-stub';
import { recordPageRoutes } from './record-page-routes';
import { editableRecord } from './record-kind-pages';

/*
 * A kind of owned record added from its declaration alone (issue 39): a throwaway kind, depots, gets its query keys,
 * paths, API calls, page titles and page routes from the declaration, as the app's own kinds do (the server's side is
 * apps/server/src/modules/record-kind.test.ts).
 */

afterEach(() => vi.unstubAllGlobals());

describe('a record kind declared once (web)', () => {
  it('gives the query keys under its name', () => {
    const keys = keysOfKind(depotKind);
    expect([keys.all, keys.list(), keys.detail(7), keys.history(7)]).toEqual([
      ['depots'],
      ['depots', 'list'],
      ['depots', 'detail', 7],
      ['depots', 'history', 7],
    ]);
    // The app's kinds keep the prefixes their stored caches have, and every one refreshes after a save.
    expect(queryKeys.routeActivities.all).toEqual(['route-activities']);
    expect(recordKeys).toEqual(Object.keys(RECORD_KINDS).map((kind) => [kind.replaceAll('_', '-')]));
  });

  it('gives its pages’ paths', () => {
    const paths = recordPagePaths(depotKind);
    expect([paths.new, paths.view(7), paths.view.pattern, paths.edit(7), paths.edit.pattern]).toEqual([
      '/depot/new',
      '/depot/7',
      '/depot/:id',
      '/depot/edit/7',
      '/depot/edit/:id',
    ]);
  });

  it('gives the five calls and the history at /api/<name>', async () => {
    const api = ownedRecordApi<DepotContract, 'depot'>(depotKind);
    const calls = stubFetch(({ method, body }) =>
      method === 'DELETE'
        ? { status: 204 }
        : { status: 200, body: method === 'GET' ? [] : { id: 3, ...(body as object) } },
    );
    await api.getList();
    await api.create({ name: 'Nord' });
    await api.update(3, { name: 'Süd' });
    await api.getHistory(3);
    await api.remove(3);
    expect(calls.map(({ method, path }) => [method, path])).toEqual([
      ['GET', '/api/depots'],
      ['POST', '/api/depots'],
      ['PATCH', '/api/depots/3'],
      ['GET', '/api/depots/3/history'],
      ['DELETE', '/api/depots/3'],
    ]);
    expect(api.listQueryOptions().queryKey).toEqual(['depots', 'list']);
    expect(api.recordQueryOptions(3).queryKey).toEqual(['depots', 'detail', 3]);
  });

  it('gives its page titles, its "nicht gefunden" card and its master data card', () => {
    const api = ownedRecordApi<DepotContract, 'depot'>(depotKind);
    const depot = editableRecord(depotKind, api.recordQueryOptions);
    expect(depot.view.title).toBe('Depot');
    expect(depot.edit.title).toBe('Depot bearbeiten');
    expect(depot.view.notFound.text).toBe('Dieses Depot gibt es nicht (mehr), oder es gehört zu einem anderen Konto.');
    expect(depot.master(7, [])).toMatchObject({ title: 'Stammdaten des Depots', edit: '/depot/edit/7' });
  });

  it('gives the routes of its three pages, found by their file names', () => {
    const declared = { './routes/depot.tsx': async () => ({ create: 'c', edit: 'e', view: 'v' }) };
    const paths = recordPageRoutes(depotKind, declared, (path) => (typeof path === 'string' ? path : path.pattern));
    expect(paths).toEqual(['/depot/new', '/depot/edit/:id', '/depot/:id']);
    const loaders = {
      './routes/depot-new.tsx': async () => ({}),
      './routes/depot-edit.tsx': async () => ({}),
      './routes/depot-view.tsx': async () => ({}),
    };
    const routes = recordPageRoutes(depotKind, loaders, (path, load) => ({
      path: typeof path === 'string' ? path : path.pattern,
      load,
    }));
    expect(routes).toEqual([
      { path: '/depot/new', load: loaders['./routes/depot-new.tsx'] },
      { path: '/depot/edit/:id', load: loaders['./routes/depot-edit.tsx'] },
      { path: '/depot/:id', load: loaders['./routes/depot-view.tsx'] },
    ]);
    expect(() => recordPageRoutes({ page: '/lager' }, loaders, () => null)).toThrow(
      '/lager: the page ./routes/lager.tsx or ./routes/lager-new.tsx is missing',
    );
  });
});
