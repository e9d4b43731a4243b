import { asc } from 'drizzle-orm';
import type { Backup } from '@streckenpass/contract/backup';
import { LIMITS } from '@streckenpass/contract/limits';
import { tourRoutes, tours } from '../../../db/schema.js';
import { unprocessable } from '../../../lib/errors.js';
import { chunks, insertRows, key, keysOf, linkedIds, linkRows, pageOf, reserveIds } from './rows.js';
import type { BackupSection } from './section.js';

type TourItem = Backup['tours'][number];

export const toursSection: BackupSection<TourItem> = {
  name: 'tours',
  tables: [tours, tourRoutes],
  references: [{ section: 'routes', refs: (tour) => tour.routes, what: 'Strecke' }],
  quota: {
    records: { limit: LIMITS.toursPerAccount, label: 'Touren' },
    links: {
      refs: (tour) => tour.routes,
      quota: { limit: LIMITS.tourRoutesPerAccount, label: 'Strecken in allen Touren' },
    },
  },
  async read(ex, userId, page) {
    const rows = await ex
      .select({ ref: tours.id, name: tours.name })
      .from(tours)
      .where(pageOf(tours, userId, page))
      .orderBy(asc(tours.id))
      .limit(page.limit);
    const links = await linkedIds(
      ex,
      tours,
      tourRoutes.tourId,
      tourRoutes.routeId,
      tourRoutes,
      userId,
      rows.map((row) => row.ref),
    );
    return rows.map((row) => ({ ...row, routes: links.get(row.ref) ?? [] }));
  },
  naturalKey: (tour) => key(tour.name),
  describe: (tour) => `${tour.name} (${tour.routes.length} ${tour.routes.length === 1 ? 'Strecke' : 'Strecken'})`,
  async insert(ex, userId, items, idOf) {
    const ids = await reserveIds(ex, 'tours', items.length);
    await insertRows(
      ex,
      'tours',
      { id: 'integer', owner_id: 'integer', name: 'text' },
      items.map((item, i) => ({ id: ids[i], owner_id: userId, name: item.name })),
    );
    await insertRows(
      ex,
      'tour_routes',
      { tour_id: 'integer', route_id: 'integer' },
      linkRows(items, ids, (item) => item.routes, 'routes', idOf, ['tour_id', 'route_id']),
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
      return `${existing.name}: ${missing.size} ${missing.size === 1 ? 'Strecke' : 'Strecken'} hinzu`;
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
