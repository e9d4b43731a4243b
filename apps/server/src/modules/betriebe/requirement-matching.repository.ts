import { sql, type SQL } from 'drizzle-orm';
import type { RequirementMatchKind } from '@streckenpass/contract/requirements';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import {
  betriebDepots,
  betriebRequirements,
  memberships,
  requirementCoverage,
  requirementLinks,
  routeActivities,
  routeActivityRoutes,
  routes,
  users,
} from '../../db/schema.js';

/** A driver's route as a match names it. */
export interface MatchedRoute {
  id: number;
  name: string;
  validUntil: string | null;
}

/** One requirement of a Betrieb for one member: the member's route that meets it, and the one linked by hand. */
export interface RequirementMatchRow {
  requirementId: number;
  userId: number;
  match: { kind: RequirementMatchKind; route: MatchedRoute } | null;
  link: MatchedRoute | null;
}

interface Row {
  requirement_id: number;
  user_id: number;
  route_id: number | null;
  route_name: string | null;
  valid_until: string | null;
  kind: RequirementMatchKind | null;
  link_id: number | null;
  link_name: string | null;
  link_valid_until: string | null;
}

/** The kinds of match by their rank: what the rule prefers among routes valid equally long. */
const KIND_OF_RANK = sql.raw(`(array['pair', 'section', 'code', 'manual'])[rank + 1]`);

/** The first acquisition that judges a requirement: its own, else its depot's (migration 0023), by primary key. */
const requirementRule = sql`coalesce(${betriebRequirements.firstAcquisition}, (select d.first_acquisition
      from ${betriebDepots} d where d.id = ${betriebRequirements.depotId}))`;

/**
 * The relations the matching rule reads, as common table expressions the caller defines:
 * - `req (id, depot_id, lo, hi, code, line, km_lo, km_hi, ways, rule)`: requirements, with the pair as least/greatest
 *   code, the Kürzel lower case, the line section's km ascending and the requirement's own rules of ways and first
 *   acquisition, the latter else its depot's (null: none; `requirementRelation` makes it from the Betrieb's table);
 * - `mem (membership_id, user_id, depot_id)`: members of that Betrieb whose routes count.
 */
export function requirementRelation(betriebId: number, where: SQL = sql`true`): SQL {
  const r = betriebRequirements;
  return sql`select ${r.id} as id, ${r.depotId} as depot_id, least(${r.startStation}, ${r.endStation}) as lo,
           greatest(${r.startStation}, ${r.endStation}) as hi, lower(${r.companyRoute}) as code,
           ${r.line} as line, least(${r.fromKm}, ${r.toKm}) as km_lo, greatest(${r.fromKm}, ${r.toKm}) as km_hi,
           ${r.keepingWays} as ways, ${requirementRule} as rule
      from ${r} where ${r.betriebId} = ${betriebId} and ${where}`;
}

/**
 * The one rule of requirement matching (issue 28 items 2–4, decision 0046 addendum), for the driver's own view, the
 * Betrieb's matrix, "Wer kann fahren?" and the coverage mail alike. A member's route meets a requirement
 * - by its station pair (rank 0): the route's start and end stations (DS100) are the requirement's, in either
 *   direction;
 * - by its line section (rank 1, issue 29 item 3): the route's path on the network covers the requirement's line
 *   section, but for 0.5 km (`path_covers_section`, migration 0013);
 * - by the Betrieb's code (rank 2): the route's Kürzel is the requirement's (trimmed, case ignored);
 * - by hand (rank 3): the member linked it to the requirement (requirement_links, on their membership).
 * A query over `req` and `mem` (see `requirementRelation`): every (requirement, member, route) that meets it, once per
 * way — one row `candidates (requirement_id, membership_id, route_id, valid_until, rank)` each, from each requirement
 * to its routes through the pair and Kürzel indexes (routes_station_pair_idx, routes_company_route_idx), then to their
 * owners.
 *
 * For the Betrieb's requirements the result is kept: migration 0011's `refresh_requirement_coverage` evaluates the same
 * conditions in the transaction of every write they depend on and stores `bestMatches` in requirement_coverage, which
 * the views read (`keptCoverage`); coverage-kept.test.ts holds the two to each other after every kind of write. Read
 * directly, the rule serves what is no requirement: "Wer kann fahren?" for any station pair.
 */
/**
 * Whether a route (the alias `rt` of the routes table) is still in its first acquisition (issue 41 item 3): it asks
 * one and it is not met. Its `valid_until` is null then, and its cell reads "in Ausbildung" instead of "nie gefahren".
 */
export const routeInTraining = (rt: SQL) => sql`(${rt}.first_acquisition is not null and ${rt}.acquired_on is null)`;

