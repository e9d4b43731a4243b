import { toIri } from '@streckenpass/contract/common';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { VehicleActivity } from '@streckenpass/contract/vehicle-activities';

/**
 * "Zuletzt dokumentiert am" of a vehicle: the latest acquiredAt among the route activities its vehicle activities
 * point at; null when it was never documented.
 */
export function lastDocumentedAt(
  vehicleIri: string,
  vehicleActivities: readonly Pick<VehicleActivity, 'acquiredVehicles' | 'routeActivity'>[],
  routeActivities: readonly Pick<RouteActivity, 'id' | 'acquiredAt'>[],
): string | null {
  const linked = new Set(
    vehicleActivities
      .filter((activity) => activity.acquiredVehicles.includes(vehicleIri))
      .map((activity) => activity.routeActivity),
  );
  let latest: string | null = null;
  for (const activity of routeActivities) {
    if (!linked.has(toIri('route_activities', activity.id))) continue;
    // YYYY-MM-DD compares correctly as text.
    if (latest === null || activity.acquiredAt > latest) latest = activity.acquiredAt;
  }
  return latest;
}
