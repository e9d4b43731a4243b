import { createHash } from 'node:crypto';
import ical, { ICalAlarmType, ICalEventTransparency } from 'ical-generator';
import { PRODUCT_NAME } from '@streckenpass/contract/constants';
import { addDays } from '@streckenpass/contract/knowledge';
import { reminderLine, thresholdLabel } from '@streckenpass/contract/notifications';
import type { FeedEntry } from './notifications.repository.js';

/** Alarms ring at this hour (local time of the calendar app) on their day. */
const ALARM_HOUR = 9;
const HOUR = 3600;
const DAY = 24 * HOUR;

export interface FeedInput {
  entries: readonly FeedEntry[];
  thresholds: readonly number[];
  timezone: string;
  publicUrl: string;
}

/**
 * The personal calendar (docs/decisions/0022): one all-day event per recorded route on the last day its knowledge
 * is valid (a calendar date as counted in APP_TIMEZONE, so it needs no time zone), with one alarm per chosen
 * threshold at 09:00 of that day. The UID is the route's, so a renewal moves the event instead of adding one;
 * DTSTAMP is the day of the drive that set the date, so an unchanged feed is byte for byte the same (its ETag).
 */
export function buildFeed(input: FeedInput): string {
  const host = new URL(input.publicUrl).host;
  const calendar = ical({
    name: `${PRODUCT_NAME} – Streckenkunde`,
    description: 'Ablaufdaten Ihrer Streckenkunde mit Erinnerungen',
    prodId: { company: 'streckenpass', product: 'streckenpass', language: 'DE' },
    ttl: 6 * HOUR,
  });
  calendar.x('X-WR-TIMEZONE', input.timezone);
  for (const entry of input.entries) {
    const label = entry.companyRoute ? `${entry.name} (${entry.companyRoute})` : entry.name;
    const event = calendar.createEvent({
      id: `route-${entry.routeId}@${host}`,
      start: entry.validUntil,
      end: addDays(entry.validUntil, 1),
      allDay: true,
      stamp: new Date(`${entry.lastDriven ?? entry.validUntil}T00:00:00Z`),
      summary: `Streckenkunde läuft ab: ${label}`,
      description:
        `Letzter gültiger Tag der Streckenkunde für ${label} (${entry.startPoint} – ${entry.endPoint}). ` +
        'Eine neue Fahrt verlängert sie.',
      url: `${input.publicUrl}/route/${entry.routeId}`,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
    for (const threshold of input.thresholds) {
      const description = `${reminderLine(label, threshold)} (${thresholdLabel(threshold)})`;
      if (threshold === 0) {
        // Relative to the event's end (next midnight): ical-generator writes triggers after the start that way.
        event
          .createAlarm({ type: ICalAlarmType.display, trigger: DAY - ALARM_HOUR * HOUR, description })
          .relatesTo('END');
      } else {
        event.createAlarm({ type: ICalAlarmType.display, trigger: threshold * DAY - ALARM_HOUR * HOUR, description });
      }
    }
  }
  return calendar.toString();
}

export function feedHash(body: string): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 27);
}
