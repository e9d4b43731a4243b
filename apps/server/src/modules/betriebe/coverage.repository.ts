import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@streckenpass/contract/knowledge';
import {
  COVERAGE_WINDOW_DAYS,
  MATRIX_NEVER_STATE,
  MATRIX_STATE_BANDS,
  MATRIX_TRAINING_STATE,
  type MatrixState,
} from '@streckenpass/contract/matrix';
import { checkDueWithin, nextCheckLabel } from '@streckenpass/contract/periodic-check';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { memberships, users } from '../../db/schema.js';
import type { BetriebCoverage } from '../../jobs/coverage-alerts.js';
import { memberName } from '../../lib/member-name.js';
import { isMember } from './betriebe.repository.js';
import { keptCoverage, requirementRelation, rowsOf } from './requirement-matching.repository.js';
import type { NextCheckRepository } from './next-check.repository.js';
import type { RequirementsRepository } from './requirements.repository.js';

/**
 * A matched cell's state in SQL, by the contract's bands (`MATRIX_STATE_BANDS`, by which `matrixState` decides in
 * code): what the filters, the totals and the coverage mail count in the database. The states are the contract's
 * constants, written as literals.
 */
export function cellState(validUntil: SQL, asOf: string, training: SQL = sql`false`): SQL {
  const cases = MATRIX_STATE_BANDS.map(({ state, before }) =>
    before === null
      ? sql`else ${literal(state)}`
      : sql`when ${validUntil} < ${addDays(asOf, before)}::date then ${literal(state)}`,
  );
  return sql`(case when ${validUntil} is null and ${training} then ${literal(MATRIX_TRAINING_STATE)}
                   when ${validUntil} is null then ${literal(MATRIX_NEVER_STATE)} ${sql.join(cases, sql` `)} end)`;
}

/**
 * Whether a matched cell's last valid day gives one of `states` on `asOf`; `training` (SQL boolean) says whether the
 * cell's route is still in its first acquisition (default: no).
 */
export function cellStateIn(validUntil: SQL, asOf: string, states: readonly MatrixState[], training?: SQL): SQL {
  return sql`${cellState(validUntil, asOf, training)} in (${sql.join(states.map(literal), sql`, `)})`;
}

/** A state as an SQL literal (the contract's constants only, never user input). */
const literal = (state: MatrixState) => sql.raw(`'${state}'`);

declare module 'fastify' {
  interface FastifyInstance {
    coverageRepository: CoverageRepository;
  }
}

/** Who reads a Betrieb's coverage: those who read its matrix. */
const READERS = ['admin', 'disponent'] as const;

interface Totals {
  requirementId: number;
  drivers: number;
  covered: number;
}

interface Lapsing {
  requirementId: number;
  firstname: string | null;
  lastname: string | null;
  validUntil: string;
}

/*
 * A Betrieb's coverage of its requirements over the coming COVERAGE_WINDOW_DAYS, for the Disponent's weekly mail (issue
 * 28 item 5, decision 0046 addendum): per requirement, how many of the drivers it is asked of (the whole Betrieb's: every
 * driver; a depot's: that depot's) know it beyond the window, and which drivers' knowledge of a requirement ends within
 * it. The same rule and the same states as the matrix: the match is the kept best match of requirement-matching.ts
 * (`keptCoverage`, table requirement_coverage, kept by triggers), and a cell is `gueltig` when valid_until lies after
 * the window and `bald` when it lies within it (contract `MATRIX_STATE_BANDS`, through `cellStateIn`). Counted in SQL, scoped by the reader's
 * membership as admin or Disponent.
 */
