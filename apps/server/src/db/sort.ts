import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * German alphabetical order in SQL (see docs/decisions/0001-german-sort-order.md).
 *
 * German standard (dictionary) order, DIN 5007-1, is the Unicode root collation: umlauts sort with
 * their base letter (Ä with A), ß with ss, case and accents only break ties. CLDR's "de" locale adds no
 * tailoring to it, so the root ICU collation `und-x-icu` orders exactly like `de-x-icu` and like
 * `Intl.Collator('de')`. We use it because it exists in both databases we run on: PGlite (whose
 * build ships only the root ICU locale, no "de-x-icu") and every PostgreSQL built with ICU. The database
 * default collation ("C" in PGlite) would sort by code point: "Äpfelweg" after "Zebra", "apfel" after "Zug".
 */
export function germanOrder(column: PgColumn | SQL): SQL {
  return sql`${column} collate "und-x-icu"`;
}
