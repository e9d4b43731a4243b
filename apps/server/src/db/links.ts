import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { IriKind } from '@streckenpass/contract/common';
import { LIMITS } from '@streckenpass/contract/limits';
import type { LinkTable } from './owned.js';
import type { Quota } from './quota.js';
import {
  routeActivities,
  routeActivityRoutes,
  routes,
  tourRoutes,
  tours,
  vehicleActivities,
  vehicleActivityVehicles,
  vehicles,
} from './schema.js';

// The link tables between owned records, declared once for the repositories (writes, quotas) and the backup
// sections (pages, bulk inserts).

/** A link table seen from its parent: the IRI kind of the children and the account's limit of such links. */
export interface OwnedLink extends LinkTable {
  kind: IriKind;
  /** How many links of this kind an account's records may hold in all (packages/contract/src/limits.ts). */
  quota: Quota;
}

const tourRoutesQuota: Quota = { limit: LIMITS.tourRoutesPerAccount, label: 'Strecken in allen Touren' };

/** A tour's routes. */
export const tourRoutesLink: OwnedLink = {
  table: tourRoutes,
  parent: tours,
  parentColumn: tourRoutes.tourId,
  child: routes,
  childColumn: tourRoutes.routeId,
  kind: 'routes',
  quota: tourRoutesQuota,
};

/** The same rows from the other end: a route's tours. */
export const routeToursLink: OwnedLink = {
  table: tourRoutes,
  parent: routes,
  parentColumn: tourRoutes.routeId,
  child: tours,
  childColumn: tourRoutes.tourId,
  kind: 'tours',
  quota: tourRoutesQuota,
};

/** The routes of a drive (route activity). */
export const routeActivityRoutesLink: OwnedLink = {
  table: routeActivityRoutes,
  parent: routeActivities,
  parentColumn: routeActivityRoutes.routeActivityId,
  child: routes,
  childColumn: routeActivityRoutes.routeId,
  // The routes' kept validity follows every change of an activity's routes and dates (migration 0001).
  childLock: 'no key update',
  kind: 'routes',
  quota: { limit: LIMITS.driveRoutesPerAccount, label: 'Strecken in allen Fahrten' },
};

/** The vehicles of a vehicle activity. */
export const vehicleActivityVehiclesLink: OwnedLink = {
  table: vehicleActivityVehicles,
  parent: vehicleActivities,
  parentColumn: vehicleActivityVehicles.vehicleActivityId,
  child: vehicles,
  childColumn: vehicleActivityVehicles.vehicleId,
  kind: 'vehicles',
  quota: { limit: LIMITS.driveVehiclesPerAccount, label: 'Fahrzeuge in allen Fahrzeugeinträgen' },
};

/**
 * The ids a record links to through `link`, ascending (`{}` when none), as a column of a select from the parent
 * table. Written out with an alias: in a single-table select Drizzle leaves column names unqualified, so a
 * correlated subquery built from column objects could bind "id" to the link table instead of the parent.
 */
export function linkedIdsColumn(link: LinkTable): SQL<number[]> {
  const child = sql.identifier(link.childColumn.name);
  return sql<number[]>`coalesce(
    (select array_agg(l.${child} order by l.${child})
       from ${sql.identifier(getTableName(link.table))} l
      where l.${sql.identifier(link.parentColumn.name)} = ${sql.identifier(getTableName(link.parent))}.${sql.identifier(link.parent.id.name)}),
    '{}'::integer[]
  )`;
}
