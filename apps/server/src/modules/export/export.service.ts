import type { Attestation } from '@streckenpass/contract/attestations';
import { addDays, calendarDayOf, expandSelection, isBackdated } from '@streckenpass/contract/knowledge';
import { effectiveValidityDays, validityRuleLabel } from '@streckenpass/contract/notifications';
import type { Selection } from '@streckenpass/contract/selection';
import type { StationIndex } from '@streckenpass/contract/stations';
import { servicePlugin } from '../../db/repository.js';
import type { ExportData } from '../../export/model.js';
import { transferDrives, transferHistory } from '../../export/transfer.js';
import { unauthorized } from '../../lib/errors.js';
import { readPackageVersion } from '../../lib/version.js';
import type { ExportRepository } from './export.repository.js';
import { RAIL_NETWORK_ATTRIBUTION } from '@streckenpass/contract/network';

/**
 * Turns a documentation selection into what the exports print.
 *
 * - Ids in the selection must be the caller's: another user's route, tour or vehicle is 403, an id that names
 *   nothing is 422 (resolved before a single byte is streamed).
 * - Routes: those chosen directly, every route of a chosen tour, every route starting or ending at a chosen
 *   place (`expandSelection`, the contract's one rule for it; a place linked to a station is its DS100 code). No route, tour or place chosen = every route.
 * - Vehicles: the chosen ones; with an entirely empty selection ("export everything") every vehicle; otherwise
 *   none, and the exports leave the vehicles block out.
 */
export function createExportService(
  repo: ExportRepository,
  stations: StationIndex,
  /** The app's time zone (`APP_TIMEZONE`): the day a drive was recorded on, for "nachgetragen". */
  timeZone: string,
  /** The driver's own attestations (the Betriebe's module), for the transfer document. */
  attestations: { listOwn(userId: number): Promise<Attestation[]> },
) {
  const station = (code: string | null) => {
    const found = code ? stations.byCode(code) : undefined;
    return found ? { code: found.code, name: found.name } : null;
  };

  const service = {
    /**
     * `emptyMeansAll: false` (a share link's chosen records): an empty selection is an empty proof, never every route
     * (the chosen routes and tours may all have been deleted since).
     */
    async load(userId: number, selection: Selection, today: string, emptyMeansAll = true): Promise<ExportData> {
      const routeIds = await repo.ownedIds('routes', selection.routes, userId);
      const tourIds = await repo.ownedIds('tours', selection.tours, userId);
      const vehicleIds = await repo.ownedIds('vehicles', selection.vehicles, userId);
      const places = selection.places ?? [];

      const account = await repo.findUser(userId);
      if (!account) throw unauthorized();
      const { validityDays: routeDefault, vehicleValidityDays: vehicleDefault, ...user } = account;
      const rows = await repo.listRoutes(userId, today);

      const nothingChosen = routeIds.length === 0 && tourIds.length === 0 && places.length === 0;
      const everyRoute = nothingChosen && emptyMeansAll;
      let selected = rows;
      if (nothingChosen && !emptyMeansAll) selected = [];
      else if (!everyRoute) {
        const links = rows.flatMap((row) => row.tourIds.map((tourId) => ({ tourId, routeId: row.id })));
        const selectable = rows.map((row) => ({
          id: row.id,
          startPoint: row.startPoint,
          endPoint: row.endPoint,
          startStation: station(row.startStation),
          endStation: station(row.endStation),
        }));
        const ids = new Set(expandSelection({ routes: routeIds, tours: tourIds, places }, selectable, links));
        selected = rows.filter((row) => ids.has(row.id));
      }

      const vehicleRows =
        vehicleIds.length > 0
          ? await repo.listVehicles(userId, vehicleIds)
          : everyRoute
            ? await repo.listVehicles(userId)
            : null;

      return {
        today,
        user,
        routes: selected.map((row) => ({
          name: row.name,
          companyRoute: row.companyRoute,
          startPoint: row.startPoint,
          endPoint: row.endPoint,
          startStation: station(row.startStation),
          endStation: station(row.endStation),
          tours: row.tourNames,
          lastDriven: row.lastDriven,
          ...(row.lastDriven && row.lastDrivenRecordedAt
            ? {
                lastDrivenRecordedOn: calendarDayOf(row.lastDrivenRecordedAt, timeZone),
                lastDrivenBackdated: isBackdated(row.lastDriven, row.lastDrivenRecordedAt, timeZone),
              }
            : {}),
          ...(row.lastDrivenVehicles.length > 0 ? { lastDrivenVehicles: row.lastDrivenVehicles } : {}),
          validUntil: row.validUntil,
          daysLeft: row.daysLeft,
          validityRule: validityRuleLabel(effectiveValidityDays(row.validityDays, routeDefault)),
          ownRule: row.validityDays !== null,
          ...(row.path ? { sections: row.path.sections } : {}),
        })),
        // CC BY 4.0: wherever line sections derived from the network are shown, its source is named.
        ...(selected.some((row) => row.path !== null) ? { networkAttribution: RAIL_NETWORK_ATTRIBUTION } : {}),
        vehicles:
          vehicleRows?.map((row) => {
            const days = effectiveValidityDays(row.validityDays, vehicleDefault);
            return {
              name: row.name,
              lastDriven: row.lastDriven,
              validityRule: validityRuleLabel(days),
              validUntil: row.lastDriven && days !== null ? addDays(row.lastDriven, days) : null,
            };
          }) ?? null,
        version: readPackageVersion(),
        rules: { routes: validityRuleLabel(routeDefault), vehicles: validityRuleLabel(vehicleDefault) },
      };
    },

    /**
     * The whole record with its history, for the transfer document ("Nachweis für den Arbeitgeberwechsel"): every
     * route and vehicle as the full export, every drive with the day it was recorded, every change.
     */
    async loadTransfer(userId: number, today: string): Promise<ExportData> {
      const data = await service.load(userId, {}, today);
      const [drives, history, held] = await Promise.all([
        repo.listDrives(userId),
        repo.listHistory(userId),
        attestations.listOwn(userId),
      ]);
      const names = await repo.historyNames(userId, history);
      return {
        ...data,
        transfer: {
          drives: transferDrives(drives, timeZone),
          history: transferHistory(history, (iri) => names.get(iri)),
          ...(held.length > 0 && {
            attestations: held.map((each) => ({
              kind: each.kind,
              checkedOn: each.checkedOn,
              betrieb: each.betrieb.name,
              examinerName: each.examinerName,
              code: each.code,
              withdrawnAt: each.withdrawnAt,
            })),
          }),
        },
      };
    },
  };
  return service;
}

export type ExportService = ReturnType<typeof createExportService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the exports print, built once with the app's time zone: every reader of a record reads it the same way. */
    exportService: ExportService;
  }
}

/** The export service as a named plugin over the export repository and the station data, with `APP_TIMEZONE`. */
export default servicePlugin(
  'exportService',
  (app) =>
    createExportService(app.exportRepository, app.stations.index, app.config.timezone, app.attestationsRepository),
  ['exportRepository', 'stations', 'attestationsRepository'],
);
