import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { LIMITS } from '@streckenpass/contract/limits';
import type {
  Requirement,
  RequirementMatch,
  VehicleRequirement,
  VehicleRequirementMatch,
} from '@streckenpass/contract/requirements';
import type { LineSection } from '@streckenpass/contract/network';
import type { StationIndex } from '@streckenpass/contract/stations';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import {
  betriebDepots,
  betriebRequirements,
  betriebVehicleRequirements,
  memberships,
  requirementLinks,
  routes,
} from '../../db/schema.js';
import { HttpError, notFound, unprocessable } from '../../lib/errors.js';
import { betriebNotFound, depotOf, isMember } from './betriebe.repository.js';
import { requirementMatches, vehicleRequirementMatches } from './requirement-matching.js';

declare module 'fastify' {
  interface FastifyInstance {
    requirementsRepository: RequirementsRepository;
  }
}

/*
 * A Betrieb's required route knowledge and its drivers' links of their own routes to it (issue 28 item 2). Like the
 * Betriebe repository, every statement is scoped by the caller's membership in SQL (`isMember`): the routes refuse a
 * caller without the role first (404 outside, 403 inside), and a statement that finds nothing because the caller has
 * just left answers the 404 of an unknown Betrieb. Admins write; every member reads; a driver links only their own
 * routes, on their own membership.
 */

const requirementNotFound = () => notFound('Anforderung nicht gefunden.');
const duplicate = () => new HttpError(409, 'Conflict', 'Diese Anforderung hat der Betrieb schon.');
const tooMany = () =>
  unprocessable([
    {
      propertyPath: 'file',
      message: `Ein Betrieb hat höchstens ${LIMITS.requirementsPerBetrieb} Anforderungen.`,
    },
  ]);

/** A requirement as stored, checked: codes of the data set, a depot of the Betrieb (or none). */
export interface RequirementValues {
  startStation: string;
  endStation: string;
  companyRoute: string | null;
  /** The line section: all three or none (null). */
  line: number | null;
  fromKm: number | null;
  toKm: number | null;
  depotId: number | null;
}

/** A requirement's line section from its stored columns. */
export function sectionOf(row: Pick<RequirementValues, 'line' | 'fromKm' | 'toKm'>): LineSection | null {
  return row.line === null || row.fromKm === null || row.toKm === null
    ? null
    : { line: row.line, fromKm: row.fromKm, toKm: row.toKm };
}

/** A line section as stored columns (none: three nulls). */
export function sectionColumns(section: LineSection | null): Pick<RequirementValues, 'line' | 'fromKm' | 'toKm'> {
  return section
    ? { line: section.line, fromKm: section.fromKm, toKm: section.toKm }
    : { line: null, fromKm: null, toKm: null };
}

