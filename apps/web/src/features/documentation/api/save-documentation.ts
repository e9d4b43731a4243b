import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toIri } from '@streckenpass/contract/common';
import { CHANNEL_HEADER, type ClientChannel } from '@streckenpass/contract/history';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { VehicleActivity } from '@streckenpass/contract/vehicle-activities';
import { useRef } from 'react';
import { api } from '../../../lib/api-client';
import { useInvalidateRecords } from '../../../lib/use-invalidate-records';
import type { DocumentationPlan } from '../documentation';
import { applySavedDocumentation } from './apply-saved-documentation';

/** The route activity was saved, the vehicle activity was not. */
export class VehiclesNotSavedError extends Error {
  constructor(
    public readonly activity: RouteActivity,
    public readonly reason: unknown,
  ) {
    super('Die Fahrzeuge wurden nicht gespeichert.');
    this.name = 'VehiclesNotSavedError';
  }
}

export interface SavedDocumentation {
  activity: RouteActivity;
  vehicleActivity: VehicleActivity | null;
}

/** Idempotency-Keys of one save; a retry of the same plan sends the same keys. */
export interface SaveKeys {
  routes: string;
  vehicles: string;
}

/**
 * The headers of one save: its Idempotency-Key and, for the quick record and the outbox, the channel the records'
 * history names (issue 27; the documentation page's saves are the API's).
 */
const headersOf = (key: string, channel?: ClientChannel) => ({
  headers: { 'idempotency-key': key, ...(channel ? { [CHANNEL_HEADER]: channel } : {}) },
});

/**
 * "Dokumentation speichern": one route activity for all routes, then – with vehicles – one vehicle activity linked
 * to it. Both POSTs carry an Idempotency-Key: repeating a save whose answer got lost, or whose vehicle part
 * failed, records the routes only once. `channel`: `quick` from "Heute gefahren", `outbox` when the offline queue
 * sends it.
 */
export async function saveDocumentation(
  plan: DocumentationPlan,
  keys: SaveKeys,
  channel?: ClientChannel,
): Promise<SavedDocumentation> {
  const activity = await api.post<RouteActivity>(
    '/api/route_activities',
    {
      acquiredAt: plan.acquiredAt,
      // Absent by the rule: the server sets the end date from the routes' and the account's rules.
      ...(plan.acquiredUntil ? { acquiredUntil: plan.acquiredUntil } : {}),
      acquiredRoutes: plan.acquiredRoutes,
      // Way, time and direction as the driver gave them (absent in a plan an older build queued: driven, no time).
      ...(plan.way ? { way: plan.way } : {}),
      ...(plan.time ? { time: plan.time } : {}),
      ...(plan.direction ? { direction: plan.direction } : {}),
    },
    headersOf(keys.routes, channel),
  );
  if (plan.acquiredVehicles.length === 0) return { activity, vehicleActivity: null };
  try {
    const vehicleActivity = await api.post<VehicleActivity>(
      '/api/vehicle_activities',
      { acquiredVehicles: plan.acquiredVehicles, routeActivity: toIri('route_activities', activity.id) },
      headersOf(keys.vehicles, channel),
    );
    return { activity, vehicleActivity };
  } catch (error) {
    throw new VehiclesNotSavedError(activity, error);
  }
}

function randomKey(): string {
  // randomUUID needs a secure context; an installation reached over plain HTTP on a LAN address has none.
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** A short stable fingerprint (FNV-1a), so keys stay within the 100 characters the server accepts. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Fresh keys for a plan that is saved for the first time. */
export function newSaveKeys(plan: DocumentationPlan, key = `doc-${randomKey()}`): SaveKeys {
  return { routes: key, vehicles: `${key}-v-${fingerprint(plan.acquiredVehicles.join())}` };
}

export function useSaveDocumentation(channel?: ClientChannel) {
  const invalidate = useInvalidateRecords();
  const queryClient = useQueryClient();
  // The routes part of a plan keeps its key until it is saved completely.
  const pending = useRef<{ routes: string; key: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (plan: DocumentationPlan) => {
      const routes = JSON.stringify([
        plan.acquiredAt,
        plan.acquiredUntil,
        plan.acquiredRoutes,
        plan.way,
        plan.time,
        plan.direction,
      ]);
      if (pending.current?.routes !== routes) pending.current = { routes, key: `doc-${randomKey()}` };
      return saveDocumentation(plan, newSaveKeys(plan, pending.current.key), channel);
    },
    // Every stored view shows the save before anything else happens (offline right after a save).
    onSuccess: (saved) => {
      pending.current = null;
      applySavedDocumentation(queryClient, saved);
    },
    // A partly saved documentation changed data too.
    onError: (error) => {
      if (error instanceof VehiclesNotSavedError) {
        applySavedDocumentation(queryClient, { activity: error.activity, vehicleActivity: null });
      } else void invalidate();
    },
  });
  return {
    ...mutation,
    /** The keys the last attempt of `plan` used, so a queued retry cannot record it twice. */
    keysFor: (plan: DocumentationPlan): SaveKeys => newSaveKeys(plan, pending.current?.key),
    /** Forgets the keys after the plan went to the offline queue. */
    forget: () => {
      pending.current = null;
    },
  };
}
