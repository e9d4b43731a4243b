import { sql, type SQL } from 'drizzle-orm';
import { consentCoversDriveDetails } from '@streckenpass/contract/betrieb-consent';
import { BETRIEB_DRIVER_DRIVES_SHOWN, type BetriebDriver } from '@streckenpass/contract/betrieb-driver';
import type { DriveDirection, DriveWay } from '@streckenpass/contract/drive-ways';
import {
  acquisitionProgress,
  type AcquisitionDrive,
  type FirstAcquisition,
} from '@streckenpass/contract/first-acquisition';
import { isBackdated } from '@streckenpass/contract/knowledge';
import { matrixCellOf } from '@streckenpass/contract/matrix';
import { effectiveValidityDays, validityRuleLabel } from '@streckenpass/contract/notifications';
import type { RequirementMatchKind } from '@streckenpass/contract/requirements';
import { accountRuleLabel, BETRIEB_MEMBER_READER_ROLES } from '@streckenpass/contract/terms';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import {
  betriebDepots,
  memberships,
  routeActivities,
  routeActivityRoutes,
  routes,
  users,
  vehicleActivities,
  vehicleActivityVehicles,
  vehicles,
} from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { memberName } from '../../lib/member-name.js';
import { depotOf, isMember } from './betriebe.repository.js';
import type { RequirementsRepository } from './requirements.repository.js';
import { keptCoverage, requirementRelation, routeInTraining, rowsOf } from './requirement-matching.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    betriebDriverRepository: BetriebDriverRepository;
  }
}

/*
 * One driver's record as the Betrieb sees it (issue 38 item 13): exactly what the consent lists (contract
 * betrieb-driver.ts). Every statement starts from `target`: the membership `itemId` of the Betrieb with the role
 * `driver`, and only while the caller is an admin, Disponent or examiner of that Betrieb (`isMember`) — so a driver who left
 * (membership gone), an admin's or Disponent's own record (not shared, decision 0046 addendum) and every caller
 * without the role read nothing. All statements run in one read-only snapshot.
 */

/** The staff and the examiner, who must see the driver whose knowledge they attest (issue 41 item 5). */
const READERS = BETRIEB_MEMBER_READER_ROLES;

/** The driver, scoped by the caller's role and the driver's current membership. */
function target(betriebId: number, readerId: number, membershipId: number): SQL {
  return sql`select m.id as membership_id, m.user_id, m.role, m.depot_id, d.name as depot_name, u.firstname,
                    u.lastname, u.validity_days, u.vehicle_validity_days, m.consent_version
               from ${memberships} m join ${users} u on u.id = m.user_id
               left join ${betriebDepots} d on d.id = m.depot_id
              where m.betrieb_id = ${betriebId} and m.id = ${membershipId} and m.role = 'driver'
                and ${isMember(betriebId, readerId, READERS)}`;
}

interface TargetRow {
  membership_id: number;
  user_id: number;
  role: 'driver';
  depot_id: number | null;
  depot_name: string | null;
  firstname: string | null;
  lastname: string | null;
  validity_days: number;
  vehicle_validity_days: number | null;
  consent_version: number;
}

/** A rule as the route and vehicle pages print it: the own one, or the account's ("wie im Konto: …"). */
const ruleLabel = (own: number | null, accountDefault: number | null) =>
  own !== null
    ? validityRuleLabel(effectiveValidityDays(own, accountDefault))
    : accountRuleLabel(validityRuleLabel(accountDefault));

