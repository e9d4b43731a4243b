import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { betriebe } from '../db/schema.js';
import {
  bestMatches,
  matchCandidates,
  requirementRelation,
  rowsOf,
} from '../modules/betriebe/requirement-matching.repository.js';
import type { App } from '../app.js';

/*
 * The kept coverage (requirement_coverage, migrations 0011 and 0021) against the matching rule computed from scratch:
 * every row — requirement, member, route, last valid day, kind and whether it is in training — for every Betrieb.
 */

interface CoverageRow {
  requirement_id: number;
  membership_id: number;
  route_id: number;
  valid_until: string | null;
  kind: string;
  training: boolean;
}

const key = (row: CoverageRow) =>
  `${row.requirement_id}/${row.membership_id} → ${row.route_id} ${row.valid_until ?? '–'} ${row.kind}` +
  (row.training ? ' in Ausbildung' : '');

/** What the table holds, and what the rule says, for every Betrieb. */
export async function keptAndFresh(app: App): Promise<{ kept: string[]; fresh: string[] }> {
  const ids = (await app.db.select({ id: betriebe.id }).from(betriebe)).map((row) => row.id);
  const fresh: string[] = [];
  for (const id of ids) {
    const result = await app.db.execute(sql`
      with req as (${requirementRelation(id)}),
           mem as (select id as membership_id, user_id, depot_id from memberships where betrieb_id = ${id}),
           candidates as (${matchCandidates}),
           best as (${bestMatches})
      select requirement_id, membership_id, route_id, to_char(valid_until, 'YYYY-MM-DD') as valid_until, kind,
             training from best`);
    fresh.push(...rowsOf<CoverageRow>(result).map(key));
  }
  const kept = await app.db.execute(sql`
    select requirement_id, membership_id, route_id, to_char(valid_until, 'YYYY-MM-DD') as valid_until, kind, training
      from requirement_coverage`);
  return { kept: rowsOf<CoverageRow>(kept).map(key).sort(), fresh: fresh.sort() };
}

/** Asserts that the kept coverage is the rule's answer after `step`; answers how many rows it holds. */
export async function expectKeptIsFresh(app: App, step: string): Promise<number> {
  const { kept, fresh } = await keptAndFresh(app);
  expect(kept, step).toEqual(fresh);
  return kept.length;
}
