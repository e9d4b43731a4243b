import { sql, type SQL } from 'drizzle-orm';
import type { Depot } from '@streckenpass/contract/betriebe';
import {
  MATRIX_NEVER_STATE,
  MATRIX_STATE_BANDS,
  MATRIX_TRAINING_STATE,
  MATRIX_VALID_STATES,
  type MatrixMatchFacts,
  type MatrixSort,
  type MatrixState,
  type MatrixTotal,
} from '@streckenpass/contract/matrix';
import { nextCheckOf, type NextCheck } from '@streckenpass/contract/periodic-check';
import type { RequirementMatchKind } from '@streckenpass/contract/requirements';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { betriebDepots, memberships, routes, users } from '../../db/schema.js';
import { memberName } from '../../lib/member-name.js';
import { depotOf, isMember } from './betriebe.repository.js';
import { cellStateIn } from './coverage.repository.js';
import type { NextCheckRepository } from './next-check.repository.js';
import { keptCoverage, requirementRelation, rowsOf } from './requirement-matching.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    matrixRepository: MatrixRepository;
  }
}

/*
 * The matrix of drivers × requirements (issue 28 item 3; "Wer kann fahren?" in who-can-drive.repository.ts, vehicle
 * types in matrix-vehicles.repository.ts). Rows are the members with the role `driver`; every statement is scoped by
 * the caller's membership (admin or Disponent) in SQL, so a caller who has just left reads nothing. Cells follow the
 * one matching rule (requirement-matching.ts). Paging, filters and totals are SQL: the page's drivers first, then
 * only they are matched route by route.
 */

export interface MatrixFilter {
  depotId?: number | undefined;
  requirementId?: number | undefined;
  state?: MatrixState | undefined;
  q?: string | undefined;
  sort: MatrixSort;
}

/** A requirement's best match for a driver: the facts a cell's state is decided from (contract `matrixCellOf`). */
export type MatrixMatch = MatrixMatchFacts;

/** One row of the matrix before its requirements are known: the driver, their depot and their matches by id. */
export interface MatrixRow {
  membershipId: number;
  name: string;
  depot: Depot | null;
  matches: Map<number, MatrixMatch>;
  /** When their next check of the infrastructure knowledge is due (issue 41 item 5). */
  nextCheck: NextCheck;
}

const READERS = ['admin', 'disponent'] as const;

/** The filter's requirements: of the Betrieb, one when chosen, the whole Betrieb's and the depot's when chosen. */
export function requirementsOf(betriebId: number, filter: Pick<MatrixFilter, 'depotId' | 'requirementId'>): SQL {
  return requirementRelation(
    betriebId,
    sql.join(
      [
        filter.requirementId === undefined ? sql`true` : sql`id = ${filter.requirementId}`,
        filter.depotId === undefined ? sql`true` : sql`(depot_id is null or depot_id = ${filter.depotId})`,
      ],
      sql` and `,
    ),
  );
}

/** The Betrieb's drivers (of the depot, when chosen), read by one of its admins or Disponenten. */
export function driversOf(
  betriebId: number,
  userId: number,
  depotId: number | undefined,
  only?: readonly number[],
): SQL {
  return sql`select m.id as membership_id, m.user_id, m.depot_id from ${memberships} m
     where m.betrieb_id = ${betriebId} and m.role = 'driver'
       ${depotId === undefined ? sql`` : sql`and m.depot_id = ${depotId}`}
       ${only === undefined ? sql`` : sql`and m.id in ${only}`}
       and ${isMember(betriebId, userId, READERS)}`;
}

/** `%` and `_` of a search typed by a user are letters, not patterns. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The states of a matched cell, one column each in the per-driver aggregate: never driven, then the bands. */
const MATCHED_STATES: readonly MatrixState[] = [
  MATRIX_NEVER_STATE,
  MATRIX_TRAINING_STATE,
  ...MATRIX_STATE_BANDS.map(({ state }) => state),
];

/** A statement's part that runs only when `on` (a constant filter: PostgreSQL skips what is under `false`). */
const when = (on: boolean) => sql.raw(on ? 'true' : 'false');

const nameOrder = sql`lastname collate "und-x-icu", firstname collate "und-x-icu", membership_id`;
const ORDERS: Record<MatrixSort, SQL> = {
  name: nameOrder,
  depot: sql`depot_name collate "und-x-icu" nulls last, ${nameOrder}`,
  // Whose knowledge ends first: a missing or never driven requirement counts as ended long ago; no requirement, last.
  expiring: sql`first_end asc nulls last, ${nameOrder}`,
};