/** The key two requirements are the same by: depot, the pair in either direction, the Kürzel without case. */
export const requirementKey = (
  value: Pick<RequirementValues, 'startStation' | 'endStation' | 'companyRoute' | 'depotId'>,
) =>
  JSON.stringify([
    value.depotId ?? 0,
    [value.startStation, value.endStation].sort(),
    (value.companyRoute ?? '').toLowerCase(),
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
};

const columns = {
  id: betriebRequirements.id,
  startStation: betriebRequirements.startStation,
  endStation: betriebRequirements.endStation,
  companyRoute: betriebRequirements.companyRoute,
  line: betriebRequirements.line,
  fromKm: betriebRequirements.fromKm,
  toKm: betriebRequirements.toKm,
  depotId: betriebDepots.id,
  depotName: betriebDepots.name,
  createdAt: betriebRequirements.createdAt,
};

export function createRequirementsRepository(db: Executor, stations: StationIndex) {
  const station = (code: string) => ({ code, name: stations.byCode(code)?.name ?? code });

  function toRequirement(row: {
    id: number;
    startStation: string;
    endStation: string;
    companyRoute: string | null;
    line: number | null;
    fromKm: number | null;
    toKm: number | null;
    depotId: number | null;
    depotName: string | null;
    createdAt: Date;
  }): Requirement {
    return {
      id: row.id,
      startStation: station(row.startStation),
      endStation: station(row.endStation),
      companyRoute: row.companyRoute,
      section: sectionOf(row),
      depot: depotOf(row.depotId, row.depotName),
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * The Betrieb's requirements for any of its members (none for others): one, when `requirementId` is given; the whole
   * Betrieb's and one depot's, when `depotId` is.
   */
  /** Rows of a Betrieb's table, for its admins only (the scope of every admin statement). */
  function ofBetrieb(
    table: typeof betriebRequirements | typeof betriebVehicleRequirements,
    betriebId: number,
    userId: number,
  ) {
    return and(eq(table.betriebId, betriebId), isMember(betriebId, userId, ['admin']));
  }

  /** Deletes one requirement of either kind (admins): 404 when the Betrieb has no such one. */
  async function removeAsAdmin(
    table: typeof betriebRequirements | typeof betriebVehicleRequirements,
    betriebId: number,
    userId: number,
    requirementId: number,
  ): Promise<void> {
    const [row] = await db
      .delete(table)
      .where(and(eq(table.id, requirementId), ofBetrieb(table, betriebId, userId)))
      .returning({ id: table.id });
    if (!row) throw requirementNotFound();
  }

  async function select(ex: Executor, betriebId: number, userId: number, requirementId?: number, depotId?: number) {
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
    return rows.map(toRequirement);
  }

  /** In a transaction: the caller is an admin of the Betrieb (locks nothing; 404 when they have just left). */
  async function asAdmin(tx: Executor, betriebId: number, userId: number): Promise<void> {
    const [row] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.betriebId, betriebId), eq(memberships.userId, userId)));
    if (row?.role !== 'admin') throw betriebNotFound();
  }

  /** 422 for a depot that is not the Betrieb's. */
  async function checkDepot(tx: Executor, betriebId: number, depotId: number | null, field = 'depot') {
    if (depotId === null) return;
    const [depot] = await tx
      .select({ id: betriebDepots.id })
      .from(betriebDepots)
      .where(and(eq(betriebDepots.id, depotId), eq(betriebDepots.betriebId, betriebId)));
    if (!depot) throw unprocessable([{ propertyPath: field, message: 'Dieses Depot gibt es im Betrieb nicht.' }]);
  }

  async function count(tx: Executor, betriebId: number): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::integer` })
      .from(betriebRequirements)
      .where(eq(betriebRequirements.betriebId, betriebId));
    return Number(row?.n ?? 0);
  }

  /** The caller's membership id when they are a driver of the Betrieb; 404 otherwise (the routes refuse before). */
  async function driverMembership(ex: Executor, betriebId: number, userId: number): Promise<number> {
    const [row] = await ex
      .select({ id: memberships.id, role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.betriebId, betriebId), eq(memberships.userId, userId)));
    if (row?.role !== 'driver') throw betriebNotFound();
    return row.id;
  }

  /** One requirement with the driver's match. */
  async function matchIn(ex: Executor, betriebId: number, userId: number, requirementId: number) {
    const [requirement] = await select(ex, betriebId, userId, requirementId);
    if (!requirement) return undefined;
    const row = (await requirementMatches(ex, betriebId, [userId])).find((r) => r.requirementId === requirementId);
    return { ...requirement, match: row?.match ?? null, link: row?.link ?? null } satisfies RequirementMatch;
  }

  /** The Betrieb's required vehicle types (one, when `requirementId` is given) for any of its members. */
  async function selectVehicles(ex: Executor, betriebId: number, userId: number, requirementId?: number) {
    const v = betriebVehicleRequirements;
    const rows = await ex
      .select({
        id: v.id,
        vehicleType: v.vehicleType,
        depotId: betriebDepots.id,
        depotName: betriebDepots.name,
        createdAt: v.createdAt,
      })
      .from(v)
      .leftJoin(betriebDepots, eq(betriebDepots.id, v.depotId))
      .where(
        and(
          eq(v.betriebId, betriebId),
          requirementId === undefined ? undefined : eq(v.id, requirementId),
          isMember(betriebId, userId),
        ),
      )
      .orderBy(sql`${v.depotId} asc nulls first`, sql`lower(${v.vehicleType})`, asc(v.id));
    return rows.map((row): VehicleRequirement => ({
      id: row.id,
      vehicleType: row.vehicleType,
      depot: depotOf(row.depotId, row.depotName),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  return {
    /** The Betrieb's required vehicle types (every member), the whole Betrieb's first, then by depot and name. */
    listVehicles(betriebId: number, userId: number): Promise<VehicleRequirement[]> {
      return selectVehicles(db, betriebId, userId);
    },

    /** Adds a required vehicle type (admins): 409 when the Betrieb has it already (case and blanks ignored). */
    createVehicle(
      betriebId: number,
      userId: number,
      values: { vehicleType: string; depotId: number | null },
    ): Promise<VehicleRequirement> {
      return db.transaction(async (tx) => {
        await asAdmin(tx, betriebId, userId);
        await checkDepot(tx, betriebId, values.depotId);
        const [row] = await tx
          .select({ n: sql<number>`count(*)::integer` })
          .from(betriebVehicleRequirements)
          .where(eq(betriebVehicleRequirements.betriebId, betriebId));
        if (Number(row?.n ?? 0) >= LIMITS.vehicleRequirementsPerBetrieb) {
          throw unprocessable([
            {
              propertyPath: 'vehicleType',
              message: `Ein Betrieb hat höchstens ${LIMITS.vehicleRequirementsPerBetrieb} geforderte Fahrzeugtypen.`,
            },
          ]);
        }
        const [created] = await tx
          .insert(betriebVehicleRequirements)
          .values({ betriebId, ...values })
          .onConflictDoNothing()
          .returning({ id: betriebVehicleRequirements.id });
        if (!created) throw new HttpError(409, 'Conflict', 'Diesen Fahrzeugtyp verlangt der Betrieb schon.');
        return (await selectVehicles(tx, betriebId, userId, created.id))[0]!;
      });
    },

    /** Deletes a required vehicle type (admins). */
    removeVehicle(betriebId: number, userId: number, requirementId: number): Promise<void> {
      return removeAsAdmin(betriebVehicleRequirements, betriebId, userId, requirementId);
    },

    /** The required vehicle types with the calling driver's vehicle of each type (drivers). */
    async vehicleMatchesFor(betriebId: number, userId: number): Promise<VehicleRequirementMatch[]> {
      const required = await selectVehicles(db, betriebId, userId);
      const matches = new Map(
        (await vehicleRequirementMatches(db, betriebId, [userId])).map((row) => [row.requirementId, row.vehicle]),
      );
      return required.map((requirement) => ({ ...requirement, vehicle: matches.get(requirement.id) ?? null }));
    },

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
      return removeAsAdmin(betriebRequirements, betriebId, userId, requirementId);
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

    /** The Betrieb's requirements with the calling driver's matching route and manual link (drivers). */
    async matchesFor(betriebId: number, userId: number): Promise<RequirementMatch[]> {
      const requirements = await select(db, betriebId, userId);
      const matches = new Map(
        (await requirementMatches(db, betriebId, [userId])).map((row) => [row.requirementId, row]),
      );
      return requirements.map((requirement) => ({
        ...requirement,
        match: matches.get(requirement.id)?.match ?? null,
        link: matches.get(requirement.id)?.link ?? null,
      }));
    },

    /**
     * Links one of the calling driver's own routes to a requirement by hand (replacing an earlier link): 404 for a
     * requirement of another Betrieb or a route that is not theirs.
     */
    link(betriebId: number, userId: number, requirementId: number, routeId: number): Promise<RequirementMatch> {
      return db.transaction(async (tx) => {
        const membershipId = await driverMembership(tx, betriebId, userId);
        const [requirement] = await tx
          .select({ id: betriebRequirements.id })
          .from(betriebRequirements)
          .where(and(eq(betriebRequirements.id, requirementId), eq(betriebRequirements.betriebId, betriebId)));
        if (!requirement) throw requirementNotFound();
        const [route] = await tx
          .select({ id: routes.id })
          .from(routes)
          .where(and(eq(routes.id, routeId), eq(routes.ownerId, userId)));
        if (!route) throw unprocessable([{ propertyPath: 'route', message: 'Diese Strecke gibt es nicht.' }]);
        await tx
          .insert(requirementLinks)
          .values({ requirementId, membershipId, routeId })
          .onConflictDoUpdate({
            target: [requirementLinks.requirementId, requirementLinks.membershipId],
            set: { routeId, linkedAt: sql`now()` },
          });
        return (await matchIn(tx, betriebId, userId, requirementId))!;
      });
    },

    /** Removes the calling driver's manual link to a requirement (nothing to remove: 204 all the same). */
    async unlink(betriebId: number, userId: number, requirementId: number): Promise<void> {
      const membershipId = await driverMembership(db, betriebId, userId);
      const [requirement] = await db
        .select({ id: betriebRequirements.id })
        .from(betriebRequirements)
        .where(and(eq(betriebRequirements.id, requirementId), eq(betriebRequirements.betriebId, betriebId)));
      if (!requirement) throw requirementNotFound();
      await db
        .delete(requirementLinks)
        .where(and(eq(requirementLinks.requirementId, requirementId), eq(requirementLinks.membershipId, membershipId)));
    },
  };
}

export type RequirementsRepository = ReturnType<typeof createRequirementsRepository>;

export default repositoryPlugin(
  'requirementsRepository',
  (app) => createRequirementsRepository(app.db, app.stations.index),
  ['stations', 'betriebeRepository'],
);
