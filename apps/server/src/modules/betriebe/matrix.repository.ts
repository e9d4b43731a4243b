import { sql, type SQL } from 'drizzle-orm';
import type { Depot } from '@streckenpass/contract/betriebe';
import { addDays } from '@streckenpass/contract/knowledge';
import {
  COVERAGE_WINDOW_DAYS,
  matrixState,
  type MatrixCell,
  type MatrixSort,
  type MatrixState,
  type MatrixTotal,
  type WhoCanDriveDriver,
} from '@streckenpass/contract/matrix';
import type { RequirementMatchKind } from '@streckenpass/contract/requirements';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { betriebDepots, memberships, routes, users } from '../../db/schema.js';
import { depotOf, isMember, memberName } from './betriebe.repository.js';
import {
  bestMatches,
  candidatesOn,
  coverageOn,
  keptCoverage,
  requirementRelation,
  rowsOf,
  vehicleRequirementMatches,
} from './requirement-matching.js';

declare module 'fastify' {
  interface FastifyInstance {
    matrixRepository: MatrixRepository;
  }
}

/*
 * The Betrieb's views across its drivers (issue 28 items 3 and 4): the matrix of drivers × requirements and "Wer kann
 * fahren?". Rows are the members with the role `driver`; the callers are admins and Disponenten, and every statement
 * is scoped by the caller's membership in SQL (`isMember` in the relation of members), so a caller who has just left
 * reads nothing. Cells follow the one matching rule (requirement-matching.ts). Paging, filters and totals are SQL:
 * the page's drivers are chosen first, then only they are matched route by route.
 */

export interface MatrixFilter {
  depotId?: number | undefined;
  requirementId?: number | undefined;
  state?: MatrixState | undefined;
  q?: string | undefined;
  sort: MatrixSort;
}

/** One row of the matrix before its requirements are known: the driver, their depot and their cells by id. */
export interface MatrixRow {
  membershipId: number;
  name: string;
  depot: Depot | null;
  cells: Map<number, Omit<MatrixCell, 'requirementId' | 'required'>>;
}

const READERS = ['admin', 'disponent'] as const;

