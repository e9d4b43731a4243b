import { and, desc, eq, isNull, or, gte, sql } from 'drizzle-orm';
import { toIri } from '@streckenpass/contract/common';
import type { ShareLink } from '@streckenpass/contract/share-links';
import type { Executor } from '../../db/client.js';
import { ownedBy, refuseMissing, resolveOwnedIds } from '../../db/owned.js';
import { repositoryPlugin } from '../../db/repository.js';
import { routes, shareLinkRoutes, shareLinks, shareLinkTours, tours } from '../../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    shareLinksRepository: ShareLinksRepository;
  }
}

const selectLinks = (ex: Executor) =>
  ex
    .select({
      link: shareLinks,
      routeIds: sql<number[]>`coalesce((select array_agg(${shareLinkRoutes.routeId} order by ${shareLinkRoutes.routeId})
        from ${shareLinkRoutes} where ${shareLinkRoutes.shareLinkId} = ${shareLinks.id}), '{}'::integer[])`,
      tourIds: sql<number[]>`coalesce((select array_agg(${shareLinkTours.tourId} order by ${shareLinkTours.tourId})
        from ${shareLinkTours} where ${shareLinkTours.shareLinkId} = ${shareLinks.id}), '{}'::integer[])`,
    })
    .from(shareLinks);

type Row = Awaited<ReturnType<ReturnType<typeof selectLinks>['where']>>[number];

function toShareLink({ link, routeIds, tourIds }: Row, today: string): ShareLink {
  return {
    id: link.id,
    label: link.label,
    all: link.allRecords,
    routes: routeIds.map(Number),
    tours: tourIds.map(Number),
    expiresOn: link.expiresOn,
    createdAt: link.createdAt.toISOString(),
    lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    state: link.revokedAt ? 'revoked' : link.expiresOn !== null && link.expiresOn < today ? 'expired' : 'active',
  };
}

export function createShareLinksRepository(db: Executor) {
  async function findIn(ex: Executor, id: number, ownerId: number, today: string): Promise<ShareLink | undefined> {
    const [row] = await selectLinks(ex).where(ownedBy(shareLinks, id, ownerId));
    return row && toShareLink(row, today);
  }

  return {
    async list(ownerId: number, today: string): Promise<ShareLink[]> {
      const rows = await selectLinks(db)
        .where(eq(shareLinks.ownerId, ownerId))
        .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
      return rows.map((row) => toShareLink(row, today));
    },

    /** Stores a new link by its token's hash; the chosen routes and tours must be the owner's (403 / 422). */
    create(
      ownerId: number,
      input: { label?: string; expiresOn?: string; routes?: number[]; tours?: number[] },
      tokenHash: string,
      today: string,
    ): Promise<ShareLink> {
      return db.transaction(async (tx) => {
        const routeIds = await resolveOwnedIds(
          tx,
          routes,
          'routes',
          (input.routes ?? []).map((id) => toIri('routes', id)),
          ownerId,
          'routes',
        );
        const tourIds = await resolveOwnedIds(
          tx,
          tours,
          'tours',
          (input.tours ?? []).map((id) => toIri('tours', id)),
          ownerId,
          'tours',
        );
        const [row] = await tx
          .insert(shareLinks)
          .values({
            ownerId,
            tokenHash,
            label: input.label || null,
            allRecords: routeIds.length === 0 && tourIds.length === 0,
            expiresOn: input.expiresOn ?? null,
          })
          .returning({ id: shareLinks.id });
        const id = row!.id;
        if (routeIds.length > 0)
          await tx.insert(shareLinkRoutes).values(routeIds.map((routeId) => ({ shareLinkId: id, routeId })));
        if (tourIds.length > 0)
          await tx.insert(shareLinkTours).values(tourIds.map((tourId) => ({ shareLinkId: id, tourId })));
        return (await findIn(tx, id, ownerId, today))!;
      });
    },

    /** Revokes the owner's link (403 someone else's, 404 none); revoking twice keeps the first time. */
    async revoke(id: number, ownerId: number, today: string): Promise<ShareLink> {
      const updated = await db
        .update(shareLinks)
        .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, now())` })
        .where(ownedBy(shareLinks, id, ownerId))
        .returning({ id: shareLinks.id });
      if (updated.length === 0) await refuseMissing(db, shareLinks, id, 'Freigabe-Link');
      return (await findIn(db, id, ownerId, today))!;
    },

    /**
     * Revokes every link of the owner that is not revoked yet (a password change that ends shared access,
     * docs/decisions/0033), inside `ex` when it is a transaction. Returns how many.
     */
    async revokeAllOf(ownerId: number, ex: Executor = db): Promise<number> {
      const updated = await ex
        .update(shareLinks)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(shareLinks.ownerId, ownerId), isNull(shareLinks.revokedAt)))
        .returning({ id: shareLinks.id });
      return updated.length;
    },

    /**
     * The link of a token's hash if it opens today (not revoked, not past its last day), with what it shows; notes
     * the time it was opened. Unknown, revoked and expired links all give undefined: one answer for all three.
     */
    async open(tokenHash: string, today: string) {
      const [row] = await db
        .update(shareLinks)
        .set({ lastOpenedAt: new Date() })
        .where(
          and(
            eq(shareLinks.tokenHash, tokenHash),
            isNull(shareLinks.revokedAt),
            or(isNull(shareLinks.expiresOn), gte(shareLinks.expiresOn, today)),
          ),
        )
        .returning({ id: shareLinks.id, ownerId: shareLinks.ownerId, all: shareLinks.allRecords });
      if (!row) return undefined;
      const [found] = await selectLinks(db).where(eq(shareLinks.id, row.id));
      return {
        id: row.id,
        ownerId: row.ownerId,
        all: row.all,
        routes: (found?.routeIds ?? []).map(Number),
        tours: (found?.tourIds ?? []).map(Number),
      };
    },
  };
}

export type ShareLinksRepository = ReturnType<typeof createShareLinksRepository>;

export default repositoryPlugin('shareLinksRepository', (app) => createShareLinksRepository(app.db));
