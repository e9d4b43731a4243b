import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MembershipChange } from '@streckenpass/contract/betriebe';
import type { Executor } from '../../db/client.js';
import { MIGRATIONS_FOLDER } from '../../db/pglite-template.js';
import { createCaller } from '../../test/api.js';
import { foundBetrieb, invite, join, membersOf, verifiedUser } from '../../test/betriebe.js';
import { buildTestApp, type TestContext, type TestUser } from '../../test/helpers.js';

let ctx: TestContext;
const call = createCaller(() => ctx.app);

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const url = (betriebId: number | string) => `/api/betriebe/${betriebId}/changes`;

async function changes(betriebId: number, user: TestUser): Promise<MembershipChange[]> {
  const response = await call('GET', url(betriebId), user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MembershipChange[];
}

/** The changes as lines that read in a test: "Lea Weg left". */
const lines = (list: MembershipChange[]) => list.map((change) => `${change.name} ${change.event}`);

/** A Betrieb of Anna Admin with Dora Disponentin, and an open driver invitation. */
async function betriebWithDisponent() {
  const admin = await verifiedUser(ctx.app, { firstname: 'Anna', lastname: 'Admin' });
  const disponent = await verifiedUser(ctx.app, { firstname: 'Dora', lastname: 'Disponentin' });
  const betrieb = await foundBetrieb(ctx.app, admin, 'Regio Wechsel');
  await join(ctx.app, disponent, await invite(ctx.app, admin, betrieb.id, 'disponent'));
  const invitation = await invite(ctx.app, admin, betrieb.id);
  return { admin, disponent, betrieb, invitation };
}

describe('GET /api/betriebe/{id}/changes', () => {
  it('lists who joined, left and was removed, newest first, by name; a driver still there with the membership id', async () => {
    const { admin, disponent, betrieb, invitation } = await betriebWithDisponent();
    const tom = await verifiedUser(ctx.app, { firstname: 'Tom', lastname: 'Fahrer' });
    const lea = await verifiedUser(ctx.app, { firstname: 'Lea', lastname: 'Weg' });
    const max = await verifiedUser(ctx.app, { firstname: 'Max', lastname: 'Raus' });
    for (const driver of [tom, lea, max]) await join(ctx.app, driver, invitation);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, lea)).statusCode).toBe(204);
    const members = await membersOf(ctx.app, admin, betrieb.id);
    const memberId = (name: string) => members.find((member) => member.name === name)!.id;
    const removed = await call('DELETE', `/api/betriebe/${betrieb.id}/members/${memberId('Max Raus')}`, admin);
    expect(removed.statusCode).toBe(204);

    const list = await changes(betrieb.id, disponent);
    expect(lines(list)).toEqual([
      'Max Raus removed',
      'Lea Weg left',
      'Max Raus joined',
      'Lea Weg joined',
      'Tom Fahrer joined',
      'Dora Disponentin joined',
      'Anna Admin joined',
    ]);
    // The driver's page is linked while they are a driver there; who left, the admin and the Disponent have none.
    expect(list.map((change) => change.membershipId)).toEqual([
      null,
      null,
      null,
      null,
      memberId('Tom Fahrer'),
      null,
      null,
    ]);
    const times = list.map((change) => Date.parse(change.at));
    expect(times.every((time) => Date.now() - time < 60_000)).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The admin reads the same; no answer carries an e-mail address.
    const asAdmin = await call('GET', url(betrieb.id), admin);
    expect(asAdmin.json()).toEqual(list);
    for (const user of [tom, lea, max, admin, disponent]) expect(asAdmin.body).not.toContain(user.email);
  });

  it('writes an event only with the change itself: a refused leaving (409) logs none', async () => {
    const { admin, disponent, betrieb } = await betriebWithDisponent();
    const refused = await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, admin);
    expect(refused.statusCode).toBe(409);
    expect(lines(await changes(betrieb.id, disponent))).toEqual(['Dora Disponentin joined', 'Anna Admin joined']);
  });

  it('shows the last 30 days only, at most 50, and an empty list for a quiet month', async () => {
    const { disponent, betrieb } = await betriebWithDisponent();
    await ctx.app.db.execute(
      sql`update membership_events set at = now() - interval '31 days' where betrieb_id = ${betrieb.id}`,
    );
    expect(await changes(betrieb.id, disponent)).toEqual([]);
    await ctx.app.db.execute(sql`
      insert into membership_events (betrieb_id, user_id, event, at)
        select ${betrieb.id}, ${disponent.id}, 'joined', now() - n * interval '1 hour' from generate_series(1, 60) n`);
    const list = await changes(betrieb.id, disponent);
    expect(list).toHaveLength(50);
    // Newest first: an hour ago down to 50 hours ago.
    const hours = list.map((change) => Math.round((Date.now() - Date.parse(change.at)) / 3_600_000));
    expect(hours).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('answers 401 without a login, 403 to a driver of the Betrieb', async () => {
    const { betrieb, invitation } = await betriebWithDisponent();
    expect((await ctx.app.inject({ method: 'GET', url: url(betrieb.id) })).statusCode).toBe(401);
    const driver = await verifiedUser(ctx.app);
    await join(ctx.app, driver, invitation);
    const response = await call('GET', url(betrieb.id), driver);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail: 'Nur Admins und Disponenten dieses Betriebs dürfen das.' });
    expect(response.body).not.toContain('Disponentin');
  });

  it('answers outsiders, former members and ids that are none the 404 of an unknown Betrieb (as the matrix)', async () => {
    const { admin, betrieb, invitation } = await betriebWithDisponent();
    const stranger = await verifiedUser(ctx.app);
    const former = await verifiedUser(ctx.app);
    await join(ctx.app, former, invitation);
    expect((await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, former)).statusCode).toBe(204);
    const unknown = await call('GET', url(2147483647), stranger);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, detail: 'Betrieb nicht gefunden.' });
    for (const user of [stranger, former]) {
      const response = await call('GET', url(betrieb.id), user);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
      expect((await call('GET', `/api/betriebe/${betrieb.id}/matrix`, user)).json()).toEqual(unknown.json());
    }
    // A path id that is none (not a decimal 1–2147483647) is an unknown Betrieb, as for every path id.
    for (const id of ['abc', '0', '01', '-1', '1.5', '2147483648']) {
      const response = await call('GET', url(id), admin);
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual(unknown.json());
    }
  });

  it('forgets a leaver with their account: after its deletion their events are gone', async () => {
    const { disponent, betrieb, invitation } = await betriebWithDisponent();
    const lea = await verifiedUser(ctx.app, { firstname: 'Lea', lastname: 'Weg' });
    await join(ctx.app, lea, invitation);
    await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, lea);
    expect(lines(await changes(betrieb.id, disponent)).slice(0, 2)).toEqual(['Lea Weg left', 'Lea Weg joined']);
    const deleted = await call('POST', '/api/users/delete-account', lea, {
      password: lea.password,
      confirmation: 'KONTO LÖSCHEN',
    });
    expect(deleted.statusCode).toBe(200);
    expect(lines(await changes(betrieb.id, disponent))).toEqual(['Dora Disponentin joined', 'Anna Admin joined']);
    expect(await rows(sql`select 1 from membership_events where user_id = ${lea.id}`)).toEqual([]);
  });
});

