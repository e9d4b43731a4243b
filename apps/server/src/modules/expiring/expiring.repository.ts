import { asc, eq, sql } from 'drizzle-orm';
import type { ExpiringRoute } from '@streckenpass/contract/routes';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routes } from '../../db/schema.js';
import { germanOrder } from '../../db/sort.js';
import { routeNameColumns } from '../../db/route-columns.js';

export interface ExpiringOptions {
  /** The calendar date that counts as today (`todayIn(config.timezone)`). */
  today: string;
  /** Keep routes with at most this many days left; expired and never recorded ones always qualify. */
  days?: number | undefined;
  /** Drop never-recorded routes. */
  recordedOnly?: boolean | undefined;
}

const today = sql.placeholder('today');
const days = sql<number | null>`(${routes.validUntil} - ${today}::date)`;

function prepare(db: Executor) {
  return db
    .select({
      id: routes.id,
      ...routeNameColumns,
      acquired_until: routes.validUntil,
      acquired_until_days: days.mapWith(Number),
    })
    .from(routes)
    .where(
      sql`${eq(routes.ownerId, sql.placeholder('ownerId'))}
        and (not ${sql.placeholder('recordedOnly')}::boolean or ${routes.validUntil} is not null)
        and (${sql.placeholder('days')}::integer is null or ${routes.validUntil} is null
             or ${days} <= ${sql.placeholder('days')}::integer)`,
    )
    .orderBy(sql`${routes.validUntil} is not null`, sql`${days} asc`, germanOrder(routes.name), asc(routes.id))
    .prepare('routes_expiring');
}
const prepared = new WeakMap<Executor, ReturnType<typeof prepare>>();

/**
 * Every route of the owner with its validity and the days left, filtered and ordered in one prepared query on the
 * routes table alone: the validity is kept there by triggers in the same transaction as every activity write
 * (migration 0001), so nothing is aggregated per request. Never recorded first, then ascending days, then name:
 * the rules of `filterExpiring` in the contract's knowledge module, which the web client applies.
 */
async function listExpiringRoutes(db: Executor, ownerId: number, options: ExpiringOptions): Promise<ExpiringRoute[]> {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepare(db);
    prepared.set(db, statement);
  }
  const rows = await statement.execute({
    ownerId,
    today: options.today,
    days: options.days ?? null,
    recordedOnly: options.recordedOnly ?? false,
  });
  return rows.map((row) => ({
    ...row,
    acquired_until_days: row.acquired_until === null ? null : row.acquired_until_days,
  }));
}

/**
 * The expiring list, one read model: GET /api/routes/expiring answers it and the weekly report mails it (the job
 * gets this repository handed in).
 */
export function createExpiringRoutesRepository(db: Executor) {
  return {
    list: (ownerId: number, options: ExpiringOptions) => listExpiringRoutes(db, ownerId, options),
  };
}

export type ExpiringRoutesRepository = ReturnType<typeof createExpiringRoutesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    expiringRoutes: ExpiringRoutesRepository;
  }
}

export default repositoryPlugin('expiringRoutes', (app) => createExpiringRoutesRepository(app.db));
