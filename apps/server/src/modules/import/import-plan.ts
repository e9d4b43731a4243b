import { setImmediate as nextTurn } from 'node:timers/promises';
import { BACKUP_FORMAT, BACKUP_VERSION, type Backup } from '@streckenpass/contract/backup';
import type { ImportPreview } from '@streckenpass/contract/import';
import { addDays } from '@streckenpass/contract/knowledge';
import { LIMITS } from '@streckenpass/contract/limits';
import type { ImportRow, ParsedImport } from './import-rows.js';
import type { AccountSnapshot } from './import.repository.js';
import { createRouteMatcher, type Target } from './route-matching.js';

/** One drive the import writes: the lines of one day, "gültig bis" and vehicles (at most `routesPerDrive` routes). */
interface Drive {
  ref: number;
  acquiredAt: string;
  acquiredUntil: string;
  routes: Set<number>;
  vehicles: string[];
}

export interface ImportPlan {
  document: Backup;
  /** The first lines as they will be imported (a matched line under the existing route's name). */
  sample: ImportPreview['sample'];
}

/** Lines matched before the event loop gets a turn. */
const RECORDS_PER_TURN = 500;

/**
 * Turns the valid lines into a backup document, so that the import merges exactly as a restore does (natural
 * keys, one engine), after matching what the backup's exact keys cannot:
 *
 * - **Routes**: a line names an existing route (or one an earlier line of the file introduced) when it has the
 *   same natural key; else the same start and end stations in the same direction (a line `KK;KD` and a route made
 *   in the form from "Köln Hbf" to "Düsseldorf Hbf"); else the same name as `routeNameKey` compares it. A company
 *   code (Kürzel) on both sides must agree; where several routes fit, the one of the same name is taken, and none
 *   when that is not one. A matched line is rewritten to the route's natural key and keeps its stations.
 * - **Drives**: lines of one day with the same "gültig bis" and the same vehicles become one drive (split at
 *   `LIMITS.routesPerDrive`). A line adds no drive when the account already has a drive of its route on that day
 *   that reaches as far (a line without "gültig bis": any drive that day) and each of its vehicles already has a
 *   drive that day — so the app's own export read back into the same account adds nothing.
 * - **Vehicles block** ("Zuletzt gefahren" of the export): a vehicle without a drive on that day gets one entry on
 *   the file's drive of that day; where the file has none, on a drive of that day without routes (its "gültig bis"
 *   by the account's route rule), as the vehicle's last drive is all the export says.
 */
