import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName } from 'drizzle-orm';
import { catalogue, ownershipConditions } from '../../test/catalogue.js';
import { buildTestApp, type TestContext } from '../../test/helpers.js';
import { TABLES_NOT_BACKED_UP } from './backup.repository.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

describe('backup sections', () => {
  it('carry every table of user data, or the table is left out on purpose with a reason', async () => {
    const { tables, keys } = await catalogue(ctx.app);
    const conditions = ownershipConditions(tables, keys);
    // Tables that reach users(id) through a chain of foreign keys (owner_id, user_id, a link to an owned record).
    const userData = tables.filter((table) => conditions.get(table)).sort();
    expect(userData).toEqual(expect.arrayContaining(['users', 'routes', 'tour_routes', 'share_links']));

    const backedUp = new Set(
      ctx.app.backupRepository.sections.flatMap((section) => section.tables.map((table) => getTableName(table))),
    );
    const missing = userData.filter((table) => !backedUp.has(table) && !(table in TABLES_NOT_BACKED_UP));
    expect(missing, 'tables of user data in no backup section and not in TABLES_NOT_BACKED_UP').toEqual([]);

    // Neither list names a table that is not (or no longer) user data, nor one table twice.
    for (const table of [...backedUp, ...Object.keys(TABLES_NOT_BACKED_UP)]) {
      expect(userData, `${table} is not a table of user data`).toContain(table);
    }
    expect(Object.keys(TABLES_NOT_BACKED_UP).filter((table) => backedUp.has(table))).toEqual([]);
  });
});
