import { sql } from 'drizzle-orm';
import type { WhoCanDriveDriver } from '@streckenpass/contract/who-can-drive';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { betriebDepots, routes, users } from '../../db/schema.js';
import { driverOf, driversOf, requirementsOf, type DriverRow } from './matrix.repository.js';
import type { VehicleMatchingRepository } from './vehicle-matching.repository.js';
import { bestMatches, candidatesOn, coverageOn, rowsOf } from './requirement-matching.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    whoCanDriveRepository: WhoCanDriveRepository;
  }
}

/*
 * "Wer kann fahren?" (issue 28 item 4): the Betrieb's drivers who may drive a requirement or a station pair on a day,
 * for its admins and Disponenten, over the relations of the matrix (matrix.repository.ts) and scoped the same way.
 */

export function createWhoCanDriveRepository(db: Executor, matching: Pick<VehicleMatchingRepository, 'vehicleMatches'>) {
  return {
    /**
     * "Wer kann fahren?": the Betrieb's drivers (of the depot, when chosen) whose route meeting the requirement — or,
     * without one, the station pair in either direction — is valid on `date`, longest valid first, then by name; with
     * the required vehicle types each knows.
     */
    async find(
      betriebId: number,
      userId: number,
      target: { requirementId: number } | { from: string; to: string },
      date: string,
      today: string,
      depotId?: number,
    ): Promise<WhoCanDriveDriver[]> {
      // A requirement's matches are kept; a station pair is a requirement of no Betrieb (id 0: no manual links), met
      // by pair only, and goes by the rule through the pair index.
      const byRequirement = 'requirementId' in target;
      const req = byRequirement
        ? requirementsOf(betriebId, { requirementId: target.requirementId })
        : sql`select 0 as id, null::integer as depot_id, least(${target.from}::text, ${target.to}::text) as lo,
                     greatest(${target.from}::text, ${target.to}::text) as hi, null::text as code,
                     null::integer as line, null::float8 as km_lo, null::float8 as km_hi,
                     null::text[] as ways, null::jsonb as rule`;
      // Valid on `date`: a drive on or before it whose validity covers it (`coverageOn`, issue 38 item 6).
      const best = byRequirement
        ? coverageOn(betriebId, date, today)
        : sql`with candidates as (${candidatesOn(date)}) ${bestMatches}`;
      const result = await db.execute(sql`
        with req as (${req}),
             mem as (${driversOf(betriebId, userId, depotId)}),
             best as (${best})
        select mem.membership_id, mem.user_id, u.firstname, u.lastname, d.id as depot_id, d.name as depot_name,
               rt.id as route_id, rt.name as route_name, to_char(best.valid_until, 'YYYY-MM-DD') as valid_until
          from best join mem on mem.membership_id = best.membership_id
          join ${users} u on u.id = mem.user_id
          join ${routes} rt on rt.id = best.route_id
          left join ${betriebDepots} d on d.id = mem.depot_id
         where best.valid_until >= ${date}::date
         order by best.valid_until desc, u.lastname collate "und-x-icu", u.firstname collate "und-x-icu",
                  mem.membership_id`);
      type Row = DriverRow & { user_id: number; route_id: number; route_name: string; valid_until: string };
      const rows = rowsOf<Row>(result);
      const vehicles = new Map<number, WhoCanDriveDriver['vehicles']>();
      const matches = await matching.vehicleMatches(
        betriebId,
        rows.map((row) => Number(row.user_id)),
      );
      for (const match of matches) {
        if (!match.vehicle) continue;
        const known = vehicles.get(match.userId) ?? [];
        known.push({ requirementId: match.requirementId, vehicleType: match.vehicleType, vehicle: match.vehicle });
        vehicles.set(match.userId, known);
      }
      return rows.map((row) => ({
        ...driverOf(row),
        route: { id: Number(row.route_id), name: row.route_name, validUntil: row.valid_until },
        vehicles: vehicles.get(Number(row.user_id)) ?? [],
      }));
    },
  };
}

export type WhoCanDriveRepository = ReturnType<typeof createWhoCanDriveRepository>;

export default repositoryPlugin(
  'whoCanDriveRepository',
  (app) => createWhoCanDriveRepository(app.db, app.vehicleMatchingRepository),
  ['matrixRepository', 'vehicleMatchingRepository'],
);