export function createBetriebDriverRepository(
  db: Executor,
  requirements: Pick<RequirementsRepository, 'listFiltered'>,
  timeZone: string,
) {
  return {
    /** The driver's page (404 when there is none for this caller), with the states of `asOf` (today). */
    async find(betriebId: number, readerId: number, membershipId: number, asOf: string): Promise<BetriebDriver> {
      const scope = target(betriebId, readerId, membershipId);
      const read = await db.transaction(async (tx) => {
        await tx.execute(sql`set transaction isolation level repeatable read, read only`);
        const [driver] = rowsOf<TargetRow>(await tx.execute(scope));
        if (!driver) return undefined;
        const owner = sql`(select user_id from t)`;
        const routeRows = await tx.execute(sql`
          with t as (${scope})
          select r.id, r.name, r.company_route, r.start_point, r.end_point, r.validity_days,
                 to_char(r.valid_until, 'YYYY-MM-DD') as valid_until, r.first_acquisition,
                 to_char(r.acquired_on, 'YYYY-MM-DD') as acquired_on,
                 coalesce(r.start_station = r.end_station, false) as place,
                 -- The drives a first acquisition counts (with a direction), for the progress of a route in training.
                 case when ${routeInTraining(sql`r`)} then coalesce((
                   select json_agg(json_build_object('acquiredAt', to_char(a.acquired_at, 'YYYY-MM-DD'),
                                                     'direction', a.direction, 'dark', a.dark))
                     from ${routeActivityRoutes} ar join ${routeActivities} a on a.id = ar.route_activity_id
                    where ar.route_id = r.id and a.owner_id = r.owner_id
                      and (a.direction is not null or r.start_station = r.end_station)), '[]'::json)
                 end as acquisition_drives
            from ${routes} r where r.owner_id = ${owner}
           order by r.name collate "und-x-icu", r.id`);
        const driveRows = await tx.execute(sql`
          with t as (${scope})
          select a.id, to_char(a.acquired_at, 'YYYY-MM-DD') as driven_on,
                 to_char(a.acquired_until, 'YYYY-MM-DD') as valid_until,
                 to_char(a.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as recorded_at,
                 a.way, a.drive_time, a.direction, a.dark,
                 count(*) over ()::integer as total,
                 coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name, r.id)
                             from ${routeActivityRoutes} ar join ${routes} r on r.id = ar.route_id
                            where ar.route_activity_id = a.id and r.owner_id = a.owner_id), '[]'::json) as routes,
                 coalesce((select json_agg(json_build_object('id', v.id, 'name', v.name) order by v.name, v.id)
                             from ${vehicleActivities} va
                             join ${vehicleActivityVehicles} vv on vv.vehicle_activity_id = va.id
                             join ${vehicles} v on v.id = vv.vehicle_id
                            where va.route_activity_id = a.id and v.owner_id = a.owner_id), '[]'::json) as vehicles
            from ${routeActivities} a where a.owner_id = ${owner}
           order by a.acquired_at desc, a.id desc
           limit ${BETRIEB_DRIVER_DRIVES_SHOWN}`);
        const vehicleRows = await tx.execute(sql`
          with t as (${scope})
          select v.id, v.name, v.validity_days,
                 (select to_char(max(a.acquired_at), 'YYYY-MM-DD') from ${vehicleActivities} va
                    join ${vehicleActivityVehicles} vv on vv.vehicle_activity_id = va.id
                    join ${routeActivities} a on a.id = va.route_activity_id
                   where vv.vehicle_id = v.id) as last_driven,
                 (select count(distinct va.route_activity_id)::integer from ${vehicleActivities} va
                    join ${vehicleActivityVehicles} vv on vv.vehicle_activity_id = va.id
                   where vv.vehicle_id = v.id) as drives
            from ${vehicles} v where v.owner_id = ${owner}
           order by v.name collate "und-x-icu", v.id`);
        // The requirements asked of the driver (the whole Betrieb's and their depot's) and the kept best match.
        const coverageRows = await tx.execute(sql`
          with req as (${requirementRelation(betriebId)}),
               mem as (select membership_id, user_id, depot_id from (${scope}) t),
               best as (${keptCoverage(betriebId, true)})
          select best.requirement_id, best.route_id, r.name as route_name, best.kind,
                 to_char(best.valid_until, 'YYYY-MM-DD') as valid_until, best.training
            from best join ${routes} r on r.id = best.route_id`);
        return { driver, routeRows, driveRows, vehicleRows, coverageRows };
      });
      if (!read) throw notFound('Fahrer/in nicht gefunden.');
      const { driver } = read;
      // Outside the transaction: PGlite has one connection. Scoped by the reader's membership again.
      const asked = (await requirements.listFiltered(betriebId, readerId, {})).filter(
        (requirement) => requirement.depot === null || requirement.depot.id === Number(driver.depot_id),
      );

      type RouteRow = {
        id: number;
        name: string;
        company_route: string | null;
        start_point: string;
        end_point: string;
        validity_days: number | null;
        valid_until: string | null;
        first_acquisition: FirstAcquisition | null;
        acquired_on: string | null;
        acquisition_drives: AcquisitionDrive[] | null;
        place: boolean;
      };
      type Named = { id: number; name: string };
      type DriveRow = {
        id: number;
        driven_on: string;
        valid_until: string;
        recorded_at: string | null;
        total: number;
        routes: Named[];
        vehicles: Named[];
        way: DriveWay;
        drive_time: string | null;
        direction: DriveDirection | null;
        dark: boolean | null;
      };
      type VehicleRow = {
        id: number;
        name: string;
        validity_days: number | null;
        last_driven: string | null;
        drives: number;
      };
      type CoverageRow = {
        requirement_id: number;
        route_id: number;
        route_name: string;
        kind: RequirementMatchKind;
        valid_until: string | null;
        training: boolean;
      };
      const drives = rowsOf<DriveRow>(read.driveRows);
      // What version 2 of the consent added is shown only to a Betrieb whose member agreed to it.
      const details = consentCoversDriveDetails(Number(driver.consent_version));
      const coverage = new Map(rowsOf<CoverageRow>(read.coverageRows).map((row) => [Number(row.requirement_id), row]));
      return {
        membershipId: Number(driver.membership_id),
        name: memberName(driver),
        role: driver.role,
        depot: depotOf(driver.depot_id === null ? null : Number(driver.depot_id), driver.depot_name),
        asOf,
        routes: rowsOf<RouteRow>(read.routeRows).map((row) => ({
          id: Number(row.id),
          name: row.name,
          companyRoute: row.company_route,
          startPoint: row.start_point,
          endPoint: row.end_point,
          validUntil: row.valid_until,
          validityRule: ruleLabel(row.validity_days, driver.validity_days),
          ...(details && {
            acquisition: row.first_acquisition && {
              rule: row.first_acquisition,
              acquiredOn: row.acquired_on,
              progress: acquisitionProgress(row.first_acquisition, row.acquisition_drives ?? [], asOf, row.place),
            },
          }),
        })),
        drives: drives.map((row) => ({
          id: Number(row.id),
          drivenOn: row.driven_on,
          validUntil: row.valid_until,
          recordedAt: row.recorded_at,
          backdated: isBackdated(row.driven_on, row.recorded_at, timeZone),
          routes: row.routes.map((route) => ({ id: Number(route.id), name: route.name })),
          vehicles: row.vehicles.map((vehicle) => ({ id: Number(vehicle.id), name: vehicle.name })),
          ...(details && { way: row.way, time: row.drive_time, direction: row.direction, dark: row.dark }),
        })),
        drivesTotal: Number(drives[0]?.total ?? 0),
        vehicles: rowsOf<VehicleRow>(read.vehicleRows).map((row) => ({
          id: Number(row.id),
          name: row.name,
          validityRule: ruleLabel(row.validity_days, driver.vehicle_validity_days),
          lastDriven: row.last_driven,
          drives: Number(row.drives),
        })),
        requirements: asked.map((requirement) => {
          const match = coverage.get(requirement.id);
          return {
            requirement,
            ...matrixCellOf(
              match && {
                validUntil: match.valid_until,
                route: { id: Number(match.route_id), name: match.route_name },
                kind: match.kind,
                training: match.training,
              },
              asOf,
            ),
          };
        }),
      };
    },
  };
}

export type BetriebDriverRepository = ReturnType<typeof createBetriebDriverRepository>;

export default repositoryPlugin(
  'betriebDriverRepository',
  (app) => createBetriebDriverRepository(app.db, app.requirementsRepository, app.config.timezone),
  ['requirementsRepository'],
);
