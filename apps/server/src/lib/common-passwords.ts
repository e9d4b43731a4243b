import { dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as german } from '@zxcvbn-ts/language-de';
import { PASSWORD_MIN_LENGTH } from '@streckenpass/contract/constants';

/**
 * New passwords (register, change, reset) must not be on a list of common and breached passwords (NIST SP 800-63B
 * 5.1.1.2, OWASP ASVS V2.1.7). The lists come from the zxcvbn-ts dictionaries, pinned in package.json (decision
 * 0013): `passwords-common` (~49,000 most frequent passwords from breach corpora) and the German common words
 * (`passwort`, …). Server-side only: the lists are ~0.5 MB and stay out of the web bundle. Only entries that the
 * length rule lets through at all are kept.
 */

export const COMMON_PASSWORD_MESSAGE =
  'Dieses Passwort ist zu verbreitet und steht in Listen häufig verwendeter oder gestohlener Passwörter. ' +
  'Bitte wählen Sie ein anderes, zum Beispiel mehrere Wörter.';

let breached: Set<string> | undefined;
let words: Set<string> | undefined;

function lists() {
  if (!breached || !words) {
    breached = new Set(common['passwords-common'].filter((entry) => entry.length >= 4));
    words = new Set(german.commonWords.filter((entry) => entry.length >= PASSWORD_MIN_LENGTH));
  }
  return { breached, words };
}

/**
 * Whether `password` is on the lists: as it is (case-insensitive), or as a listed password with digits or symbols
 * appended (`passwort1`, `schalke04!`, `hallo123456`).
 */
export function isCommonPassword(password: string): boolean {
  const { breached, words } = lists();
  const lower = password.trim().toLowerCase();
  if (breached.has(lower) || words.has(lower)) return true;
  const stem = lower.replace(/[\d\W_]+$/u, '');
  return stem.length >= 4 && stem !== lower && (breached.has(stem) || words.has(stem));
}
