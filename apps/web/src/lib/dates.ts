import { deviceTimeZone } from '@streckenpass/contract/format';
import { todayIn } from '@streckenpass/contract/knowledge';

// How dates read (dd.mm.yyyy; a timestamp as dd.mm.yyyy, hh:mm): the contract's formatters, the same as in the
// exports and mails. Exported here too for the pages that read them from this module.
export { formatDate, formatDateTime } from '@streckenpass/contract/format';

/** Today's calendar date in the browser's zone as yyyy-mm-dd (input format). */
export function todayInput(now = new Date()): string {
  return todayIn(deviceTimeZone(), now);
}
