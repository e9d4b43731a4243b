import { parseIri } from '@streckenpass/contract/common';
import {
  FUTURE_DATE_MESSAGE,
  isCalendarDate,
  isValidityRange,
  VALIDITY_RANGE_MESSAGE,
} from '@streckenpass/contract/knowledge';
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

export interface ActivityDates {
  acquiredAt: string;
  acquiredUntil: string;
}

/**
 * Field errors of the date form; empty when the dates can be saved. A drive date after `today` is refused as the
 * server refuses it, unless it is the date the activity already has (`storedAt`: stored before that rule).
 */
export function activityDateErrors(
  { acquiredAt, acquiredUntil }: ActivityDates,
  today: string,
  storedAt?: string,
): Partial<ActivityDates> {
  const errors: Partial<ActivityDates> = {};
  if (!isCalendarDate(acquiredAt)) errors.acquiredAt = 'Bitte ein gültiges Datum eingeben.';
  else if (acquiredAt > today && acquiredAt !== storedAt) errors.acquiredAt = FUTURE_DATE_MESSAGE;
  if (!isCalendarDate(acquiredUntil)) errors.acquiredUntil = 'Bitte ein gültiges Datum eingeben.';
  if (!errors.acquiredAt && !errors.acquiredUntil && !isValidityRange(acquiredAt, acquiredUntil)) {
    errors.acquiredUntil = VALIDITY_RANGE_MESSAGE;
  }
  return errors;
}
