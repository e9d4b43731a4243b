import { RECORD_KINDS, recordKindNames, type RecordKind } from '@streckenpass/contract/record-kinds';
import type { RecordKindDeclaration } from '@streckenpass/contract/record-kinds';

/**
 * The keys of one kind of owned record: everything, the list, one record, one record's history ("Verlauf", issue
 * 27; beside the record's key, so that forgetting a deleted record's detail leaves it alone). `lib/record-api.ts`
 * uses them.
 */
function recordKindKeys<const Kind extends string>(kind: Kind) {
  return {
    all: [kind] as const,
    list: () => [kind, 'list'] as const,
    detail: (id: number) => [kind, 'detail', id] as const,
    history: (id: number) => [kind, 'history', id] as const,
  };
}

/**
 * The keys of a declared kind (contract `record-kinds.ts`), under its name in kebab case (`route_activities` →
 * `['route-activities', …]`, the prefix the stored caches have always had).
 */
export function keysOfKind(kind: Pick<RecordKindDeclaration, 'name'>): RecordKindKeys {
  return recordKindKeys(kind.name.replaceAll('_', '-'));
}

const kindKeys = <Kind extends RecordKind>(kind: Kind) => keysOfKind(RECORD_KINDS[kind]);

/** Every query key, defined once. Prefixes matter: invalidating `routes.all` also refreshes the expiring list. */
export const queryKeys = {
  currentUser: ['users', 'current'] as const,
  routes: { ...kindKeys('routes'), expiring: () => ['routes', 'expiring'] as const },
  tours: kindKeys('tours'),
  vehicles: kindKeys('vehicles'),
  routeActivities: kindKeys('route_activities'),
  vehicleActivities: kindKeys('vehicle_activities'),
  /** The station list (db-stations): the same for every user, kept offline, not a record. */
  stations: ['stations', 'all'] as const,
  shareLinks: ['share-links'] as const,
  /** Betriebe (issue 28): mine, one, its members and invitations; an invitation by its token (never persisted). */
  betriebe: {
    all: ['betriebe'] as const,
    list: () => ['betriebe', 'list'] as const,
    detail: (id: number) => ['betriebe', 'detail', id] as const,
    members: (id: number) => ['betriebe', 'detail', id, 'members'] as const,
    /** Who joined, left or was removed lately (issue 40): asked again after any change of members. */
    changes: (id: number) => ['betriebe', 'detail', id, 'changes'] as const,
    invitations: (id: number) => ['betriebe', 'detail', id, 'invitations'] as const,
    requirements: (id: number) => ['betriebe', 'detail', id, 'requirements'] as const,
    /** The requirements with the signed-in driver's matching routes. */
    requirementMatches: (id: number) => ['betriebe', 'detail', id, 'requirements', 'matches'] as const,
    vehicleRequirements: (id: number) => ['betriebe', 'detail', id, 'vehicle-requirements'] as const,
    vehicleRequirementMatches: (id: number) => ['betriebe', 'detail', id, 'vehicle-requirements', 'matches'] as const,
    /** One page of the matrix with its filters: the last one read stays stored for offline reading. */
    matrix: (id: number, query: object) => ['betriebe', 'detail', id, 'matrix', query] as const,
    whoCanDrive: (id: number, query: object) => ['betriebe', 'detail', id, 'who-can-drive', query] as const,
    /** One driver's page (admins and Disponenten), by membership id. */
    driver: (id: number, membershipId: number) => ['betriebe', 'detail', id, 'members', membershipId] as const,
    /** The Betrieb's attestations (issue 41): those it issued and those its drivers brought along. */
    attestations: (id: number) => ['betriebe', 'detail', id, 'attestations'] as const,
  },
  invitation: (token: string) => ['invitation', token] as const,
  /** The path along the tracks the route form shows (issue 29 item 2), per start, end and optional via point. */
  routePath: (from: string, to: string, via: string) => ['route-path', from, to, via] as const,
  /** Issued documents (issue 27): the holder's PDFs and supervisor pages with their verification codes. */
  proofs: ['proofs'] as const,
  /** The signed-in driver's attestations from every Betrieb (issue 41). */
  attestations: ['attestations'] as const,
  changelog: ['version', 'changelog'] as const,
  reportSettings: ['settings', 'report'] as const,
  notifications: {
    settings: ['notifications', 'settings'] as const,
    pushSubscriptions: ['notifications', 'push-subscriptions'] as const,
  },
  /** The rail network (issue 29): its version, its geometry per version, a path's sections per version and pair. */
  network: {
    version: ['network', 'version'] as const,
    geometry: (version: string) => ['network', 'geometry', version] as const,
    path: (version: string, from: string, to: string) => ['network', 'path', version, from, to] as const,
    /** The operating points of one line, for the route form's choice by line number. */
    linePoints: (line: number) => ['network', 'line-points', line] as const,
  },
};

/**
 * What a change to the master data can affect: lists and details of every declared kind, because a route
 * belongs to tours and activities, and the expiring overview.
 */
export const recordKeys = recordKindNames.map((kind) => kindKeys(kind).all);

/** The keys of one kind of owned record, as `queryKeys` holds them. */
export type RecordKindKeys = ReturnType<typeof recordKindKeys<string>>;
