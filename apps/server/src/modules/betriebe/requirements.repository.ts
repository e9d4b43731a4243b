import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DriveWay } from '@streckenpass/contract/drive-ways';
import { LIMITS } from '@streckenpass/contract/limits';
import type { Requirement } from '@streckenpass/contract/requirements';
import type { StationIndex } from '@streckenpass/contract/stations';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { betriebDepots, betriebRequirements, memberships, type betriebVehicleRequirements } from '../../db/schema.js';
import { HttpError, notFound, unprocessable } from '../../lib/errors.js';
import { betriebNotFound, depotOf, isMember } from './betriebe.repository.js';
import { requirementKey, sectionOf, type RequirementValues } from './requirement-values.js';

declare module 'fastify' {
  interface FastifyInstance {
    requirementsRepository: RequirementsRepository;
  }
}

/*
 * A Betrieb's required route knowledge (issue 28 item 2). Like the Betriebe repository, every statement is scoped by
 * the caller's membership in SQL (`isMember`): the routes refuse a caller without the role first (404 outside, 403
 * inside), and a statement that finds nothing because the caller has just left answers the 404 of an unknown Betrieb.
 * Admins write; every member reads. The required vehicle types are `vehicle-requirements.repository.ts`, a driver's
 * matches and links `requirement-links.repository.ts`; both share the scope's statements below.
 */

export const requirementNotFound = () => notFound('Anforderung nicht gefunden.');
const duplicate = () => new HttpError(409, 'Conflict', 'Diese Anforderung hat der Betrieb schon.');
const tooMany = () =>
  unprocessable([
    {
      propertyPath: 'file',
      message: `Ein Betrieb hat höchstens ${LIMITS.requirementsPerBetrieb} Anforderungen.`,
    },
  ]);

/** A requirement's stored values, as `RequirementValues`. */
const valueColumns = {
  startStation: betriebRequirements.startStation,
  endStation: betriebRequirements.endStation,
  companyRoute: betriebRequirements.companyRoute,
  line: betriebRequirements.line,
  fromKm: betriebRequirements.fromKm,
  toKm: betriebRequirements.toKm,
  depotId: betriebRequirements.depotId,
  minDrivers: betriebRequirements.minDrivers,
  keepingWays: sql<DriveWay[] | null>`${betriebRequirements.keepingWays}`,
  firstAcquisition: betriebRequirements.firstAcquisition,
};

const columns = {
  id: betriebRequirements.id,
  ...valueColumns,
  depotName: betriebDepots.name,
  /** The depot's first acquisition (migration 0023): what judges the requirement when it asks none of its own. */
  depotRule: betriebDepots.firstAcquisition,
  createdAt: betriebRequirements.createdAt,
};

/** Rows of a Betrieb's table, for its admins only (the scope of every admin statement). */
export function ofBetrieb(
  table: typeof betriebRequirements | typeof betriebVehicleRequirements,
  betriebId: number,
  userId: number,
) {
  return and(eq(table.betriebId, betriebId), isMember(betriebId, userId, ['admin']));
}

/** Deletes one requirement of either kind (admins): 404 when the Betrieb has no such one. */
export async function removeAsAdmin(
  ex: Executor,
  table: typeof betriebRequirements | typeof betriebVehicleRequirements,
  betriebId: number,
  userId: number,
  requirementId: number,
): Promise<void> {
  const [row] = await ex
    .delete(table)
    .where(and(eq(table.id, requirementId), ofBetrieb(table, betriebId, userId)))
    .returning({ id: table.id });
  if (!row) throw requirementNotFound();
}

/** In a transaction: the caller is an admin of the Betrieb (locks nothing; 404 when they have just left). */
export async function asAdmin(tx: Executor, betriebId: number, userId: number): Promise<void> {
  const [row] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.betriebId, betriebId), eq(memberships.userId, userId)));
  if (row?.role !== 'admin') throw betriebNotFound();
}

