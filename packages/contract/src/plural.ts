/**
 * German counts: "1 Strecke", "2 Strecken", "1.000 Strecken". One helper instead of `n === 1 ? … : …` at every
 * place that prints a count. No zod here: pages import this freely.
 */
import { formatNumber } from './format.js';

/** Whether German takes the singular for `count`: exactly one (also "seit 1 Tag" for -1), never for 0 or 1,5. */
function isOne(count: number): boolean {
  return count === 1 || count === -1;
}

/**
 * The word for `count` things without the number: `pluralWord(1, 'Zeile wird', 'Zeilen werden')`. For sentences
 * whose verb agrees with the count, or where the number is printed elsewhere.
 */
export function pluralWord(count: number, one: string, many: string): string {
  return isOne(count) ? one : many;
}

/** `count` and its word, the number in de-DE form: `plural(1, 'Strecke', 'Strecken')` → "1 Strecke", "1.000 Strecken". */
export function plural(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${pluralWord(count, one, many)}`;
}
