import type { FastifyInstance } from 'fastify';
import { servicePlugin } from '../../db/repository.js';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { formatNumber } from '@streckenpass/contract/format';
import { MATRIX_PDF_MAX_CELLS, type Matrix } from '@streckenpass/contract/matrix';
import type { WhoCanDrive } from '@streckenpass/contract/who-can-drive';
import type { Requirement, VehicleRequirement } from '@streckenpass/contract/requirements';
import {
  comparableTo,
  matrixContent,
  type MatrixExport,
  type MatrixProofContent,
  type MatrixScope,
} from '../../export/matrix-model.js';
import { unprocessable } from '../../lib/errors.js';
import { betriebNotFound } from './betriebe.repository.js';
import { stationOf } from './route-helpers.js';
import { toDriver, totalsIn, vehicleTotalsIn, type MatrixRowWithVehicles } from './matrix-columns.js';
import type { MatrixFilter, MatrixRow } from './matrix.repository.js';

/** Drivers an export reads at a time: a Betrieb of 5,000 drivers is never held in memory at once. */
const EXPORT_CHUNK = 250;

/**
 * The matrix and "Wer kann fahren?" (issue 28 items 3 and 4) over the Betriebe, requirements and matrix repositories:
 * the filter's ids are checked against the Betrieb (422), the columns read, the rows matched, and every cell of a row
 * answered in the columns' order — with `required` false where the requirement is another depot's. The repositories
 * it reads, as the app holds them:
 */
type MatrixDeps = Pick<
  FastifyInstance,
  | 'betriebeRepository'
  | 'requirementsRepository'
  | 'vehicleRequirementsRepository'
  | 'matrixRepository'
  | 'matrixVehiclesRepository'
  | 'whoCanDriveRepository'
  | 'usersRepository'
  | 'stations'
>;

