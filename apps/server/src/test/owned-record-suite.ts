import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from './helpers.js';

/**
 * What the shared suite needs to know of an owned-record kind (the server's `crudRoutes`): where it lives, how to
 * make one for a user, and bodies that must be refused. Everything a kind has beyond these stays in its own test
 * file; what every kind must answer the same way is tested here once (issue 25, item 7).
 */
export interface OwnedRecordKind {
  /** `/api/vehicles` */
  path: string;
  /** German name of one record as the 404 answer names it: "Fahrzeug" → "Fahrzeug nicht gefunden." */
  what: string;
  /** Creates a valid record of the user through the API and answers its id and a text it shows. */
  create(app: App, user: TestUser): Promise<{ id: number; text: string }>;
  /** A valid create body of the user (its references created through `app` if it needs any). */
  body(app: App, user: TestUser): Promise<Record<string, unknown>>;
  /** A valid patch body. */
  patch: Record<string, unknown>;
  /** Bodies answered 400 (unknown fields, wrong types) and 422 (values the contract refuses), for POST and PATCH. */
  invalid: { 400: Record<string, unknown>[]; 422: Record<string, unknown>[] };
  /** The app the suite runs on; `buildTestApp()` unless the kind needs more (a throwaway kind's module and table). */
  build?: () => Promise<TestContext>;
}

/**
 * The answers every owned-record kind gives alike: success, 400/422, 401, 403 (another user's record, or a body
 * naming another owner) and 404 (unknown and non-canonical ids), for list, create, read, patch and delete, and
 * that a list holds nothing of another user.
 */
export function describeOwnedRecordKind(kind: OwnedRecordKind): void {
  describe(`owned records ${kind.path} (shared suite)`, () => {
    let ctx: TestContext;
    let alice: TestUser;
    let bob: TestUser;
    const app = () => ctx.app;
    const one = (id: number | string) => `${kind.path}/${id}`;
    const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, body?: unknown) => {
      const type = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      return app().inject({
        method,
        url,
        headers: { ...(user?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': type }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    };

    beforeAll(async () => {
      ctx = await (kind.build ?? buildTestApp)();
      alice = await registerUser(ctx.app, { firstname: 'Alice' });
      bob = await registerUser(ctx.app, { firstname: 'Bob' });
    });
    afterAll(async () => ctx.close());

    it('lists, creates, reads, patches and deletes the caller’s records (2xx)', async () => {
      const created = await send('POST', kind.path, alice, await kind.body(app(), alice));
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json() as { id: number };
      expect((await send('GET', one(id), alice)).statusCode).toBe(200);
      const list = await send('GET', kind.path, alice);
      expect(list.statusCode).toBe(200);
      expect((list.json() as { id: number }[]).map((record) => record.id)).toContain(id);
      const patched = await send('PATCH', one(id), alice, kind.patch);
      expect(patched.statusCode, patched.body).toBe(200);
      expect((await send('DELETE', one(id), alice)).statusCode).toBe(204);
      expect((await send('GET', one(id), alice)).statusCode).toBe(404);
    });

    it('answers 400 and 422 for refused bodies and writes nothing', async () => {
      const before = (await send('GET', kind.path, alice)).json() as unknown[];
      const { id } = await kind.create(app(), alice);
      const record = (await send('GET', one(id), alice)).json();
      for (const status of [400, 422] as const) {
        for (const body of kind.invalid[status]) {
          const created = await send('POST', kind.path, alice, { ...(await kind.body(app(), alice)), ...body });
          expect(created.statusCode, `POST ${JSON.stringify(body)}`).toBe(status);
          const patched = await send('PATCH', one(id), alice, body);
          expect(patched.statusCode, `PATCH ${JSON.stringify(body)}`).toBe(status);
          if (status === 422)
            expect((created.json() as { violations: unknown[] }).violations.length).toBeGreaterThan(0);
        }
      }
      expect((await send('GET', one(id), alice)).json()).toEqual(record);
      expect(((await send('GET', kind.path, alice)).json() as unknown[]).length).toBe(before.length + 1);
    });

    it('answers 401 without a token for every operation, changing nothing', async () => {
      const { id } = await kind.create(app(), alice);
      const record = (await send('GET', one(id), alice)).json();
      for (const [method, url] of [
        ['GET', kind.path],
        ['POST', kind.path],
        ['GET', one(id)],
        ['PATCH', one(id)],
        ['DELETE', one(id)],
      ] as const) {
        const response = await send(
          method,
          url,
          undefined,
          method === 'POST' || method === 'PATCH' ? kind.patch : undefined,
        );
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
      expect((await send('GET', one(id), alice)).json()).toEqual(record);
    });

    it('answers 403 for another user’s record and for a body naming another owner, changing nothing', async () => {
      const { id, text } = await kind.create(app(), alice);
      const record = (await send('GET', one(id), alice)).json();
      const read = await send('GET', one(id), bob);
      expect(read.statusCode).toBe(403);
      expect(read.body).not.toContain(text);
      expect((await send('PATCH', one(id), bob, kind.patch)).statusCode).toBe(403);
      expect((await send('DELETE', one(id), bob)).statusCode).toBe(403);
      expect((await send('PATCH', one(id), alice, { ...kind.patch, owner: bob.iri })).statusCode).toBe(403);
      const count = async (user: TestUser) => ((await send('GET', kind.path, user)).json() as unknown[]).length;
      const [alices, bobs] = [await count(alice), await count(bob)];
      const foreignOwner = await send('POST', kind.path, alice, { ...(await kind.body(app(), alice)), owner: bob.iri });
      expect(foreignOwner.statusCode).toBe(403);
      expect([await count(alice), await count(bob)]).toEqual([alices, bobs]);
      expect((await send('GET', one(id), alice)).json()).toEqual(record);
      // Nothing of Alice's in Bob's list.
      expect(JSON.stringify((await send('GET', kind.path, bob)).json())).not.toContain(text);
    });

    it('answers 404 for unknown and non-canonical ids', async () => {
      for (const id of ['987654', '2147483648', '9007199254740991', '0x1', '01', 'lok']) {
        for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
          const response = await send(method, one(id), alice, method === 'PATCH' ? kind.patch : undefined);
          expect(response.statusCode, `${method} ${id}`).toBe(404);
          if (method === 'GET') expect(response.json()).toMatchObject({ detail: `${kind.what} nicht gefunden.` });
        }
      }
    });
  });
}