/** 422 for a depot that is not the Betrieb's. */
export async function checkDepot(tx: Executor, betriebId: number, depotId: number | null, field = 'depot') {
  if (depotId === null) return;
  const [depot] = await tx
    .select({ id: betriebDepots.id })
    .from(betriebDepots)
    .where(and(eq(betriebDepots.id, depotId), eq(betriebDepots.betriebId, betriebId)));
  if (!depot) throw unprocessable([{ propertyPath: field, message: 'Dieses Depot gibt es im Betrieb nicht.' }]);
}

/**
 * The Betrieb's requirements for any of its members (none for others): one, when `requirementId` is given; the whole
 * Betrieb's and one depot's, when `depotId` is. The whole Betrieb's first, then by depot, start, end.
 */
export async function selectRequirements(
  ex: Executor,
  stations: StationIndex,
  betriebId: number,
  userId: number,
  requirementId?: number,
  depotId?: number,
): Promise<Requirement[]> {
  const station = (code: string) => ({ code, name: stations.byCode(code)?.name ?? code });
  const rows = await ex
    .select(columns)
    .from(betriebRequirements)
    .leftJoin(betriebDepots, eq(betriebDepots.id, betriebRequirements.depotId))
    .where(
      and(
        eq(betriebRequirements.betriebId, betriebId),
        requirementId === undefined ? undefined : eq(betriebRequirements.id, requirementId),
        depotId === undefined
          ? undefined
          : or(isNull(betriebRequirements.depotId), eq(betriebRequirements.depotId, depotId)),
        isMember(betriebId, userId),
      ),
    )
    .orderBy(
      sql`${betriebRequirements.depotId} asc nulls first`,
      asc(betriebRequirements.startStation),
      asc(betriebRequirements.endStation),
      asc(betriebRequirements.id),
    );
  return rows.map((row): Requirement => ({
    id: row.id,
    startStation: station(row.startStation),
    endStation: station(row.endStation),
    companyRoute: row.companyRoute,
    section: sectionOf(row),
    depot: depotOf(row.depotId, row.depotName),
    minDrivers: row.minDrivers,
    // Absent without own rules (issue 41), so that such a requirement answers as before.
    ...(row.keepingWays ? { keepingWays: row.keepingWays } : {}),
    ...(row.firstAcquisition ? { firstAcquisition: row.firstAcquisition } : {}),
    ...(row.depotId !== null && row.depotRule ? { depotFirstAcquisition: row.depotRule } : {}),
    createdAt: row.createdAt.toISOString(),
  }));
}