export interface DriverRow {
  membership_id: number;
  firstname: string | null;
  lastname: string | null;
  depot_id: number | null;
  depot_name: string | null;
}

export const driverOf = (row: DriverRow) => ({
  membershipId: Number(row.membership_id),
  name: memberName(row),
  depot: depotOf(row.depot_id === null ? null : Number(row.depot_id), row.depot_name),
});

export function createMatrixRepository(db: Executor, nextChecks: Pick<NextCheckRepository, 'of'>) {
  /**
   * The drivers that pass the filters (a page of them, by the chosen order, and how many there are) and the totals per
   * requirement over all drivers of the Betrieb (of the depot, when chosen), in one snapshot. Coverage — per
   * requirement and driver whether a route meets it and until when — is read from the kept table, and only where a
   * state filter, the order by expiry or the totals need it.
   */
  async function pageAndTotals(
    betriebId: number,
    userId: number,
    filter: MatrixFilter,
    asOf: string,
    paging: { limit: number; offset: number } | null,
    withTotals: boolean,
  ) {
    const perDriver = filter.state !== undefined || filter.sort === 'expiring';
    const stateIn = (...states: MatrixState[]) => cellStateIn(sql`cov.valid_until`, asOf, states, sql`cov.training`);
    // A driver has a cell `fehlt` when fewer of their asked requirements match than are asked; any other state when
    // one of their matched cells is in it (each column `agg.<state>`).
    const hasState = (state: MatrixState) =>
      state === 'fehlt' ? sql`coalesce(agg.matched, 0) < need.n` : sql`coalesce(agg.${sql.raw(state)}, false)`;
    // Two statements, each reading the kept coverage once (a CTE read twice would be materialised and planned blind).
    const common = sql`req as not materialized (${requirementsOf(betriebId, filter)}),
           mem as not materialized (${driversOf(betriebId, userId, filter.depotId)}),
           -- Per requirement and driver it is asked of: matched, and valid until when (kept, migration 0011).
           cov as (${keptCoverage(betriebId, true)})`;
    const page = sql`
      with ${common},
           -- How many requirements each depot (null: the whole Betrieb) has.
           req_n as (select depot_id, count(*)::integer as n from req group by depot_id),
           -- Of each driver: the requirements asked of them, and their matched cells' states.
           need as (select mem.membership_id, coalesce(sum(req_n.n), 0)::integer as n
                      from mem left join req_n on req_n.depot_id is null or req_n.depot_id = mem.depot_id
                     where ${when(perDriver)}
                     group by mem.membership_id),
           agg as (select cov.membership_id, count(*)::integer as matched,
                          ${sql.join(
                            MATCHED_STATES.map((state) => sql`bool_or(${stateIn(state)}) as ${sql.raw(state)}`),
                            sql`, `,
                          )},
                          min(coalesce(cov.valid_until, '-infinity'::date)) as ends
                     from cov where ${when(perDriver)}
                    group by cov.membership_id),
           rows as (select mem.membership_id, u.firstname, u.lastname, d.id as depot_id, d.name as depot_name,
                           case when coalesce(agg.matched, 0) < need.n then '-infinity'::date else agg.ends end
                             as first_end
                      from mem join ${users} u on u.id = mem.user_id
                      left join ${betriebDepots} d on d.id = mem.depot_id
                      left join need on need.membership_id = mem.membership_id
                      left join agg on agg.membership_id = mem.membership_id
                     where ${filter.q ? sql`(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')) ilike ${likePattern(filter.q)}` : sql`true`}
                       and ${filter.state ? hasState(filter.state) : sql`true`})
      select (select count(*)::integer from rows) as total,
             (select coalesce(json_agg(p), '[]'::json) from (
                select membership_id, firstname, lastname, depot_id, depot_name from rows
                 order by ${ORDERS[filter.sort]}
                 ${paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``}) p) as page`;
    const totals = sql`
      with ${common},
           mem_n as (select depot_id, count(*)::integer as n from mem group by depot_id),
           tot as (select cov.requirement_id,
                          count(*) filter (where ${stateIn(...MATRIX_VALID_STATES)})::integer as valid,
                          count(*) filter (where ${stateIn('bald')})::integer as expiring,
                          count(*) filter (where ${stateIn('abgelaufen')})::integer as expired,
                          count(*) filter (where ${stateIn(MATRIX_NEVER_STATE)})::integer as never,
                          count(*) filter (where ${stateIn(MATRIX_TRAINING_STATE)})::integer as training
                     from cov group by cov.requirement_id),
           asked as (select req.id as requirement_id, coalesce(sum(mem_n.n), 0)::integer as drivers
                       from req left join mem_n on req.depot_id is null or mem_n.depot_id = req.depot_id
                      group by req.id)
      select coalesce(json_agg(json_build_object(
                'requirementId', asked.requirement_id, 'drivers', asked.drivers,
                'valid', coalesce(tot.valid, 0), 'expiring', coalesce(tot.expiring, 0),
                'expired', coalesce(tot.expired, 0), 'never', coalesce(tot.never, 0),
                'training', coalesce(tot.training, 0))), '[]'::json) as totals
        from asked left join tot using (requirement_id)`;
    const [pageResult, totalsResult] = await db.transaction(async (tx) => {
      // One snapshot for both; coverage of every driver is grouped in memory, not on disk.
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      await tx.execute(sql`set local work_mem = '32MB'`);
      return [await tx.execute(page), withTotals ? await tx.execute(totals) : undefined] as const;
    });
    const [row] = rowsOf<{ total: number; page: DriverRow[] }>(pageResult);
    const totalsRow = totalsResult ? rowsOf<{ totals: Omit<MatrixTotal, 'missing'>[] }>(totalsResult)[0] : undefined;
    return {
      total: Number(row?.total ?? 0),
      drivers: (row?.page ?? []).map(driverOf),
      totals: new Map(
        (totalsRow?.totals ?? []).map((total) => [
          total.requirementId,
          {
            ...total,
            missing: total.drivers - total.valid - total.expired - (total.never ?? 0) - (total.training ?? 0),
          } satisfies MatrixTotal,
        ]),
      ),
    };
  }

  /** The matches of the given drivers (membership ids) for the filter's requirements: each best one, by the rule. */
  async function matchesOf(betriebId: number, userId: number, filter: MatrixFilter, ids: number[]) {
    const matches = new Map<number, MatrixRow['matches']>(ids.map((id) => [id, new Map()]));
    if (ids.length === 0) return matches;
    const result = await db.execute(sql`
      with req as (${requirementsOf(betriebId, filter)}),
           mem as (${driversOf(betriebId, userId, filter.depotId, ids)}),
           best as (${keptCoverage(betriebId)})
      select best.requirement_id, best.membership_id, best.route_id, rt.name as route_name, best.kind,
             to_char(best.valid_until, 'YYYY-MM-DD') as valid_until, best.training
        from best join ${routes} rt on rt.id = best.route_id`);
    type Row = {
      requirement_id: number;
      membership_id: number;
      route_id: number;
      route_name: string;
      kind: RequirementMatchKind;
      valid_until: string | null;
      training: boolean;
    };
    for (const row of rowsOf<Row>(result)) {
      matches.get(Number(row.membership_id))?.set(Number(row.requirement_id), {
        validUntil: row.valid_until,
        route: { id: Number(row.route_id), name: row.route_name },
        kind: row.kind,
        training: row.training,
      });
    }
    return matches;
  }

  return {
    /**
     * A page of the matrix: the drivers that pass the filter in the chosen order, each with their best matches by
     * requirement id (the service words the cells, `matrixCellOf`), how many drivers pass, and — when asked — the totals
     * per requirement over all drivers of the Betrieb (the depot's, when chosen). `paging` null: every driver.
     */
    async page(
      betriebId: number,
      userId: number,
      filter: MatrixFilter,
      asOf: string,
      paging: { limit: number; offset: number } | null,
      withTotals = true,
    ): Promise<{ total: number; rows: MatrixRow[]; totals: Map<number, MatrixTotal> }> {
      const found = await pageAndTotals(betriebId, userId, filter, asOf, paging, withTotals);
      const ids = found.drivers.map((driver) => driver.membershipId);
      const matches = await matchesOf(betriebId, userId, filter, ids);
      const checks = new Map(
        (await nextChecks.of(betriebId, userId, asOf, ids)).map((row) => [row.membershipId, row.nextCheck]),
      );
      return {
        total: found.total,
        totals: found.totals,
        rows: found.drivers.map((driver) => ({
          ...driver,
          matches: matches.get(driver.membershipId) ?? new Map(),
          nextCheck: checks.get(driver.membershipId) ?? nextCheckOf(null, [], asOf),
        })),
      };
    },
  };
}

export type MatrixRepository = ReturnType<typeof createMatrixRepository>;

export default repositoryPlugin('matrixRepository', (app) => createMatrixRepository(app.db, app.nextCheckRepository), [
  'betriebeRepository',
  'nextCheckRepository',
]);
