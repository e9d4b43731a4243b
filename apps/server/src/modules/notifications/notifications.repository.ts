import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { NotificationSettings, UpdateNotificationSettingsInput } from '@streckenpass/contract/notifications';
import type { z } from 'zod';
import type { updateNotificationSettingsSchema } from '@streckenpass/contract/notifications';
import type { DriveWay } from '@streckenpass/contract/drive-ways';
import type { Executor } from '../../db/client.js';
import { isStorableId } from '../../db/owned.js';
import { repositoryPlugin } from '../../db/repository.js';
import { calendarFeeds, pushSubscriptions, routes, users } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { routeNameColumns } from '../../db/route-columns.js';

declare module 'fastify' {
  interface FastifyInstance {
    notificationsRepository: NotificationsRepository;
  }
}

export interface PushSubscriptionRow {
  id: number;
  ownerId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  createdAt: Date;
  lastSuccessAt: Date | null;
}

export interface FeedEntry {
  routeId: number;
  name: string;
  companyRoute: string | null;
  startPoint: string;
  endPoint: string;
  validUntil: string;
  lastDriven: string | null;
}

export interface FeedOwner {
  userId: number;
  thresholds: number[];
  contentHash: string | null;
  contentChangedAt: Date;
}

type SettingsPatch = z.output<typeof updateNotificationSettingsSchema>;

/**
 * The account's validity rules and reminder choices, its push subscriptions and its calendar feed (issue 16).
 * Every statement is scoped to the user in SQL; a subscription of someone else is 403, none 404.
 */
export function createNotificationsRepository(db: Executor, bump: (tx: Executor, userId: number) => Promise<void>) {
  const settingsColumns = {
    validityDays: users.validityDays,
    vehicleValidityDays: users.vehicleValidityDays,
    keepingWays: sql<DriveWay[]>`${users.keepingWays}`,
    reminderThresholds: users.reminderThresholds,
    reminderMail: users.reminderMail,
    reminderPush: users.reminderPush,
    calendarFeed:
      sql<boolean>`exists (select 1 from ${calendarFeeds} where ${calendarFeeds.userId} = ${users.id})`.mapWith(
        Boolean,
      ),
  };

  return {
    async findSettings(userId: number): Promise<Omit<NotificationSettings, 'timezone'> | undefined> {
      const [row] = await db.select(settingsColumns).from(users).where(eq(users.id, userId));
      return row;
    },

    async updateSettings(userId: number, patch: SettingsPatch | UpdateNotificationSettingsInput): Promise<void> {
      const set = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      if (Object.keys(set).length === 0) return;
      // Which ways keep knowledge valid decides the routes' validity (the trigger of migration 0018 recomputes it):
      // their data version moves with it, so that no client keeps the routes as they were (conditional GET).
      if (set.keepingWays === undefined) {
        await db.update(users).set(set).where(eq(users.id, userId));
        return;
      }
      await db.transaction(async (tx) => {
        await tx.update(users).set(set).where(eq(users.id, userId));
        await bump(tx, userId);
      });
    },

    listSubscriptions(userId: number): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.ownerId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
    },

    /**
     * Stores a browser's subscription. The endpoint is unique: a browser that subscribes again (new keys, or
     * another account signed in on the same device) replaces its earlier row, which then belongs to the caller.
     */
    async upsertSubscription(
      userId: number,
      input: { endpoint: string; p256dh: string; auth: string; label: string },
    ): Promise<PushSubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ ownerId: userId, ...input })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { ownerId: userId, p256dh: input.p256dh, auth: input.auth, label: input.label, createdAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('push subscription not stored');
      return row;
    },

    async removeSubscription(id: number, userId: number): Promise<void> {
      if (!isStorableId(id)) throw notFound('Push-Abonnement nicht gefunden.');
      const deleted = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.ownerId, userId)))
        .returning({ id: pushSubscriptions.id });
      if (deleted.length > 0) return;
      const [other] = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, id));
      if (other) throw forbidden();
      throw notFound('Push-Abonnement nicht gefunden.');
    },

    /** Creates or replaces the user's feed token (only its hash is stored); the old address stops working. */
    async setFeedToken(userId: number, tokenHash: string): Promise<void> {
      await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash })
        .onConflictDoUpdate({
          target: calendarFeeds.userId,
          set: { tokenHash, createdAt: sql`now()`, contentHash: null, contentChangedAt: sql`now()` },
        });
    },

    /** Deletes the user's calendar feed, inside `ex` when it is a transaction; false when there was none. */
    async revokeFeed(userId: number, ex: Executor = db): Promise<boolean> {
      const deleted = await ex
        .delete(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId))
        .returning({ userId: calendarFeeds.userId });
      return deleted.length > 0;
    },

    async findFeedOwner(tokenHash: string): Promise<FeedOwner | undefined> {
      const [row] = await db
        .select({
          userId: calendarFeeds.userId,
          thresholds: users.reminderThresholds,
          contentHash: calendarFeeds.contentHash,
          contentChangedAt: calendarFeeds.contentChangedAt,
        })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(eq(calendarFeeds.tokenHash, tokenHash));
      return row;
    },

    /** Records the hash of the feed just built; when it differs from the last one, the feed changed now. */
    async recordFeedContent(userId: number, contentHash: string): Promise<Date> {
      const [row] = await db
        .update(calendarFeeds)
        .set({
          contentHash,
          contentChangedAt: sql`case when ${calendarFeeds.contentHash} is distinct from ${contentHash} then date_trunc('second', now()) else ${calendarFeeds.contentChangedAt} end`,
        })
        .where(eq(calendarFeeds.userId, userId))
        .returning({ changedAt: calendarFeeds.contentChangedAt });
      return row?.changedAt ?? new Date();
    },

    /** Every recorded route of the user with its expiry date (kept by the triggers of migration 0001). */
    listFeedEntries(userId: number): Promise<FeedEntry[]> {
      return db
        .select({
          routeId: routes.id,
          ...routeNameColumns,
          validUntil: sql<string>`${routes.validUntil}`,
          lastDriven: routes.lastDriven,
        })
        .from(routes)
        .where(and(eq(routes.ownerId, userId), isNotNull(routes.validUntil)))
        .orderBy(asc(routes.validUntil), asc(routes.id));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

export default repositoryPlugin(
  'notificationsRepository',
  (app) => createNotificationsRepository(app.db, app.dataVersions.bump),
  ['dataVersions'],
);