export function createRequirementsRepository(db: Executor, stations: StationIndex) {
  const select = (ex: Executor, betriebId: number, userId: number, requirementId?: number, depotId?: number) =>
    selectRequirements(ex, stations, betriebId, userId, requirementId, depotId);

  async function count(tx: Executor, betriebId: number): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::integer` })
      .from(betriebRequirements)
      .where(eq(betriebRequirements.betriebId, betriebId));
    return Number(row?.n ?? 0);
  }

  return {
    /** The Betrieb's requirements (every member), the whole Betrieb's first, then by depot, start, end. */
    list(betriebId: number, userId: number): Promise<Requirement[]> {
      return select(db, betriebId, userId);
    },

    /** The matrix's columns: the requirements of the filter (one; the whole Betrieb's and a depot's), as `list`. */
    listFiltered(betriebId: number, userId: number, filter: { requirementId?: number; depotId?: number }) {
      return select(db, betriebId, userId, filter.requirementId, filter.depotId);
    },

    /** Adds a requirement (admins): 409 when the Betrieb has it already, 422 for a foreign depot or over the limit. */
    create(betriebId: number, userId: number, values: RequirementValues): Promise<Requirement> {
      return db.transaction(async (tx) => {
        await asAdmin(tx, betriebId, userId);
        await checkDepot(tx, betriebId, values.depotId);
        if ((await count(tx, betriebId)) >= LIMITS.requirementsPerBetrieb) {
          throw unprocessable([
            {
              propertyPath: 'startStation',
              message: `Ein Betrieb hat höchstens ${LIMITS.requirementsPerBetrieb} Anforderungen.`,
            },
          ]);
        }
        const [row] = await tx
          .insert(betriebRequirements)
          .values({ betriebId, ...values })
          .onConflictDoNothing()
          .returning({ id: betriebRequirements.id });
        if (!row) throw duplicate();
        return (await select(tx, betriebId, userId, row.id))[0]!;
      });
    },

    /** The stored values of one requirement (admins), for a merge-patch. */
    async values(betriebId: number, userId: number, requirementId: number): Promise<RequirementValues> {
      const [row] = await db
        .select(valueColumns)
        .from(betriebRequirements)
        .where(and(eq(betriebRequirements.id, requirementId), ofBetrieb(betriebRequirements, betriebId, userId)));
      if (!row) throw requirementNotFound();
      return row;
    },

    /** Replaces a requirement's values (admins): 409 when that makes it one the Betrieb has already. */
    update(betriebId: number, userId: number, requirementId: number, values: RequirementValues): Promise<Requirement> {
      return db.transaction(async (tx) => {
        await asAdmin(tx, betriebId, userId);
        await checkDepot(tx, betriebId, values.depotId);
        try {
          const [row] = await tx
            .update(betriebRequirements)
            .set(values)
            .where(and(eq(betriebRequirements.id, requirementId), eq(betriebRequirements.betriebId, betriebId)))
            .returning({ id: betriebRequirements.id });
          if (!row) throw requirementNotFound();
        } catch (error) {
          if ((error as { code?: string }).code === '23505') throw duplicate();
          throw error;
        }
        return (await select(tx, betriebId, userId, requirementId))[0]!;
      });
    },

    /** Deletes a requirement (admins); the drivers' links to it go with it. */
    remove(betriebId: number, userId: number, requirementId: number): Promise<void> {
      return removeAsAdmin(db, betriebRequirements, betriebId, userId, requirementId);
    },

    /** The keys of the Betrieb's requirements (admins), for an import's preview. */
    async keys(betriebId: number, userId: number): Promise<Set<string>> {
      const rows = await db
        .select(valueColumns)
        .from(betriebRequirements)
        .where(ofBetrieb(betriebRequirements, betriebId, userId));
      return new Set(rows.map(requirementKey));
    },

    /** The Betrieb's depots by name, lower case (admins), for an import. */
    async depotsByName(betriebId: number, userId: number): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: betriebDepots.id, name: betriebDepots.name })
        .from(betriebDepots)
        .where(and(eq(betriebDepots.betriebId, betriebId), isMember(betriebId, userId, ['admin'])));
      return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
    },

    /**
     * Adds the new ones of `values` in one transaction (admins), leaving out those the Betrieb has; answers how many
     * were added. The whole import is refused (422) when it would take the Betrieb over the limit.
     */
    importMany(betriebId: number, userId: number, values: readonly RequirementValues[]): Promise<number> {
      return db.transaction(async (tx) => {
        await asAdmin(tx, betriebId, userId);
        const depots = [...new Set(values.map((value) => value.depotId).filter((id) => id !== null))];
        if (depots.length > 0) {
          const found = await tx
            .select({ id: betriebDepots.id })
            .from(betriebDepots)
            .where(and(eq(betriebDepots.betriebId, betriebId), inArray(betriebDepots.id, depots)));
          if (found.length !== depots.length) {
            // Only when a depot was removed between reading the file and writing it.
            throw unprocessable([
              { propertyPath: 'file', message: 'Ein Depot der Datei gibt es im Betrieb nicht mehr.' },
            ]);
          }
        }
        let added = 0;
        for (let i = 0; i < values.length; i += 500) {
          const rows = await tx
            .insert(betriebRequirements)
            .values(values.slice(i, i + 500).map((value) => ({ betriebId, ...value })))
            .onConflictDoNothing()
            .returning({ id: betriebRequirements.id });
          added += rows.length;
        }
        if ((await count(tx, betriebId)) > LIMITS.requirementsPerBetrieb) throw tooMany();
        return added;
      });
    },
  };
}

export type RequirementsRepository = ReturnType<typeof createRequirementsRepository>;

export default repositoryPlugin(
  'requirementsRepository',
  (app) => createRequirementsRepository(app.db, app.stations.index),
  ['stations', 'betriebeRepository'],
);
