import { sql, type SQL } from 'drizzle-orm';
import type { RequirementMatchKind } from '@streckenpass/contract/requirements';
import type { Executor } from '../../db/client.js';
import {
  betriebRequirements,
  betriebVehicleRequirements,
  memberships,
  requirementLinks,
  routes,
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

/**
 * The one rule of requirement matching (issue 28 item 2, decision 0046 addendum), for the driver's own view and the
 * Betrieb's matrix alike. A member's route meets a requirement
 * - by its station pair: the route's start and end stations (DS100) are the requirement's, in either direction;
 * - by the Betrieb's code: the route's Kürzel is the requirement's (trimmed, case ignored);
 * - by hand: the member linked it to the requirement (requirement_links, on their membership).
 * Of several routes that meet it, the one valid longest counts (then pair before code before hand, then the oldest):
 * what a Disponent wants to know is whether the driver knows the line, not through which of their records.
 *
 * One statement for all requirements of the Betrieb × the given members (members of the Betrieb only: the join on
 * memberships is the scope), each member's routes found through the owner index. Ordered by depot (the whole
 * Betrieb first), start, end, id.
 */
export async function requirementMatches(
  ex: Executor,
  betriebId: number,
  userIds: readonly number[],
): Promise<RequirementMatchRow[]> {
  if (userIds.length === 0) return [];
  const r = betriebRequirements;
  const pair = sql`(
      (rt.start_station = ${r.startStation} and rt.end_station = ${r.endStation})
      or (rt.start_station = ${r.endStation} and rt.end_station = ${r.startStation}))`;
  const code = sql`(${r.companyRoute} is not null and lower(rt.company_route) = lower(${r.companyRoute}))`;
  const result = await ex.execute(sql`
    select ${r.id} as requirement_id, m.user_id,
           best.id as route_id, best.name as route_name, best.valid_until, best.kind,
           lr.id as link_id, lr.name as link_name, to_char(lr.valid_until, 'YYYY-MM-DD') as link_valid_until
      from ${r}
      join ${memberships} m on m.betrieb_id = ${r.betriebId} and m.user_id in ${userIds}
      left join ${requirementLinks} l on l.requirement_id = ${r.id} and l.membership_id = m.id
      left join ${routes} lr on lr.id = l.route_id and lr.owner_id = m.user_id
      left join lateral (
        select rt.id, rt.name, to_char(rt.valid_until, 'YYYY-MM-DD') as valid_until,
               case when ${pair} then 'pair' when ${code} then 'code' else 'manual' end as kind
          from ${routes} rt
         where rt.owner_id = m.user_id and (${pair} or ${code} or rt.id = lr.id)
         order by rt.valid_until desc nulls last,
                  case when ${pair} then 0 when ${code} then 1 else 2 end,
                  rt.id
         limit 1
      ) best on true
     where ${r.betriebId} = ${betriebId}
     order by ${r.depotId} asc nulls first, ${r.startStation}, ${r.endStation}, ${r.id}, m.user_id`);
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
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

/** One required vehicle type for one member: the member's vehicle of that type, if any. */
export interface VehicleRequirementMatchRow {
  requirementId: number;
  userId: number;
  vehicle: { id: number; name: string } | null;
}

/**
 * The rule for required vehicle types, for the driver's view and the later matrix alike: a member's vehicle meets a
 * required type when its name is the type, case and blanks ignored ("BR218" is "br 218"); of several, the oldest.
 * One statement for all required types of the Betrieb × the given members (scoped by the join on memberships).
 */
export async function vehicleRequirementMatches(
  ex: Executor,
  betriebId: number,
  userIds: readonly number[],
): Promise<VehicleRequirementMatchRow[]> {
  if (userIds.length === 0) return [];
  const r = betriebVehicleRequirements;
  const key = (value: SQL) => sql`lower(regexp_replace(${value}, '[[:space:]]+', '', 'g'))`;
  const result = await ex.execute(sql`
    select ${r.id} as requirement_id, m.user_id, best.id as vehicle_id, best.name as vehicle_name
      from ${r}
      join ${memberships} m on m.betrieb_id = ${r.betriebId} and m.user_id in ${userIds}
      left join lateral (
        select v.id, v.name from ${vehicles} v
         where v.owner_id = m.user_id and ${key(sql`v.name`)} = ${key(sql`${r.vehicleType}`)}
         order by v.id
         limit 1
      ) best on true
     where ${r.betriebId} = ${betriebId}
     order by ${r.id}, m.user_id`);
  type Row = { requirement_id: number; user_id: number; vehicle_id: number | null; vehicle_name: string | null };
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    requirementId: Number(row.requirement_id),
    userId: Number(row.user_id),
    vehicle: row.vehicle_id === null ? null : { id: Number(row.vehicle_id), name: row.vehicle_name ?? '' },
  }));
}
