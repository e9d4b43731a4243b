import { sql, type SQL } from 'drizzle-orm';
import { nextCheckOf, undrivenBefore, type NextCheck } from '@streckenpass/contract/periodic-check';
import { BETRIEB_MEMBER_READER_ROLES } from '@streckenpass/contract/terms';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import {
  attestations,
  betriebRequirements,
  issuedDocuments,
  memberships,
  requirementCoverage,
  routes,
  users,
} from '../../db/schema.js';
import { isMember } from './betriebe.repository.js';
import { rowsOf } from './requirement-matching.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    nextCheckRepository: NextCheckRepository;
  }
}

/**
 * The latest passed periodic check the driver `userId` holds, as the Betrieb `betriebId` may see it (issue 41 items 5
 * and 6): an attestation of any Betrieb that is not withdrawn, and not hidden from this one unless it issued it (what
 * a driver brings from an earlier Betrieb counts, TfV § 13). A statement `(checked_on, betrieb_name)` for a lateral
 * join; the register's 31.2 and the next check read it alike.
 */
export function lastPassedCheck(userId: SQL, betriebId: number): SQL {
  return sql`select a.checked_on, a.betrieb_name from ${attestations} a
      join ${issuedDocuments} doc on doc.id = a.document_id
     where a.user_id = ${userId} and a.kind = 'periodic_check' and doc.revoked_at is null
       and (a.betrieb_id = ${betriebId} or not a.hidden)
     order by a.checked_on desc, a.id desc limit 1`;
}

/** One driver's next check, with their name for the weekly mail. */
export interface DriverNextCheck {
  membershipId: number;
  firstname: string | null;
  lastname: string | null;
  nextCheck: NextCheck;
}

/*
 * When each driver's next check of the infrastructure knowledge is due (contract periodic-check.ts, TfV Anlage 11
 * Nr. 3 b): from the last passed check (`lastPassedCheck`) and the requirements asked of them whose matching route
 * (the kept best match) was last driven more than a year ago. Read by the Betrieb's admins, Disponenten and examiners,
 * scoped by the reader's membership in SQL.
 */
export function createNextCheckRepository(db: Executor) {
  return {
    /** The drivers' next checks on `asOf` (of `membershipIds`, else every driver), by name; none for a non-reader. */
    async of(
      betriebId: number,
      readerId: number,
      asOf: string,
      membershipIds?: readonly number[],
      ex: Executor = db,
    ): Promise<DriverNextCheck[]> {
      if (membershipIds?.length === 0) return [];
      const result = await ex.execute(sql`
        select m.id as membership_id, u.firstname, u.lastname,
               to_char(lc.checked_on, 'YYYY-MM-DD') as checked_on, lc.betrieb_name,
               coalesce((select array_agg(k.requirement_id order by k.requirement_id)
                           from ${requirementCoverage} k
                           join ${betriebRequirements} r on r.id = k.requirement_id
                           join ${routes} rt on rt.id = k.route_id
                          where k.membership_id = m.id and (r.depot_id is null or r.depot_id = m.depot_id)
                            and rt.last_driven < ${undrivenBefore(asOf)}::date), '{}') as undriven
          from ${memberships} m join ${users} u on u.id = m.user_id
          left join lateral (${lastPassedCheck(sql`m.user_id`, betriebId)}) lc on true
         where m.betrieb_id = ${betriebId} and m.role = 'driver'
           ${membershipIds ? sql`and m.id in ${membershipIds}` : sql``}
           and ${isMember(betriebId, readerId, BETRIEB_MEMBER_READER_ROLES)}
         order by u.lastname collate "und-x-icu", u.firstname collate "und-x-icu", m.id`);
      type Row = {
        membership_id: number;
        firstname: string | null;
        lastname: string | null;
        checked_on: string | null;
        betrieb_name: string | null;
        undriven: number[];
      };
      return rowsOf<Row>(result).map((row) => ({
        membershipId: Number(row.membership_id),
        firstname: row.firstname,
        lastname: row.lastname,
        nextCheck: nextCheckOf(
          row.checked_on && row.betrieb_name ? { checkedOn: row.checked_on, betrieb: row.betrieb_name } : null,
          row.undriven.map(Number),
          asOf,
        ),
      }));
    },
  };
}

export type NextCheckRepository = ReturnType<typeof createNextCheckRepository>;

export default repositoryPlugin('nextCheckRepository', (app) => createNextCheckRepository(app.db));