const routeMatches = sql`
      select req.id as requirement_id, mem.membership_id, rt.id as route_id, rt.valid_until, 0 as rank
        from req join ${routes} rt on least(rt.start_station, rt.end_station) = req.lo
                                   and greatest(rt.start_station, rt.end_station) = req.hi
        join mem on mem.user_id = rt.owner_id
      union all
      select req.id, mem.membership_id, rt.id, rt.valid_until, 1
        from req join ${routes} rt
          on rt.path @> jsonb_build_object('sections', jsonb_build_array(jsonb_build_object('line', req.line)))
        join mem on mem.user_id = rt.owner_id
       where req.line is not null and path_covers_section(rt.path, req.line, req.km_lo, req.km_hi)
      union all
      select req.id, mem.membership_id, rt.id, rt.valid_until, 2
        from req join ${routes} rt on lower(rt.company_route) = req.code
        join mem on mem.user_id = rt.owner_id
       where req.code is not null
      union all
      select req.id, mem.membership_id, rt.id, rt.valid_until, 3
        from req join ${requirementLinks} l on l.requirement_id = req.id
        join mem on mem.membership_id = l.membership_id
        join ${routes} rt on rt.id = l.route_id and rt.owner_id = mem.user_id`;

/**
 * A requirement's own rules (issue 41 items 2 and 3, migration 0021): a candidate's validity for it is the route's kept
 * one where the requirement has none; otherwise the route's drives judged by the requirement's ways (else the route's,
 * else the account's) and first acquisition (else the route's own), by `requirement_kept_validity` — called only for
 * those candidates. `training`: a first acquisition asked and not met. The same as the kept table's.
 */
export const matchCandidates = sql`
      select c.requirement_id, c.membership_id, c.route_id, v.valid_until, c.rank, v.training
        from (${routeMatches}) c
        join req on req.id = c.requirement_id
        cross join lateral (
          select c.valid_until, c.valid_until is null and ${routeInTraining(sql`rt`)} as training
            from ${routes} rt where rt.id = c.route_id and req.ways is null and req.rule is null
          union all
          select k.valid_until, k.training from requirement_kept_validity(c.route_id, req.ways, req.rule) k
           where req.ways is not null or req.rule is not null) v`;

/**
 * Of several routes that meet a requirement, the one valid longest counts (then pair before line section before code before hand, then the
 * oldest): what a Disponent wants to know is whether the driver knows the line, not through which of their records.
 * A query over `candidates` (see `matchCandidates`): one row `best (requirement_id, membership_id, route_id,
 * valid_until, kind)` per requirement and member that has a match.
 */
export const bestMatches = sql`
      select distinct on (requirement_id, membership_id)
             requirement_id, membership_id, route_id, valid_until, ${KIND_OF_RANK} as kind, training
        from candidates
       order by requirement_id, membership_id, valid_until desc nulls last, rank, route_id`;

/**
 * Knowledge valid on a day (issue 38 item 6): a drive on or before that day whose validity covers it. `matchCandidates`
 * with each route's `valid_until` as of `date` — the latest end of its drives on or before `date` (null: none by then),
 * so that `bestMatches` over it picks the route valid longest on that day, and `valid_until >= date` says whether it
 * is. A route last driven on or before `date` keeps its stored `valid_until` (the latest end of all its drives). The
 * rules judge as on the kept path (`matchCandidates`): the requirement's ways and first acquisition, else the route's,
 * and a first acquisition met only after `date` was not met on it.
 */
export function candidatesOn(date: string): SQL {
  const day = sql`${date}::date`;
  return sql`
      select c.requirement_id, c.membership_id, c.route_id, c.rank, v.valid_until, v.training
        from (${routeMatches}) c
        join req on req.id = c.requirement_id
        join ${routes} rt on rt.id = c.route_id
        -- The rules that judge the candidate: the requirement's, else the route's (else the account's ways).
        cross join lateral (
          select coalesce(req.rule, rt.first_acquisition) as rule,
                 coalesce(req.ways, rt.keeping_ways, (select u.keeping_ways from ${users} u where u.id = rt.owner_id))
                   as ways) j
        -- When the first acquisition was met: kept for the route's own, computed for the requirement's.
        cross join lateral (
          select case when j.rule is null then null
                      when req.rule is null then rt.acquired_on
                      else route_acquired_on(rt.id, rt.owner_id, j.rule) end as acquired_on) q
        cross join lateral (
          select case when j.rule is not null and (q.acquired_on is null or q.acquired_on > ${day}) then null
                      -- Last driven by then, by the route's own rules: its kept validity.
                      when req.ways is null and req.rule is null and rt.last_driven <= ${day} then rt.valid_until
                      else (select max(a.acquired_until) from ${routeActivityRoutes} ar
                              join ${routeActivities} a on a.id = ar.route_activity_id
                             where ar.route_id = c.route_id and a.acquired_at <= ${day} and a.way = any(j.ways))
                 end as valid_until,
                 j.rule is not null and (q.acquired_on is null or q.acquired_on > ${day}) as training) v`;
}

