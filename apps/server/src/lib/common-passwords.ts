import { PASSWORD_MIN_LENGTH } from '@streckenpass/contract/constants';

/**
 * New passwords (register, change, reset) must not be on a list of common and breached passwords (NIST SP 800-63B
 * 5.1.1.2, OWASP ASVS V2.1.7). The lists come from the zxcvbn-ts packages, pinned in package.json (decision 0013):
 * `passwords-common` (~49,000 most frequent passwords from breach corpora), the German common words (`passwort`, …),
 * first names and last names, and the German and English keyboard layouts. Server-side only: the lists are ~0.5 MB
 * and stay out of the web bundle. Only entries that the length rule lets through at all are kept. They are loaded with
 * the first password checked, not at start: parsing them took 50–80 ms of every start (docs/decisions/0054).
 *
 * German passwords that are on no list (update of 2026-11-25): keyboard walks on the German layout (`qwertzui`,
 * `yxcvbnm`) and short phrases of the most frequent German words (`ichliebedich`).
 */

export const COMMON_PASSWORD_MESSAGE =
  'Dieses Passwort ist zu verbreitet und steht in Listen häufig verwendeter oder gestohlener Passwörter. ' +
  'Bitte wählen Sie ein anderes, zum Beispiel mehrere Wörter.';

/** A walk along the keyboard of this many keys or more counts as common (`asdf`, `qwertz`). */
const WALK_MIN_KEYS = 4;
/** Phrases: at most this many words, each among the most frequent German words, written together. */
const PHRASE_MAX_WORDS = 3;
const PHRASE_VOCABULARY = 1_000;

interface Lists {
  breached: Set<string>;
  words: Set<string>;
  names: Set<string>;
  phraseWords: Set<string>;
  keyboards: Record<string, (string | null)[]>[];
}
let loaded: Promise<Lists> | undefined;

async function load(): Promise<Lists> {
  const [{ adjacencyGraphs, dictionary: common }, { dictionary: german }] = await Promise.all([
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-de'),
  ]);
  return {
    breached: new Set(common['passwords-common'].filter((entry) => entry.length >= 4)),
    words: new Set(german.commonWords.filter((entry) => entry.length >= PASSWORD_MIN_LENGTH)),
    // With digits appended a name is a password of the length rule (`michael1`, `schmidt2024`).
    names: new Set([...german.firstnames, ...german.lastnames].filter((entry) => entry.length >= 4)),
    // commonWords is ordered by frequency.
    phraseWords: new Set(german.commonWords.slice(0, PHRASE_VOCABULARY)),
    keyboards: [adjacencyGraphs.qwertz, adjacencyGraphs.qwerty] as Record<string, (string | null)[]>[],
  };
}

function lists(): Promise<Lists> {
  loaded ??= load();
  return loaded;
}

/**
 * Whether every key follows the one before in the same direction on the German or English layout: a row
 * (`qwertzui`, `ölkjhg`), a diagonal (`1qay`). The graphs list the six neighbours of a key, each direction at its index.
 */
function isKeyboardWalk(value: string, keyboards: Lists['keyboards']): boolean {
  const keys = [...value];
  if (keys.length < WALK_MIN_KEYS) return false;
  return keyboards.some((graph) =>
    [0, 1, 2, 3, 4, 5].some((direction) =>
      keys.every((key, i) => i === 0 || (graph[keys[i - 1]!]?.[direction] ?? '').includes(key)),
    ),
  );
}

/** Whether the letters are up to PHRASE_MAX_WORDS of the most frequent German words (`ichliebedich`, `hallohallo`). */
function isCommonPhrase(value: string, phraseWords: Set<string>): boolean {
  if (!/^\p{L}+$/u.test(value) || value.length > 40) return false;
  const within = (start: number, wordsLeft: number): boolean => {
    if (start === value.length) return true;
    if (wordsLeft === 0) return false;
    for (let end = value.length; end > start; end--) {
      if (phraseWords.has(value.slice(start, end)) && within(end, wordsLeft - 1)) return true;
    }
    return false;
  };
  return within(0, PHRASE_MAX_WORDS);
}

/**
 * Whether `password` is common (case-insensitive): on the lists, a keyboard walk or a phrase of the most frequent
 * German words, as it is or with digits or symbols appended (`passwort1`, `schalke04!`, `qwertz123`).
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  const { breached, words, names, phraseWords, keyboards } = await lists();
  const lower = password.trim().toLowerCase();
  const stem = lower.replace(/[^\p{L}]+$/u, '');
  const candidates = stem.length >= 4 && stem !== lower ? [lower, stem] : [lower];
  return candidates.some(
    (candidate) =>
      breached.has(candidate) ||
      words.has(candidate) ||
      names.has(candidate) ||
      isKeyboardWalk(candidate, keyboards) ||
      isCommonPhrase(candidate, phraseWords),
  );
}
