import { asc, type SQL } from 'drizzle-orm';
import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { tourSchemas } from '@streckenpass/contract/tours';
import type { Executor } from '../../db/client.js';
import { linkedIdsColumn, tourRoutesLink } from '../../db/links.js';
import { ownedRecords } from '../../db/owned-records.js';
import { repositoryPlugin } from '../../db/repository.js';
import { tourRoutes, tours } from '../../db/schema.js';
import { germanOrder } from '../../db/sort.js';
import type { Backup } from '@streckenpass/contract/backup';
import { LIMITS } from '@streckenpass/contract/limits';
import { unprocessable } from '../../lib/errors.js';
import {
  chunks,
  inPage,
  insertLinks,
  insertRecords,
  key,
  keysOf,
  newLinks,
  withLinkedIds,
} from '../../db/backup-rows.js';
import type { BackupSection } from '../../db/backup-section.js';
import { plural } from '@streckenpass/contract/plural';
import { TERMS } from '@streckenpass/contract/terms';

declare module 'fastify' {
  interface FastifyInstance {
    toursRepository: ToursRepository;
  }
}

const selectTours = (ex: Executor, where: SQL | undefined) =>
  ex
    .select({ id: tours.id, ownerId: tours.ownerId, name: tours.name, routes: linkedIdsColumn(tourRoutesLink) })
    .from(tours)
    .where(where)
    .orderBy(germanOrder(tours.name), asc(tours.id));

export const createToursRepository = (db: Executor, bump: (tx: Executor, userId: number) => Promise<void>) =>
  ownedRecords(db, bump, RECORD_KINDS.tours, tourSchemas, {
    table: tours,
    select: selectTours,
    toItem: ({ name }) => ({ name }),
    links: { routes: tourRoutesLink },
    columns: async ({ name }) => ({ name }),
  });

export type ToursRepository = ReturnType<typeof createToursRepository>;

export default repositoryPlugin('toursRepository', (app) => createToursRepository(app.db, app.dataVersions.bump), [
  'dataVersions',
]);

// The backup section of these records (db/backup-section.ts), handed to the backup by the module's index.ts.

type TourItem = Backup['tours'][number];

export const toursSection: BackupSection<TourItem> = {
  name: 'tours',
  records: { kind: 'tours', reader: (app) => app.toursRepository },
  tables: [tours, tourRoutes],
  references: [{ section: 'routes', refs: (tour) => tour.routes, what: 'Strecke' }],
  quota: {
    records: RECORD_KINDS.tours.quota,
    links: { refs: (tour) => tour.routes, quota: tourRoutesLink.quota },
  },
  async read(ex, userId, page) {
    const rows = await inPage(
      ex.select({ ref: tours.id, name: tours.name }).from(tours).$dynamic(),
      tours,
      userId,
      page,
    );
    return withLinkedIds(ex, userId, rows, tourRoutesLink, 'routes');
  },
  naturalKey: (tour) => key(tour.name),
  describe: (tour) => `${tour.name} (${plural(tour.routes.length, TERMS.route, TERMS.routes)})`,
  async insert(ex, userId, items, idOf) {
    const ids = await insertRecords(ex, 'tours', userId, { name: 'text' }, items, (item) => ({ name: item.name }));
    await insertLinks(
      ex,
      newLinks(tourRoutesLink, items, ids, (item) => item.routes, 'routes', idOf),
    );
    return ids;
  },
  merge: {
    plan(existing, incoming, existingKeyOf, incomingKeyOf) {
      const have = new Set(keysOf('routes', existing.routes, existingKeyOf));
      const missing = new Set(keysOf('routes', incoming.routes, incomingKeyOf).filter((k) => !have.has(k)));
      if (missing.size === 0) return null;
      // The merged tour must stay within the limit a tour has everywhere, or the next backup could not be restored.
      if (have.size + missing.size > LIMITS.routesPerTour) {
        throw unprocessable([
          {
            propertyPath: 'tours',
            message:
              `Die Tour „${existing.name}“ hätte danach ${have.size + missing.size} Strecken; eine Tour umfasst ` +
              `höchstens ${LIMITS.routesPerTour} Strecken.`,
          },
        ]);
      }
      return `${existing.name}: ${plural(missing.size, TERMS.route, TERMS.routes)} hinzu`;
    },
    async apply(ex, _userId, existing, incoming, idOf) {
      const rows = [...new Set(incoming.routes.map((ref) => idOf('routes', ref)))].map((routeId) => ({
        tourId: existing.ref,
        routeId,
      }));
      for (const part of chunks(rows)) await ex.insert(tourRoutes).values(part).onConflictDoNothing();
    },
  },
};
