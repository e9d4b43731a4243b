import dayjs from 'dayjs';
import 'dayjs/locale/de';

dayjs.locale('de');

/** yyyy-mm-dd (or an ISO timestamp) → dd.mm.yyyy; empty for nothing. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

export function formatDateTime(value: Date | number): string {
  return dayjs(value).format('DD.MM.YYYY, HH:mm');
}

/** Today's calendar date in the browser's zone as yyyy-mm-dd (input format). */
export function todayInput(now = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD');
}