export function createCoverageRepository(
  db: Executor,
  requirements: Pick<RequirementsRepository, 'list'>,
  nextChecks: Pick<NextCheckRepository, 'of'>,
) {
  return {
    /**
     * The coverage as `readerId` (an admin or Disponent of the Betrieb) sees it on `today`, with at most `shown` of
     * the lapsing knowledge (soonest first); undefined when the reader is not (or no longer) one of them.
     */
    async read(
      betriebId: number,
      readerId: number,
      today: string,
      shown: number,
    ): Promise<BetriebCoverage | undefined> {
      const until = addDays(today, COVERAGE_WINDOW_DAYS);
      const result = await db.execute(sql`
        with req as (${requirementRelation(betriebId)}),
             mem as (select m.id as membership_id, m.user_id, m.depot_id from ${memberships} m
                      where m.betrieb_id = ${betriebId} and m.role = 'driver'
                        and ${isMember(betriebId, readerId, READERS)}),
             -- Every requirement × every driver it is asked of: the kept best match (migration 0011).
             best as (${keptCoverage(betriebId, true)}),
             -- Each requirement with every driver it is asked of, and the valid_until of their best match (if any).
             cell as (select req.id as requirement_id, mem.membership_id, mem.user_id, best.valid_until
                        from req join mem on req.depot_id is null or req.depot_id = mem.depot_id
                        left join best on best.requirement_id = req.id and best.membership_id = mem.membership_id),
             lapsing as (select * from cell where ${cellStateIn(sql`valid_until`, today, ['bald'])})
        select ${isMember(betriebId, readerId, READERS)} as allowed,
               (select coalesce(json_agg(t), '[]'::json) from (
                  select requirement_id as "requirementId", count(*)::integer as drivers,
                         (count(*) filter (where ${cellStateIn(sql`valid_until`, today, ['gueltig'])}))::integer as covered
                    from cell group by requirement_id) t) as totals,
               (select count(*)::integer from lapsing) as lapsing_total,
               (select coalesce(json_agg(l), '[]'::json) from (
                  select c.requirement_id as "requirementId", u.firstname, u.lastname,
                         to_char(c.valid_until, 'YYYY-MM-DD') as "validUntil"
                    from lapsing c join ${users} u on u.id = c.user_id
                   order by c.valid_until, u.lastname collate "und-x-icu", u.firstname collate "und-x-icu",
                            c.membership_id, c.requirement_id
                   limit ${shown}) l) as lapsing`);
      const [row] = rowsOf<{ allowed: boolean; totals: Totals[]; lapsing_total: number; lapsing: Lapsing[] }>(result);
      if (!row?.allowed) return undefined;
      const required = await requirements.list(betriebId, readerId);
      const dueChecks = (await nextChecks.of(betriebId, readerId, today))
        .filter((row) => checkDueWithin(row.nextCheck, today, COVERAGE_WINDOW_DAYS))
        .sort((a, b) => a.nextCheck.due!.localeCompare(b.nextCheck.due!))
        .map((row) => ({
          driver: memberName(row),
          due: row.nextCheck.due!,
          label: nextCheckLabel(row.nextCheck, today),
        }));
      const byId = new Map(required.map((requirement) => [requirement.id, requirement]));
      const totals = new Map(row.totals.map((total) => [Number(total.requirementId), total]));
      return {
        until,
        requirements: required.map((requirement) => ({
          requirement,
          drivers: Number(totals.get(requirement.id)?.drivers ?? 0),
          covered: Number(totals.get(requirement.id)?.covered ?? 0),
        })),
        lapsingTotal: Number(row.lapsing_total),
        lapsing: row.lapsing.flatMap((entry) => {
          const requirement = byId.get(Number(entry.requirementId));
          return requirement ? [{ requirement, driver: memberName(entry), validUntil: entry.validUntil }] : [];
        }),
        dueChecks,
      };
    },
  };
}

export type CoverageRepository = ReturnType<typeof createCoverageRepository>;

export default repositoryPlugin(
  'coverageRepository',
  (app) => createCoverageRepository(app.db, app.requirementsRepository, app.nextCheckRepository),
  ['requirementsRepository', 'nextCheckRepository'],
);