export async function planImport(
  parsed: ParsedImport,
  account: AccountSnapshot,
  rules: { routes: number },
  now: Date,
): Promise<ImportPlan> {
  const document: Backup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    account: { email: '', firstname: null, lastname: null },
    routes: [],
    tours: [],
    vehicles: [],
    routeActivities: [],
    vehicleActivities: [],
  };

  const match = createRouteMatcher(account);

  const routeRefs = new Map<Target, number>();
  const routeRef = (target: Target, row: ImportRow, exact: boolean) => {
    let ref = routeRefs.get(target);
    if (ref === undefined) {
      ref = routeRefs.size + 1;
      routeRefs.set(target, ref);
      document.routes.push({
        ref,
        name: target.name,
        companyRoute: target.companyRoute,
        startPoint: target.startPoint,
        endPoint: target.endPoint,
        validityDays: row.validityDays,
        // A line with the route's own key may add a station link (the merge sets what it states); a line matched
        // otherwise leaves the route's links as they are.
        startStation: exact ? row.startStation : target.startStation,
        endStation: exact ? row.endStation : target.endStation,
        // A new route takes the file's line sections (decision 0051); an existing one keeps its path.
        ...(target.existing === null && row.path ? { path: row.path } : {}),
      });
    }
    return ref;
  };

  const vehicleRefs = new Map<string, number>();
  const vehicleRef = (name: string, validityDays: number | null = null) => {
    let ref = vehicleRefs.get(name);
    if (ref === undefined) {
      ref = vehicleRefs.size + 1;
      vehicleRefs.set(name, ref);
      document.vehicles.push({ ref, name, validityDays });
    } else if (validityDays !== null) {
      document.vehicles[ref - 1]!.validityDays = validityDays;
    }
    return ref;
  };

  const tours = new Map<string, { ref: number; name: string; routes: Set<number> }>();
  const drives = new Map<string, Drive[]>();
  const drivesOfDay = new Map<string, Drive[]>();
  const newDrive = (acquiredAt: string, acquiredUntil: string, vehicles: string[]) => {
    const drive: Drive = {
      ref: document.routeActivities.length + 1,
      acquiredAt,
      acquiredUntil,
      routes: new Set(),
      vehicles,
    };
    document.routeActivities.push({ ref: drive.ref, acquiredAt, acquiredUntil, routes: [] });
    const ofDay = drivesOfDay.get(acquiredAt);
    if (ofDay) ofDay.push(drive);
    else drivesOfDay.set(acquiredAt, [drive]);
    return drive;
  };
  const hasDrive = (days: Map<unknown, Set<string>>, key: unknown, day: string) => days.get(key)?.has(day) ?? false;

  const sample: ImportPreview['sample'] = [];
  for (const [i, row] of parsed.rows.entries()) {
    // Up to `LIMITS.importLines` lines: other requests get a turn now and then.
    if (i % RECORDS_PER_TURN === RECORDS_PER_TURN - 1) await nextTurn();
    const { target, exact } = match(row);
    const ref = routeRef(target, row, exact || target.existing === null);

    for (const name of row.tours) {
      let tour = tours.get(name);
      if (!tour) {
        tour = { ref: tours.size + 1, name, routes: new Set() };
        tours.set(name, tour);
      }
      tour.routes.add(ref);
    }
    for (const name of row.vehicles) vehicleRef(name);

    if (row.acquiredAt && row.acquiredUntil) {
      const day = row.acquiredAt;
      const existing = target.existing;
      const routeCovered =
        existing !== null &&
        hasDrive(account.routeDriveDays, existing.id, day) &&
        (!row.untilStated || (existing.validUntil ?? '') >= row.acquiredUntil);
      const vehiclesCovered = row.vehicles.every((name) => hasDrive(account.vehicleDriveDays, name, day));
      if (!routeCovered || !vehiclesCovered) {
        const vehicles = [...row.vehicles].sort();
        const group = JSON.stringify([day, row.acquiredUntil, vehicles]);
        const list = drives.get(group) ?? [];
        let drive = list.find((candidate) => candidate.routes.has(ref)) ?? list.at(-1);
        if (!drive || (!drive.routes.has(ref) && drive.routes.size >= LIMITS.routesPerDrive)) {
          drive = newDrive(day, row.acquiredUntil, vehicles);
          list.push(drive);
          drives.set(group, list);
        }
        drive.routes.add(ref);
      }
    }

    if (sample.length < 20) {
      sample.push({
        line: row.line,
        name: target.name,
        companyRoute: target.companyRoute,
        startPoint: target.startPoint,
        endPoint: target.endPoint,
        acquiredAt: row.acquiredAt,
        acquiredUntil: row.acquiredUntil,
        vehicles: row.vehicles,
        tours: row.tours,
        validityDays: row.validityDays,
        startStation: exact || target.existing === null ? row.startStation : target.startStation,
        endStation: exact || target.existing === null ? row.endStation : target.endStation,
        existingRoute: target.existing !== null,
      });
    }
  }

  // The vehicles block: each vehicle's last drive, unless the account or a line of the file already has it.
  const blockVehicles = new Map<Drive, number[]>();
  for (const vehicle of parsed.vehicles) {
    const ref = vehicleRef(vehicle.name, vehicle.validityDays);
    const day = vehicle.lastDriven;
    if (!day || hasDrive(account.vehicleDriveDays, vehicle.name, day)) continue;
    const ofDay = drivesOfDay.get(day) ?? [];
    if (ofDay.some((drive) => drive.vehicles.includes(vehicle.name))) continue;
    const drive = ofDay[0] ?? newDrive(day, addDays(day, rules.routes), []);
    const refs = blockVehicles.get(drive);
    if (refs) refs.push(ref);
    else blockVehicles.set(drive, [ref]);
  }

  for (const drive of [...drivesOfDay.values()].flat().sort((a, b) => a.ref - b.ref)) {
    document.routeActivities[drive.ref - 1]!.routes = [...drive.routes];
    const entries: number[][] = [];
    if (drive.vehicles.length > 0) entries.push(drive.vehicles.map((name) => vehicleRef(name)));
    const extra = blockVehicles.get(drive) ?? [];
    for (let i = 0; i < extra.length; i += LIMITS.vehiclesPerDrive) {
      entries.push(extra.slice(i, i + LIMITS.vehiclesPerDrive));
    }
    for (const vehicles of entries) {
      document.vehicleActivities.push({
        ref: document.vehicleActivities.length + 1,
        routeActivity: drive.ref,
        vehicles,
      });
    }
  }
  document.tours = [...tours.values()].map((tour) => ({ ref: tour.ref, name: tour.name, routes: [...tour.routes] }));
  return { document, sample };
}
