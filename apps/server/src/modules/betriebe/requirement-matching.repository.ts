import { sql, type SQL } from 'drizzle-orm';
import type { RequirementMatchKind } from '@streckenpass/contract/requirements';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import {
  betriebRequirements,
  betriebVehicleRequirements,
  memberships,
  requirementCoverage,
  requirementLinks,
  routeActivities,
  routeActivityRoutes,
  routes,
  users,
  vehicles,
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

/**
 * The relations the matching rule reads, as common table expressions the caller defines:
 * - `req (id, depot_id, lo, hi, code, line, km_lo, km_hi)`: requirements, with the pair as least/greatest code, the
 *   Kürzel lower case and the line section's km ascending (`requirementRelation` makes it from the Betrieb's table);
 * - `mem (membership_id, user_id, depot_id)`: members of that Betrieb whose routes count.
 */
export function requirementRelation(betriebId: number, where: SQL = sql`true`): SQL {
  const r = betriebRequirements;
  return sql`select ${r.id} as id, ${r.depotId} as depot_id, least(${r.startStation}, ${r.endStation}) as lo,
           greatest(${r.startStation}, ${r.endStation}) as hi, lower(${r.companyRoute}) as code,
           ${r.line} as line, least(${r.fromKm}, ${r.toKm}) as km_lo, greatest(${r.fromKm}, ${r.toKm}) as km_hi
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
export const matchCandidates = sql`
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
 * Of several routes that meet a requirement, the one valid longest counts (then pair before line section before code before hand, then the
 * oldest): what a Disponent wants to know is whether the driver knows the line, not through which of their records.
 * A query over `candidates` (see `matchCandidates`): one row `best (requirement_id, membership_id, route_id,
 * valid_until, kind)` per requirement and member that has a match.
 */
export const bestMatches = sql`
      select distinct on (requirement_id, membership_id)
             requirement_id, membership_id, route_id, valid_until, ${KIND_OF_RANK} as kind
        from candidates
       order by requirement_id, membership_id, valid_until desc nulls last, rank, route_id`;

/**
 * Knowledge valid on a day (issue 38 item 6): a drive on or before that day whose validity covers it. `matchCandidates`
 * with each route's `valid_until` as of `date` — the latest end of its drives on or before `date` (null: none by then),
 * so that `bestMatches` over it picks the route valid longest on that day, and `valid_until >= date` says whether it
 * is. A route last driven on or before `date` keeps its stored `valid_until` (the latest end of all its drives).
 */
export function candidatesOn(date: string): SQL {
  return sql`
      select c.requirement_id, c.membership_id, c.route_id, c.rank,
             case when rt.last_driven <= ${date}::date then rt.valid_until
                  else (select max(a.acquired_until) from ${routeActivityRoutes} ar
                          join ${routeActivities} a on a.id = ar.route_activity_id
                         where ar.route_id = c.route_id and a.acquired_at <= ${date}::date
                           -- Only the ways the route's rule (else its owner's) keeps, as the kept validity
                           -- (migration 0018).
                           and a.way = any(coalesce(rt.keeping_ways,
                                 (select u.keeping_ways from ${users} u where u.id = rt.owner_id)))) end as valid_until
        from (${matchCandidates}) c join ${routes} rt on rt.id = c.route_id`;
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
 * `(requirement_id, membership_id, route_id, valid_until, kind)`; with `asked`, only the requirements asked of each
 * member (the whole Betrieb's and their depot's). The rows are those of `bestMatches` over `matchCandidates`, kept by
 * triggers in the transaction of every write they depend on (coverage.test.ts compares the two).
 */
export function keptCoverage(betriebId: number, asked = false): SQL {
  const c = requirementCoverage;
  return sql`select ${c.requirementId} as requirement_id, ${c.membershipId} as membership_id, ${c.routeId} as route_id,
                    ${c.validUntil} as valid_until, ${c.kind} as kind
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

/** One required vehicle type for one member: the member's vehicle of that type, if any. */
export interface VehicleRequirementMatchRow {
  requirementId: number;
  vehicleType: string;
  userId: number;
  vehicle: { id: number; name: string } | null;
}

/** A vehicle's name or a type as the rule compares them: lower case, without blanks. */
const vehicleKey = (value: SQL) => sql`lower(regexp_replace(${value}, '[[:space:]]+', '', 'g'))`;

/**
 * The rule for required vehicle types, for the driver's view, "Wer kann fahren?" and the matrix alike: a member's
 * vehicle meets a required type when its name is the type, case and blanks ignored ("BR218" is "br 218"); of
 * several, the oldest. A statement (id, name) for a lateral join: the vehicle of `ownerId` that meets `vehicleType`.
 */
export function vehicleOfType(ownerId: SQL, vehicleType: SQL): SQL {
  return sql`select v.id, v.name from ${vehicles} v
     where v.owner_id = ${ownerId} and ${vehicleKey(sql`v.name`)} = ${vehicleKey(vehicleType)}
     order by v.id
     limit 1`;
}

/**
 * All required types of the Betrieb × the given members, each with the member's vehicle of that type
 * (`vehicleOfType`), in one statement (scoped by the join on memberships).
 */
async function vehicleRequirementMatches(
  ex: Executor,
  betriebId: number,
  userIds: readonly number[],
): Promise<VehicleRequirementMatchRow[]> {
  if (userIds.length === 0) return [];
  const r = betriebVehicleRequirements;
  const result = await ex.execute(sql`
    select ${r.id} as requirement_id, ${r.vehicleType} as vehicle_type, m.user_id, best.id as vehicle_id, best.name as vehicle_name
      from ${r}
      join ${memberships} m on m.betrieb_id = ${r.betriebId} and m.user_id in ${userIds}
      left join lateral (${vehicleOfType(sql`m.user_id`, sql`${r.vehicleType}`)}) best on true
     where ${r.betriebId} = ${betriebId}
     order by ${r.id}, m.user_id`);
  type Row = {
    requirement_id: number;
    vehicle_type: string;
    user_id: number;
    vehicle_id: number | null;
    vehicle_name: string | null;
  };
  return rowsOf<Row>(result).map((row) => ({
    requirementId: Number(row.requirement_id),
    vehicleType: row.vehicle_type,
    userId: Number(row.user_id),
    vehicle: row.vehicle_id === null ? null : { id: Number(row.vehicle_id), name: row.vehicle_name ?? '' },
  }));
}

declare module 'fastify' {
  interface FastifyInstance {
    requirementMatchingRepository: RequirementMatchingRepository;
  }
}

/**
 * The matching rule's own reads (decision 0046 addendum), for the repositories of requirements and of the matrix:
 * each takes the executor of the caller's statement (its transaction) or reads on its own.
 */
export function createRequirementMatchingRepository(db: Executor) {
  return {
    /** Every requirement of the Betrieb × the given members: the best match and the manual link. */
    matches: (betriebId: number, userIds: readonly number[], ex: Executor = db) =>
      requirementMatches(ex, betriebId, userIds),
    /** Every required vehicle type of the Betrieb × the given members: the member's vehicle of that type. */
    vehicleMatches: (betriebId: number, userIds: readonly number[], ex: Executor = db) =>
      vehicleRequirementMatches(ex, betriebId, userIds),
  };
}

export type RequirementMatchingRepository = ReturnType<typeof createRequirementMatchingRepository>;

export default repositoryPlugin('requirementMatchingRepository', (app) => createRequirementMatchingRepository(app.db));