/** The filter's requirements: of the Betrieb, one when chosen, the whole Betrieb's and the depot's when chosen. */
function requirementsOf(betriebId: number, filter: Pick<MatrixFilter, 'depotId' | 'requirementId'>): SQL {
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
function driversOf(betriebId: number, userId: number, depotId: number | undefined, only?: readonly number[]): SQL {
  return sql`select m.id as membership_id, m.user_id, m.depot_id from ${memberships} m
     where m.betrieb_id = ${betriebId} and m.role = 'driver'
       ${depotId === undefined ? sql`` : sql`and m.depot_id = ${depotId}`}
       ${only === undefined ? sql`` : sql`and m.id in ${only}`}
       and ${isMember(betriebId, userId, READERS)}`;
}

/** `%` and `_` of a search typed by a user are letters, not patterns. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A statement's part that runs only when `on` (a constant filter: PostgreSQL skips what is under `false`). */
const when = (on: boolean) => sql.raw(on ? 'true' : 'false');

const nameOrder = sql`lastname collate "und-x-icu", firstname collate "und-x-icu", membership_id`;
const ORDERS: Record<MatrixSort, SQL> = {
  name: nameOrder,
  depot: sql`depot_name collate "und-x-icu" nulls last, ${nameOrder}`,
  // Whose knowledge ends first: a missing or never driven requirement counts as ended long ago; no requirement, last.
  expiring: sql`first_end asc nulls last, ${nameOrder}`,
};

interface DriverRow {
  membership_id: number;
  firstname: string | null;
  lastname: string | null;
  depot_id: number | null;
  depot_name: string | null;
}

const driverOf = (row: DriverRow) => ({
  membershipId: Number(row.membership_id),
  name: memberName(row),
  depot: depotOf(row.depot_id === null ? null : Number(row.depot_id), row.depot_name),
});

export function createMatrixRepository(db: Executor) {
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
    const soon = addDays(asOf, COVERAGE_WINDOW_DAYS);
    const perDriver = filter.state !== undefined || filter.sort === 'expiring';
    const states: Record<MatrixState, SQL> = {
      fehlt: sql`coalesce(agg.matched, 0) < need.n`,
      abgelaufen: sql`coalesce(agg.expired, false)`,
      bald: sql`coalesce(agg.soon, false)`,
      gueltig: sql`coalesce(agg.valid, false)`,
    };
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
                          bool_or(cov.valid_until is null or cov.valid_until < ${asOf}::date) as expired,
                          bool_or(cov.valid_until between ${asOf}::date and ${soon}::date) as soon,
                          bool_or(cov.valid_until > ${soon}::date) as valid,
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
                       and ${filter.state ? states[filter.state] : sql`true`})
      select (select count(*)::integer from rows) as total,
             (select coalesce(json_agg(p), '[]'::json) from (
                select membership_id, firstname, lastname, depot_id, depot_name from rows
                 order by ${ORDERS[filter.sort]}
                 ${paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``}) p) as page`;
    const totals = sql`
      with ${common},
           mem_n as (select depot_id, count(*)::integer as n from mem group by depot_id),
           tot as (select cov.requirement_id,
                          count(*) filter (where cov.valid_until >= ${asOf}::date)::integer as valid,
                          count(*) filter (where cov.valid_until between ${asOf}::date and ${soon}::date)::integer
                            as expiring,
                          count(*) filter (where cov.valid_until is null or cov.valid_until < ${asOf}::date)::integer
                            as expired
                     from cov group by cov.requirement_id),
           asked as (select req.id as requirement_id, coalesce(sum(mem_n.n), 0)::integer as drivers
                       from req left join mem_n on req.depot_id is null or mem_n.depot_id = req.depot_id
                      group by req.id)
      select coalesce(json_agg(json_build_object(
                'requirementId', asked.requirement_id, 'drivers', asked.drivers,
                'valid', coalesce(tot.valid, 0), 'expiring', coalesce(tot.expiring, 0),
                'expired', coalesce(tot.expired, 0))), '[]'::json) as totals
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
          { ...total, missing: total.drivers - total.valid - total.expired } satisfies MatrixTotal,
        ]),
      ),
    };
  }

  /** The cells of the given drivers (membership ids) for the filter's requirements: each best match, by the rule. */
  async function cellsOf(betriebId: number, userId: number, filter: MatrixFilter, asOf: string, ids: number[]) {
    const cells = new Map<number, MatrixRow['cells']>(ids.map((id) => [id, new Map()]));
    if (ids.length === 0) return cells;
    const result = await db.execute(sql`
      with req as (${requirementsOf(betriebId, filter)}),
           mem as (${driversOf(betriebId, userId, filter.depotId, ids)}),
           best as (${keptCoverage(betriebId)})
      select best.requirement_id, best.membership_id, best.route_id, rt.name as route_name, best.kind,
             to_char(best.valid_until, 'YYYY-MM-DD') as valid_until
        from best join ${routes} rt on rt.id = best.route_id`);
    type Row = {
      requirement_id: number;
      membership_id: number;
      route_id: number;
      route_name: string;
      kind: RequirementMatchKind;
      valid_until: string | null;
    };
    for (const row of rowsOf<Row>(result)) {
      cells.get(Number(row.membership_id))?.set(Number(row.requirement_id), {
        state: matrixState(row.valid_until, asOf),
        validUntil: row.valid_until,
        route: { id: Number(row.route_id), name: row.route_name },
        kind: row.kind,
      });
    }
    return cells;
  }

  return {
    /**
     * A page of the matrix: the drivers that pass the filter in the chosen order, each with their matched cells by
     * requirement id (a requirement without an entry is `fehlt`), how many drivers pass, and — when asked — the totals
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
      const cells = await cellsOf(
        betriebId,
        userId,
        filter,
        asOf,
        found.drivers.map((driver) => driver.membershipId),
      );
      return {
        total: found.total,
        totals: found.totals,
        rows: found.drivers.map((driver) => ({ ...driver, cells: cells.get(driver.membershipId) ?? new Map() })),
      };
    },

    /**
     * "Wer kann fahren?": the Betrieb's drivers (of the depot, when chosen) whose route meeting the requirement — or,
     * without one, the station pair in either direction — is valid on `date`, longest valid first, then by name; with
     * the required vehicle types each knows.
     */
    async whoCanDrive(
      betriebId: number,
      userId: number,
      target: { requirementId: number } | { from: string; to: string },
      date: string,
      today: string,
      depotId?: number,
    ): Promise<WhoCanDriveDriver[]> {
      // A requirement's matches are kept; a station pair is a requirement of no Betrieb (id 0: no manual links), met
      // by pair only, and goes by the rule through the pair index.
      const byRequirement = 'requirementId' in target;
      const req = byRequirement
        ? requirementsOf(betriebId, { requirementId: target.requirementId })
        : sql`select 0 as id, null::integer as depot_id, least(${target.from}::text, ${target.to}::text) as lo,
                     greatest(${target.from}::text, ${target.to}::text) as hi, null::text as code,
                     null::integer as line, null::float8 as km_lo, null::float8 as km_hi`;
      // Valid on `date`: a drive on or before it whose validity covers it (`coverageOn`, issue 38 item 6).
      const best = byRequirement
        ? coverageOn(betriebId, date, today)
        : sql`with candidates as (${candidatesOn(date)}) ${bestMatches}`;
      const result = await db.execute(sql`
        with req as (${req}),
             mem as (${driversOf(betriebId, userId, depotId)}),
             best as (${best})
        select mem.membership_id, mem.user_id, u.firstname, u.lastname, d.id as depot_id, d.name as depot_name,
               rt.id as route_id, rt.name as route_name, to_char(best.valid_until, 'YYYY-MM-DD') as valid_until
          from best join mem on mem.membership_id = best.membership_id
          join ${users} u on u.id = mem.user_id
          join ${routes} rt on rt.id = best.route_id
          left join ${betriebDepots} d on d.id = mem.depot_id
         where best.valid_until >= ${date}::date
         order by best.valid_until desc, u.lastname collate "und-x-icu", u.firstname collate "und-x-icu",
                  mem.membership_id`);
      type Row = DriverRow & { user_id: number; route_id: number; route_name: string; valid_until: string };
      const rows = rowsOf<Row>(result);
      const vehicles = new Map<number, WhoCanDriveDriver['vehicles']>();
      const matches = await vehicleRequirementMatches(
        db,
        betriebId,
        rows.map((row) => Number(row.user_id)),
      );
      for (const match of matches) {
        if (!match.vehicle) continue;
        const known = vehicles.get(match.userId) ?? [];
        known.push({ requirementId: match.requirementId, vehicleType: match.vehicleType, vehicle: match.vehicle });
        vehicles.set(match.userId, known);
      }
      return rows.map((row) => ({
        ...driverOf(row),
        route: { id: Number(row.route_id), name: row.route_name, validUntil: row.valid_until },
        vehicles: vehicles.get(Number(row.user_id)) ?? [],
      }));
    },
  };
}

export type MatrixRepository = ReturnType<typeof createMatrixRepository>;

export default repositoryPlugin('matrixRepository', (app) => createMatrixRepository(app.db), ['betriebeRepository']);
