import { parseIri } from '@streckenpass/contract/common';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { VehicleActivity } from '@streckenpass/contract/vehicle-activities';

/** The route ids of an activity, in its order. */
export function routeIdsOf(activity: Pick<RouteActivity, 'acquiredRoutes'>): number[] {
  return activity.acquiredRoutes.flatMap((iri) => {
    const id = parseIri('routes', iri);
    return id === null ? [] : [id];
  });
}

/** Route activity id → the distinct vehicle ids of its vehicle activities. */
export function vehiclesByActivity(vehicleActivities: readonly VehicleActivity[]): Map<number, number[]> {
  const result = new Map<number, Set<number>>();
  for (const vehicleActivity of vehicleActivities) {
    const activityId = parseIri('route_activities', vehicleActivity.routeActivity);
    if (activityId === null) continue;
    const vehicles = result.get(activityId) ?? new Set<number>();
    for (const iri of vehicleActivity.acquiredVehicles) {
      const vehicleId = parseIri('vehicles', iri);
      if (vehicleId !== null) vehicles.add(vehicleId);
    }
    result.set(activityId, vehicles);
  }
  return new Map([...result].map(([id, vehicles]) => [id, [...vehicles]]));
}