export function createMatrixService(app: MatrixDeps) {
  const deps = {
    betriebe: app.betriebeRepository,
    requirements: app.requirementsRepository,
    vehicleTypes: app.vehicleRequirementsRepository,
    matrix: app.matrixRepository,
    matrixVehicles: app.matrixVehiclesRepository,
    whoCanDrive: app.whoCanDriveRepository,
    stations: app.stations.index,
    /** The issuer's name for an issued matrix (never the e-mail address). */
    nameOf: async (userId: number): Promise<MatrixProofContent['issuer']> => {
      const user = await app.usersRepository.findById(userId);
      return { firstname: user?.firstname?.trim() || null, lastname: user?.lastname?.trim() || null };
    },
  };
  /** The Betrieb as the caller sees it, after checking the filter's depot; 404 when they have just left. */
  async function betriebOf(betriebId: number, userId: number, depotId: number | undefined): Promise<Betrieb> {
    const betrieb = await deps.betriebe.findForMember(betriebId, userId);
    if (!betrieb) throw betriebNotFound();
    if (depotId !== undefined && !betrieb.depots.some((depot) => depot.id === depotId)) {
      throw unprocessable([{ propertyPath: 'depot', message: 'Dieses Depot gibt es im Betrieb nicht.' }]);
    }
    return betrieb;
  }

  async function columnsOf(betriebId: number, userId: number, filter: MatrixFilter): Promise<Requirement[]> {
    const requirements = await deps.requirements.listFiltered(betriebId, userId, filter);
    if (filter.requirementId !== undefined && requirements.length === 0) throw unknownRequirement();
    return requirements;
  }

  /**
   * The required vehicle types as further columns (issue 40 item 4): the whole Betrieb's and the chosen depot's; none
   * when the filter asks for one requirement.
   */
  async function vehicleColumnsOf(betriebId: number, userId: number, filter: MatrixFilter) {
    if (filter.requirementId !== undefined) return [];
    const all = await deps.vehicleTypes.list(betriebId, userId);
    return all.filter(
      (type) => filter.depotId === undefined || type.depot === null || type.depot.id === filter.depotId,
    );
  }

  /** Rows with their drivers' vehicles of the required types (no types: no statement). */
  async function withVehicles(
    betriebId: number,
    userId: number,
    filter: MatrixFilter,
    types: VehicleRequirement[],
    rows: MatrixRow[],
  ): Promise<MatrixRowWithVehicles[]> {
    const ids = rows.map((row) => row.membershipId);
    const known =
      types.length === 0 ? new Map() : await deps.matrixVehicles.cells(betriebId, userId, filter.depotId, ids);
    return rows.map((row) => ({ ...row, vehicles: known.get(row.membershipId) ?? new Map() }));
  }

  /** The vehicle types' totals in the columns' order. */
  async function vehicleTotalsOf(betriebId: number, userId: number, filter: MatrixFilter, types: VehicleRequirement[]) {
    return vehicleTotalsIn(
      types,
      types.length ? await deps.matrixVehicles.totals(betriebId, userId, filter.depotId) : [],
    );
  }

  /** The whole filtered matrix for an export (see `export` below). */
  async function exportOf(
    betriebId: number,
    userId: number,
    filter: MatrixFilter,
    asOf: string,
  ): Promise<MatrixExport> {
    const betrieb = await betriebOf(betriebId, userId, filter.depotId);
    const requirements = await columnsOf(betriebId, userId, filter);
    const vehicleTypes = await vehicleColumnsOf(betriebId, userId, filter);
    const first = await deps.matrix.page(betriebId, userId, filter, asOf, { limit: EXPORT_CHUNK, offset: 0 });
    const driver = toDriver(requirements, vehicleTypes, asOf);
    const rowsOf = async (rows: MatrixRow[]) =>
      (await withVehicles(betriebId, userId, filter, vehicleTypes, rows)).map(driver);
    async function* rows() {
      yield await rowsOf(first.rows);
      for (let offset = EXPORT_CHUNK; offset < first.total; offset += EXPORT_CHUNK) {
        const next = await deps.matrix.page(betriebId, userId, filter, asOf, { limit: EXPORT_CHUNK, offset }, false);
        yield await rowsOf(next.rows);
      }
    }
    return {
      betrieb,
      asOf,
      requirements,
      totals: totalsIn(requirements, first.totals),
      vehicleTypes,
      vehicleTotals: await vehicleTotalsOf(betriebId, userId, filter, vehicleTypes),
      total: first.total,
      rows: rows(),
    };
  }

  /** The content of the matrix issued now by `userId`; 422 when it holds more cells than a PDF does. */
  async function issuedContent(
    betriebId: number,
    userId: number,
    filter: MatrixFilter,
    asOf: string,
    issuer?: MatrixProofContent['issuer'],
  ): Promise<MatrixProofContent> {
    const matrix = await exportOf(betriebId, userId, filter, asOf);
    const columns = matrix.requirements.length + matrix.vehicleTypes.length;
    if (matrix.total * columns > MATRIX_PDF_MAX_CELLS) {
      const what = matrix.vehicleTypes.length > 0 ? 'Anforderungen und Fahrzeugtypen' : 'Anforderungen';
      throw unprocessable([
        {
          propertyPath: '',
          message:
            `Die Auswahl hat ${matrix.total} Fahrer/innen × ${columns} ${what}; ein PDF fasst ` +
            `höchstens ${formatNumber(MATRIX_PDF_MAX_CELLS)} Zellen. Bitte nach Depot, Anforderung oder ` +
            'Zustand filtern, oder die CSV-Datei nehmen.',
        },
      ]);
    }
    const depot = matrix.betrieb.depots.find((d) => d.id === filter.depotId) ?? null;
    const scope: MatrixScope = {
      depot,
      requirement: filter.requirementId ?? null,
      state: filter.state ?? null,
      q: filter.q ?? null,
      sort: filter.sort,
    };
    return matrixContent(matrix, issuer ?? (await deps.nameOf(userId)), scope);
  }

  return {
    /** One page of the matrix with the totals over every driver. */
    async page(
      betriebId: number,
      userId: number,
      filter: MatrixFilter,
      paging: { page: number; pageSize: number },
      asOf: string,
    ): Promise<Matrix> {
      await betriebOf(betriebId, userId, filter.depotId);
      const requirements = await columnsOf(betriebId, userId, filter);
      const vehicleTypes = await vehicleColumnsOf(betriebId, userId, filter);
      const found = await deps.matrix.page(betriebId, userId, filter, asOf, {
        limit: paging.pageSize,
        offset: (paging.page - 1) * paging.pageSize,
      });
      return {
        requirements,
        vehicleTypes,
        drivers: (await withVehicles(betriebId, userId, filter, vehicleTypes, found.rows)).map(
          toDriver(requirements, vehicleTypes, asOf),
        ),
        totals: totalsIn(requirements, found.totals),
        vehicleTotals: await vehicleTotalsOf(betriebId, userId, filter, vehicleTypes),
        page: paging.page,
        pageSize: paging.pageSize,
        total: found.total,
        asOf,
      };
    },

    /**
     * The whole filtered matrix for an export: totals and the number of drivers now, the rows read chunk by chunk
     * when iterated (each chunk one statement for the drivers, one for their cells).
     */
    export: exportOf,

    /** The content of a matrix issued now (the PDF); 422 over MATRIX_PDF_MAX_CELLS cells. */
    issuedContent,

    /**
     * An issued matrix read again with its Betrieb, filters and Stichtag, as its issuer (404/403 when they are no
     * longer its admin or Disponent): what the verification compares the issued content with.
     */
    async reissue(issuerId: number, issued: MatrixProofContent): Promise<MatrixProofContent> {
      const { scope } = issued;
      const filter: MatrixFilter = {
        depotId: scope.depot?.id,
        requirementId: scope.requirement ?? undefined,
        state: scope.state ?? undefined,
        q: scope.q ?? undefined,
        sort: scope.sort,
      };
      const current = await issuedContent(issued.betrieb.id, issuerId, filter, issued.asOf, issued.issuer);
      // Issued before vehicle types, or "in Ausbildung", were part of it: compared as it was issued.
      return comparableTo(issued, current);
    },

    /**
     * "Wer kann fahren?" for a requirement of the Betrieb or a station pair (codes of the data set), on `date`
     * (`today`: the app's today, which tells a past day from today or a later one).
     */
    async whoCanDrive(
      betriebId: number,
      userId: number,
      query: { requirement?: number | undefined; from?: string | null; to?: string | null; depot?: number | undefined },
      date: string,
      today: string,
    ): Promise<WhoCanDrive> {
      await betriebOf(betriebId, userId, query.depot);
      if (query.requirement !== undefined) {
        const [requirement] = await columnsOf(betriebId, userId, { requirementId: query.requirement, sort: 'name' });
        const drivers = await deps.whoCanDrive.find(
          betriebId,
          userId,
          { requirementId: requirement!.id },
          date,
          today,
          query.depot,
        );
        return {
          date,
          requirement: requirement!,
          from: requirement!.startStation,
          to: requirement!.endStation,
          drivers,
        };
      }
      const from = stationOf(deps.stations, 'from', query.from!);
      const to = stationOf(deps.stations, 'to', query.to!);
      const drivers = await deps.whoCanDrive.find(
        betriebId,
        userId,
        { from: from.code, to: to.code },
        date,
        today,
        query.depot,
      );
      return { date, requirement: null, from, to, drivers };
    },
  };
}

export type MatrixService = ReturnType<typeof createMatrixService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The matrix and "Wer kann fahren?", built once: its routes and the verification of issued matrices read it. */
    matrixService: MatrixService;
  }
}

/** The matrix service as a named plugin over the repositories it reads. */
export default servicePlugin('matrixService', (app) => createMatrixService(app), [
  'betriebeRepository',
  'requirementsRepository',
  'vehicleRequirementsRepository',
  'matrixRepository',
  'matrixVehiclesRepository',
  'whoCanDriveRepository',
  'usersRepository',
  'stations',
]);

const unknownRequirement = () =>
  unprocessable([{ propertyPath: 'requirement', message: 'Diese Anforderung gibt es im Betrieb nicht.' }]);
