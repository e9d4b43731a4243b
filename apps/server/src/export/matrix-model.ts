import type { Betrieb } from '@streckenpass/contract/betriebe';
import {
  MATRIX_STATE_LABELS,
  MATRIX_TRAINING_STATE,
  matrixState,
  requirementShortLabel,
  vehicleTypeShortLabel,
  type MatrixDriver,
  type MatrixSort,
  type MatrixState,
  type MatrixTotal,
  type MatrixVehicleTotal,
} from '@streckenpass/contract/matrix';
import type { Requirement, VehicleRequirement } from '@streckenpass/contract/requirements';
import type { LineSection } from '@streckenpass/contract/network';

/** One filtered matrix to export: its Betrieb, columns, totals and, page by page, its rows. */
export interface MatrixExport {
  betrieb: Betrieb;
  asOf: string;
  requirements: Requirement[];
  totals: MatrixTotal[];
  /** The required vehicle types, further columns (issue 40 item 4). */
  vehicleTypes: VehicleRequirement[];
  vehicleTotals: MatrixVehicleTotal[];
  total: number;
  rows: AsyncIterable<MatrixDriver[]>;
}

/** The filters a matrix was issued with: ids to read it again, names to print. */
export interface MatrixScope {
  depot: { id: number; name: string } | null;
  requirement: number | null;
  state: MatrixState | null;
  q: string | null;
  sort: MatrixSort;
}

export const MATRIX_CONTENT_SCHEMA = 'streckenpass-matrix-content/1';

/**
 * The content of an issued matrix (kind `matrix`, issue 28 item 3; decision 0044's rules for content): the Betrieb's
 * matrix as it read on `asOf` — the requirements, the totals, and per driver the cells asked of them with the last
 * valid day of the matching route (null: never driven) or no match. Plain data, no wording: a cell's state follows
 * from `validUntil`, `matched` and `asOf` (`matrixState`).
 */
export interface MatrixProofContent {
  schema: typeof MATRIX_CONTENT_SCHEMA;
  betrieb: { id: number; name: string };
  /** Who issued it (an admin or Disponent); never an e-mail address. */
  issuer: { firstname: string | null; lastname: string | null };
  asOf: string;
  scope: MatrixScope;
  requirements: {
    id: number;
    startStation: string;
    endStation: string;
    companyRoute: string | null;
    /** Only when the requirement names one (so that content issued before line sections reads the same). */
    section?: LineSection;
    depot: string | null;
  }[];
  totals: MatrixTotal[];
  /**
   * The required vehicle types and how many drivers know each (issue 40 item 4). Absent in content issued before
   * December 2026: such a matrix is compared without them (`withoutVehicleTypes`).
   */
  vehicleTypes?: { id: number; vehicleType: string; depot: string | null }[];
  vehicleTotals?: MatrixVehicleTotal[];
  drivers: {
    name: string;
    depot: string | null;
    cells: {
      requirementId: number;
      matched: boolean;
      validUntil: string | null;
      route: string | null;
      /** Only on a cell whose route is in its first acquisition (issue 41), so that older content reads the same. */
      training?: true;
    }[];
    /** The vehicle types asked of the driver, each with the name of their vehicle of that type (null: none). */
    vehicles?: { requirementId: number; vehicle: string | null }[];
  }[];
}

/** Content as it was issued before vehicle types were part of it: what an older matrix is compared with. */
export function withoutVehicleTypes(content: MatrixProofContent): MatrixProofContent {
  const { vehicleTypes: _types, vehicleTotals: _totals, drivers, ...rest } = content;
  return { ...rest, drivers: drivers.map(({ vehicles: _vehicles, ...driver }) => driver) };
}

/**
 * Content as it was issued before "in Ausbildung" was a state of its own (December 2026): totals without `training`,
 * cells without the flag — what such a matrix is compared with.
 */
function withoutTraining(content: MatrixProofContent): MatrixProofContent {
  return {
    ...content,
    totals: content.totals.map(({ training: _training, ...total }) => total),
    drivers: content.drivers.map((driver) => ({
      ...driver,
      cells: driver.cells.map(({ training: _training, ...cell }) => cell),
    })),
  };
}

/** Whether issued content predates the state "in Ausbildung" (its totals do not count it). */
const predatesTraining = (content: MatrixProofContent) =>
  content.totals.length > 0 && content.totals.every((total) => total.training === undefined);

/**
 * A matrix read again now, in the form of the issued one it is compared with: without vehicle types, or without "in
 * Ausbildung", where the issued one predates them.
 */
export function comparableTo(issued: MatrixProofContent, current: MatrixProofContent): MatrixProofContent {
  const typed = issued.vehicleTypes === undefined ? withoutVehicleTypes(current) : current;
  return predatesTraining(issued) ? withoutTraining(typed) : typed;
}

/** What the PDF worker renders for a matrix: the issued content, the product version, the verification. */
export interface MatrixPdfData {
  document: 'matrix';
  content: MatrixProofContent;
  version: string;
  verification?: { code: string; url: string };
}