describe('migration 0017', () => {
  it('backfills a joining per membership and the leaving and removals of the members’ histories', async () => {
    const { admin, disponent, betrieb, invitation } = await betriebWithDisponent();
    const lea = await verifiedUser(ctx.app, { firstname: 'Lea', lastname: 'Weg' });
    const max = await verifiedUser(ctx.app, { firstname: 'Max', lastname: 'Raus' });
    await join(ctx.app, lea, invitation);
    await join(ctx.app, max, invitation);
    await call('DELETE', `/api/betriebe/${betrieb.id}/membership`, lea);
    const maxId = (await membersOf(ctx.app, admin, betrieb.id)).find((member) => member.name === 'Max Raus')!.id;
    await call('DELETE', `/api/betriebe/${betrieb.id}/members/${maxId}`, admin);
    // A Betrieb that is gone (its last member left) has nothing to backfill.
    const gone = await foundBetrieb(ctx.app, disponent, 'Vergangen');
    await call('DELETE', `/api/betriebe/${gone.id}/membership`, disponent);

    const file = fs.readFileSync(path.join(MIGRATIONS_FOLDER, '0017_membership_events.sql'), 'utf8');
    const backfill = file
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('INSERT'));
    expect(backfill).toHaveLength(2);
    type Event = { betrieb_id: number; user_id: number; event: string; at: Date };
    const read = (ex: Executor) =>
      ex.execute(
        sql`select betrieb_id, user_id, event, at from membership_events
             where betrieb_id in (${betrieb.id}, ${gone.id}) order by at, event`,
      ) as unknown as Promise<{ rows: Event[] }>;
    const live = (await read(ctx.app.db)).rows;
    const filled = await ctx.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from membership_events`);
        for (const statement of backfill) await tx.execute(sql.raw(statement));
        const result = (await read(tx)).rows;
        throw Object.assign(new Error('rollback'), { result });
      })
      .catch((error: { result?: Event[] }) => error.result);
    // Everything the live writes logged, but the joining of those who have left since: no membership tells it.
    const stillThere = new Set([admin.id, disponent.id]);
    expect(filled).toEqual(live.filter((event) => event.event !== 'joined' || stillThere.has(event.user_id)));
    expect(filled!.map((event) => `${event.user_id} ${event.event}`)).toEqual([
      `${admin.id} joined`,
      `${disponent.id} joined`,
      `${lea.id} left`,
      `${max.id} removed`,
    ]);
  });
});