/**
 * The best match of each requirement in `req` for each member in `mem` on `date`, by the rule of `candidatesOn`:
 * `(requirement_id, membership_id, route_id, valid_until, kind)`, `valid_until` as of `date`. For today or a later
 * day that is the kept coverage (`keptCoverage`: no drive lies after today, the server refuses them); for a past
 * day it is evaluated, since the kept row knows only the latest drive.
 */
export function coverageOn(betriebId: number, date: string, today: string, asked = false): SQL {
  if (date >= today) return keptCoverage(betriebId, asked);
  return sql`with candidates as (${candidatesOn(date)}),
                  best as (${bestMatches})
             select best.* from best join req on req.id = best.requirement_id
               join mem on mem.membership_id = best.membership_id
              where true${asked ? sql` and (req.depot_id is null or req.depot_id = mem.depot_id)` : sql``}`;
}

/**
 * The kept best match (`requirement_coverage`, migration 0011) of each requirement in `req` for each member in `mem`:
 * `(requirement_id, membership_id, route_id, valid_until, kind, training)`; with `asked`, only the requirements asked of each
 * member (the whole Betrieb's and their depot's). The rows are those of `bestMatches` over `matchCandidates`, kept by
 * triggers in the transaction of every write they depend on (coverage.test.ts compares the two).
 */
export function keptCoverage(betriebId: number, asked = false): SQL {
  const c = requirementCoverage;
  return sql`select ${c.requirementId} as requirement_id, ${c.membershipId} as membership_id, ${c.routeId} as route_id,
                    ${c.validUntil} as valid_until, ${c.kind} as kind, ${c.training} as training
               from ${c} join req on req.id = ${c.requirementId} join mem on mem.membership_id = ${c.membershipId}
              where ${c.betriebId} = ${betriebId}${asked ? sql` and (req.depot_id is null or req.depot_id = mem.depot_id)` : sql``}`;
}

/**
 * The rule for all requirements of the Betrieb × the given members (members of the Betrieb only: the join on
 * memberships is the scope), with each member's manual link. Ordered by depot (the whole Betrieb first), start, end,
 * id, then member.
 */
async function requirementMatches(
  ex: Executor,
  betriebId: number,
  userIds: readonly number[],
): Promise<RequirementMatchRow[]> {
  if (userIds.length === 0) return [];
  const r = betriebRequirements;
  const result = await ex.execute(sql`
    with req as (${requirementRelation(betriebId)}),
         mem as (select m.id as membership_id, m.user_id, m.depot_id from ${memberships} m
                  where m.betrieb_id = ${betriebId} and m.user_id in ${userIds}),
         best as (${keptCoverage(betriebId)})
    select ${r.id} as requirement_id, mem.user_id,
           best.route_id, rt.name as route_name, to_char(best.valid_until, 'YYYY-MM-DD') as valid_until, best.kind,
           lr.id as link_id, lr.name as link_name, to_char(lr.valid_until, 'YYYY-MM-DD') as link_valid_until
      from ${r} cross join mem
      left join best on best.requirement_id = ${r.id} and best.membership_id = mem.membership_id
      left join ${routes} rt on rt.id = best.route_id
      left join ${requirementLinks} l on l.requirement_id = ${r.id} and l.membership_id = mem.membership_id
      left join ${routes} lr on lr.id = l.route_id and lr.owner_id = mem.user_id
     where ${r.betriebId} = ${betriebId}
     order by ${r.depotId} asc nulls first, ${r.startStation}, ${r.endStation}, ${r.id}, mem.user_id`);
  return rowsOf<Row>(result).map((row) => ({
    requirementId: Number(row.requirement_id),
    userId: Number(row.user_id),
    match:
      row.route_id === null || row.kind === null
        ? null
        : {
            kind: row.kind,
            route: { id: Number(row.route_id), name: row.route_name ?? '', validUntil: row.valid_until },
          },
    link:
      row.link_id === null
        ? null
        : { id: Number(row.link_id), name: row.link_name ?? '', validUntil: row.link_valid_until },
  }));
}

/** The rows of a raw statement (`execute`), typed. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

declare module 'fastify' {
  interface FastifyInstance {
    requirementMatchingRepository: RequirementMatchingRepository;
  }
}

/**
 * The matching rule's own reads (decision 0046 addendum), for the repositories of requirements and of the matrix (the
 * rule for vehicle types: vehicle-matching.repository.ts):
 * each takes the executor of the caller's statement (its transaction) or reads on its own.
 */
export function createRequirementMatchingRepository(db: Executor) {
  return {
    /** Every requirement of the Betrieb × the given members: the best match and the manual link. */
    matches: (betriebId: number, userIds: readonly number[], ex: Executor = db) =>
      requirementMatches(ex, betriebId, userIds),
  };
}

export type RequirementMatchingRepository = ReturnType<typeof createRequirementMatchingRepository>;

export default repositoryPlugin('requirementMatchingRepository', (app) => createRequirementMatchingRepository(app.db));
