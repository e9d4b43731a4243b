import type { FastifyBaseLogger } from 'fastify';
import { reminderLine, type ReminderChannel } from '@streckenpass/contract/notifications';
import { todayIn } from '@streckenpass/contract/knowledge';
import { wallClockIn } from '@streckenpass/contract/format';
import type { AppConfig } from '../config.js';
import type { Mailer } from '../lib/mailer.js';
import type { PushMessage, PushSender } from '../lib/web-push.js';
import { reminderMail } from '../mail/scheduled-mails.js';
import type { PushTargetsRepository } from './push-targets.repository.js';
import type { DueReminder, RemindersRepository } from './reminders.repository.js';
import { mapWithConcurrency } from './weekly-report.js';

/** Reminders go out from this hour on (application time zone): a phone is not woken at midnight. */
export const REMINDER_HOUR = 7;
/** Every hour at minute 5: the day's reminders after REMINDER_HOUR, and whatever a missed run left. */
export const REMINDER_CRON = '5 * * * *';
/** A claim older than this belongs to a run that died before settling it; a later run takes it over. */
export const REMINDER_STALE_MINUTES = 10;
const CONCURRENCY = 8;

export interface ReminderDeps {
  reminders: RemindersRepository;
  pushTargets: PushTargetsRepository;
  mailer: Pick<Mailer, 'send'>;
  push: PushSender;
  config: Pick<AppConfig, 'timezone' | 'publicUrl'>;
  log: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
}

export interface ReminderRunResult {
  today: string;
  /** Messages (one per user and channel) that went out. */
  messages: number;
  /** Reminders (route × threshold × channel) in them. */
  reminders: number;
  late: number;
  /** Reminders held by another run (they stay with it, or a later run takes them over after its lease). */
  held: number;
  failed: number;
}

/**
 * Delivers one push message to every subscription of a user; subscriptions the push service calls gone
 * (404/410), and those the endpoint rule refuses before sending (docs/decisions/0030), are deleted. Returns how
 * many subscriptions accepted it; throws when none did and one failed.
 */
export async function deliverPush(
  deps: Pick<ReminderDeps, 'pushTargets' | 'push' | 'log'>,
  userId: number,
  message: PushMessage,
): Promise<number> {
  const targets = await deps.pushTargets.list(userId);
  let delivered = 0;
  let failure: unknown;
  for (const target of targets) {
    try {
      const outcome = await deps.push.send(target, message);
      if (outcome === 'gone') {
        await deps.pushTargets.removeGone(target.id);
        deps.log.info({ userId, subscription: target.id }, 'push subscription gone; deleted');
      } else if (outcome === 'refused') {
        // Nothing was sent: its endpoint is not public (any more) or its keys are unusable (decision 0030).
        await deps.pushTargets.removeGone(target.id);
        deps.log.warn({ userId, subscription: target.id }, 'push subscription breaks the endpoint rule; deleted');
      } else {
        delivered += 1;
        await deps.pushTargets.markDelivered(target.id);
      }
    } catch (err) {
      failure = err;
      deps.log.warn({ err, userId, subscription: target.id }, 'push message not delivered');
    }
  }
  if (delivered === 0 && failure) throw failure;
  return delivered;
}

/** The push message of a bundle: one route names it and opens its page; several open the quick record screen. */
export function reminderPushMessage(
  entries: readonly Pick<DueReminder, 'routeId' | 'name' | 'days' | 'late'>[],
): PushMessage {
  const first = entries[0];
  if (entries.length === 1 && first) {
    return {
      title: first.late ? 'Erinnerung (verspätet)' : 'Erinnerung Streckenkunde',
      body: reminderLine(first.name, first.days),
      url: `/route/${first.routeId}`,
      tag: `reminder-${first.routeId}`,
    };
  }
  return {
    title: `Streckenkunde: ${entries.length} Strecken laufen ab`,
    body: entries
      .slice(0, 4)
      .map((entry) => reminderLine(entry.name, entry.days))
      .join('\n'),
    url: '/documentation?quick=1',
    tag: 'reminders',
  };
}

/**
 * Sends every reminder due today (docs/decisions/0021): per user and channel one message with all of that user's
 * due reminders (late ones marked), each reminder claimed in reminder_log first so that it goes out once however
 * many runs and instances there are. Safe to run any number of times.
 */
export async function dispatchReminders(
  deps: ReminderDeps,
  options: { now?: Date; staleAfterMinutes?: number } = {},
): Promise<ReminderRunResult> {
  const today = todayIn(deps.config.timezone, options.now ?? new Date());
  const stale = options.staleAfterMinutes ?? REMINDER_STALE_MINUTES;
  const due = await deps.reminders.listDue(today);
  const bundles = new Map<string, DueReminder[]>();
  for (const item of due) {
    const key = `${item.userId}:${item.channel}`;
    const bundle = bundles.get(key);
    if (bundle) bundle.push(item);
    else bundles.set(key, [item]);
  }
  const result: ReminderRunResult = { today, messages: 0, reminders: 0, late: 0, held: 0, failed: 0 };

  const sendBundle = async (items: DueReminder[]) => {
    const first = items[0];
    if (!first) return;
    const claim = await deps.reminders.claim(items, stale);
    result.held += items.length - claim.routeIds.length;
    if (claim.routeIds.length === 0) return;
    const claimed = new Set(claim.routeIds);
    const entries = items.filter((item) => claimed.has(item.routeId));
    try {
      await send(deps, first.channel, first, entries);
    } catch (err) {
      result.failed += entries.length;
      deps.log.error({ err, userId: first.userId, channel: first.channel }, 'reminders not sent; the next run retries');
      await deps.reminders
        .release(claim)
        .catch((releaseErr: unknown) =>
          deps.log.error({ err: releaseErr, userId: first.userId }, 'reminder claims not released'),
        );
      return;
    }
    try {
      await deps.reminders.markSent(claim);
    } catch (err) {
      // Sent but not recorded: the one window a log cannot close (as for the weekly report, decision 0002).
      deps.log.error({ err, userId: first.userId }, 'reminders sent but not recorded');
    }
    result.messages += 1;
    result.reminders += entries.length;
    result.late += entries.filter((entry) => entry.late).length;
  };

  await mapWithConcurrency([...bundles.values()], CONCURRENCY, async (items) => {
    try {
      await sendBundle(items);
    } catch (err) {
      result.failed += items.length;
      deps.log.error({ err, userId: items[0]?.userId }, 'reminder bundle failed');
    }
  });
  await deps.reminders.purgeOld(today).catch((err: unknown) => deps.log.error({ err }, 'reminder log not purged'));
  deps.log.info(result, 'reminders dispatched');
  return result;
}

async function send(
  deps: ReminderDeps,
  channel: ReminderChannel,
  recipient: Pick<DueReminder, 'userId' | 'email' | 'firstname'>,
  entries: DueReminder[],
): Promise<void> {
  if (channel === 'mail') {
    await deps.mailer.send({
      to: recipient.email,
      ...reminderMail({
        firstname: recipient.firstname,
        entries,
        dashboardUrl: `${deps.config.publicUrl}/dashboard`,
        settingsUrl: `${deps.config.publicUrl}/account/notifications`,
      }),
    });
    return;
  }
  const delivered = await deliverPush(deps, recipient.userId, reminderPushMessage(entries));
  if (delivered === 0) throw new Error('no push subscription accepted the message');
}

/** Whether today's reminder time (REMINDER_HOUR in `timezone`) has come at `now`. */
export function isPastReminderHour(now: Date, timezone: string): boolean {
  return wallClockIn(now, timezone).hour >= REMINDER_HOUR;
}