/** Whether a document's content is an issued matrix. */
export function isMatrixContent(content: unknown): content is MatrixProofContent {
  return (content as { schema?: unknown } | null)?.schema === MATRIX_CONTENT_SCHEMA;
}

/** The content of a matrix issued now: every row of the export, with the cells asked of each driver. */
export async function matrixContent(
  matrix: MatrixExport,
  issuer: MatrixProofContent['issuer'],
  scope: MatrixScope,
): Promise<MatrixProofContent> {
  const drivers: MatrixProofContent['drivers'] = [];
  for await (const rows of matrix.rows) {
    for (const driver of rows) {
      drivers.push({
        name: driver.name,
        depot: driver.depot?.name ?? null,
        cells: driver.cells
          .filter((cell) => cell.required)
          .map((cell) => ({
            requirementId: cell.requirementId,
            matched: cell.state !== 'fehlt',
            validUntil: cell.validUntil,
            route: cell.route?.name ?? null,
            ...(cell.state === MATRIX_TRAINING_STATE ? { training: true as const } : {}),
          })),
        vehicles: driver.vehicles
          .filter((cell) => cell.required)
          .map((cell) => ({ requirementId: cell.requirementId, vehicle: cell.vehicle?.name ?? null })),
      });
    }
  }
  return {
    schema: MATRIX_CONTENT_SCHEMA,
    betrieb: { id: matrix.betrieb.id, name: matrix.betrieb.name },
    issuer,
    asOf: matrix.asOf,
    scope,
    requirements: matrix.requirements.map((requirement) => ({
      id: requirement.id,
      startStation: requirement.startStation.code,
      endStation: requirement.endStation.code,
      companyRoute: requirement.companyRoute,
      ...(requirement.section ? { section: requirement.section } : {}),
      depot: requirement.depot?.name ?? null,
    })),
    totals: matrix.totals,
    vehicleTypes: matrix.vehicleTypes.map((type) => ({
      id: type.id,
      vehicleType: type.vehicleType,
      depot: type.depot?.name ?? null,
    })),
    vehicleTotals: matrix.vehicleTotals,
    drivers,
  };
}

/** A vehicle type of issued content as a column names it ('BR 218 · Würzburg'). */
export const vehicleTypeLabel = (type: NonNullable<MatrixProofContent['vehicleTypes']>[number]) =>
  vehicleTypeShortLabel({ vehicleType: type.vehicleType, depot: type.depot === null ? null : { name: type.depot } });

/** A cell of issued content in its state on the content's day. */
export const issuedCellState = (cell: MatrixProofContent['drivers'][number]['cells'][number], asOf: string) =>
  matrixState(cell.validUntil, asOf, cell.matched, cell.training === true);

const SORT_LABELS: Record<MatrixSort, string> = {
  name: 'nach Namen',
  depot: 'nach Depot',
  expiring: 'wessen Streckenkunde zuerst endet',
};

/** The filters in words, for the PDF and the verification page: 'Depot Würzburg · läuft bald ab · nach Namen'. */
export function scopeLabel(content: Pick<MatrixProofContent, 'scope' | 'requirements'>): string {
  const { scope } = content;
  const requirement = content.requirements.find((r) => r.id === scope.requirement);
  return [
    scope.depot ? `Depot ${scope.depot.name}` : 'alle Depots',
    ...(requirement ? [`nur ${requirementLabel(requirement)}`] : []),
    ...(scope.state ? [`mit „${MATRIX_STATE_LABELS[scope.state]}“`] : []),
    ...(scope.q ? [`Name enthält „${scope.q}“`] : []),
    SORT_LABELS[scope.sort],
  ].join(' · ');
}

/** A requirement of issued content as a column names it ('NWH – NF (K1) · 5910 km 1,0–20,0 · Würzburg'). */
export const requirementLabel = (requirement: MatrixProofContent['requirements'][number]) =>
  requirementShortLabel({
    startStation: { code: requirement.startStation },
    endStation: { code: requirement.endStation },
    companyRoute: requirement.companyRoute,
    section: requirement.section ?? null,
    depot: requirement.depot === null ? null : { name: requirement.depot },
  });

/** An issued matrix as the verification's JSON shows it: without the Betrieb's and filters' ids. */
export function publicMatrix(content: MatrixProofContent) {
  return {
    betrieb: content.betrieb.name,
    issuer: content.issuer,
    asOf: content.asOf,
    selection: scopeLabel(content),
    requirements: content.requirements.map((requirement) => ({ ...requirement, label: requirementLabel(requirement) })),
    totals: content.totals,
    ...(content.vehicleTypes && {
      vehicleTypes: content.vehicleTypes.map((type) => ({ ...type, label: vehicleTypeLabel(type) })),
      vehicleTotals: content.vehicleTotals ?? [],
    }),
    drivers: content.drivers,
  };
}
