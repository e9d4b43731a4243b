import { sql } from 'drizzle-orm';
import { BETRIEB_MEMBER_READER_ROLES } from '@streckenpass/contract/terms';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { betriebDepots, betriebe, memberships, users } from '../../db/schema.js';
import { requirementWithNames, type RegisterProofContent } from '../../export/register-model.js';
import { memberName } from '../../lib/member-name.js';
import { betriebNotFound, isMember } from './betriebe.repository.js';
import { lastPassedCheck } from './next-check.repository.js';
import type { RequirementsRepository } from './requirements.repository.js';
import { keptCoverage, requirementRelation, rowsOf } from './requirement-matching.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    registerRepository: RegisterRepository;
  }
}

interface DriverRow {
  membership_id: number;
  firstname: string | null;
  lastname: string | null;
  depot: string | null;
  checked_on: string | null;
  check_betrieb: string | null;
}

interface KnownRow {
  membership_id: number;
  requirement_id: number;
}

/*
 * The register per TfV § 10 (4) (issue 41 item 6, docs/decisions/0064), read for the Betrieb's admins, Disponenten and
 * examiners: each current driver with 31.1, the requirements asked of them that they know validly on the Stichtag (the
 * matrix's kept best match, `keptCoverage`, valid through the day), and 31.2, their last passed periodic check — from
 * any Betrieb's attestation that is not withdrawn, and not hidden from this one unless it issued it (what the driver
 * brought from an earlier Betrieb counts: TfV § 13). Both statements run in one read-only snapshot, scoped by the
 * reader's membership.
 */
export function createRegisterRepository(db: Executor, requirements: Pick<RequirementsRepository, 'list'>) {
  return {
    /** The register's content on `asOf` as `readerId` issues it; 404 when the reader is not (or no longer) a reader. */
    async content(betriebId: number, readerId: number, asOf: string): Promise<RegisterProofContent> {
      const asked = await requirements.list(betriebId, readerId);
      const read = await db.transaction(async (tx) => {
        await tx.execute(sql`set transaction isolation level repeatable read, read only`);
        const scope = isMember(betriebId, readerId, BETRIEB_MEMBER_READER_ROLES);
        const head = rowsOf<{ name: string; firstname: string | null; lastname: string | null }>(
          await tx.execute(sql`select b.name, u.firstname, u.lastname from ${betriebe} b, ${users} u
                                where b.id = ${betriebId} and u.id = ${readerId} and ${scope}`),
        );
        if (head.length === 0) return undefined;
        const drivers = rowsOf<DriverRow>(
          await tx.execute(sql`
            select m.id as membership_id, u.firstname, u.lastname, d.name as depot,
                   to_char(c.checked_on, 'YYYY-MM-DD') as checked_on, c.betrieb_name as check_betrieb
              from ${memberships} m join ${users} u on u.id = m.user_id
              left join ${betriebDepots} d on d.id = m.depot_id
              left join lateral (${lastPassedCheck(sql`m.user_id`, betriebId)}) c on true
             where m.betrieb_id = ${betriebId} and m.role = 'driver'
             order by u.lastname collate "und-x-icu", u.firstname collate "und-x-icu", m.id`),
        );
        const known = rowsOf<KnownRow>(
          await tx.execute(sql`
            with req as (${requirementRelation(betriebId)}),
                 mem as (select m.id as membership_id, m.depot_id from ${memberships} m
                          where m.betrieb_id = ${betriebId} and m.role = 'driver')
            select k.membership_id, k.requirement_id from (${keptCoverage(betriebId, true)}) k
             where k.valid_until >= ${asOf}::date`),
        );
        return { head: head[0]!, drivers, known };
      });
      if (!read) throw betriebNotFound();
      const labels = new Map(asked.map((requirement) => [requirement.id, requirementWithNames(requirement)]));
      const order = new Map(asked.map((requirement, index) => [requirement.id, index]));
      const knownBy = new Map<number, number[]>();
      for (const row of read.known) {
        knownBy.set(row.membership_id, [...(knownBy.get(row.membership_id) ?? []), row.requirement_id]);
      }
      return {
        document: 'register',
        betrieb: { id: betriebId, name: read.head.name },
        asOf,
        issuer: { firstname: read.head.firstname, lastname: read.head.lastname },
        drivers: read.drivers.map((driver) => ({
          name: memberName(driver),
          depot: driver.depot,
          infrastructure: (knownBy.get(driver.membership_id) ?? [])
            .filter((id) => labels.has(id))
            .sort((a, b) => order.get(a)! - order.get(b)!)
            .map((id) => labels.get(id)!),
          lastCheck:
            driver.checked_on && driver.check_betrieb
              ? { checkedOn: driver.checked_on, betrieb: driver.check_betrieb }
              : null,
        })),
      };
    },
  };
}

export type RegisterRepository = ReturnType<typeof createRegisterRepository>;

export default repositoryPlugin(
  'registerRepository',
  (app) => createRegisterRepository(app.db, app.requirementsRepository),
  ['requirementsRepository'],
);
