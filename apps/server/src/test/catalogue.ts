import { sql } from 'drizzle-orm';
import type { App } from '../app.js';

/** A foreign key as information_schema describes it. */
export interface ForeignKey {
  table: string;
  column: string;
  parent: string;
  parentColumn: string;
  deleteRule: string;
}

async function rows<T>(app: App, query: string): Promise<T[]> {
  const result = (await app.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

/** Every table of the schema and every foreign key, read from information_schema (not from schema.ts). */
export async function catalogue(app: App): Promise<{ tables: string[]; keys: ForeignKey[] }> {
  const tables = (
    await rows<{ table_name: string }>(
      app,
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  ).map((row) => row.table_name);
  const keys = await rows<ForeignKey>(
    app,
    `
    select kcu.table_name as "table", kcu.column_name as "column", ccu.table_name as "parent",
           ccu.column_name as "parentColumn", rc.delete_rule as "deleteRule"
      from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = rc.constraint_name and ccu.constraint_schema = rc.constraint_schema
     where rc.constraint_schema = 'public'`,
  );
  return { tables, keys };
}

/**
 * For every table, the SQL condition "this row belongs to user $id": a column referencing users(id), or a column
 * referencing a row of a table that belongs to the user (through any chain of foreign keys). Null = no path.
 */
export function ownershipConditions(tables: string[], keys: ForeignKey[]): Map<string, string | null> {
  const conditions = new Map<string, string | null>();
  const resolve = (table: string, seen: Set<string>): string | null => {
    if (conditions.has(table)) return conditions.get(table)!;
    if (table === 'users') return `"id" = $USER`;
    if (seen.has(table)) return null;
    const paths: string[] = [];
    for (const key of keys.filter((k) => k.table === table)) {
      const parent = resolve(key.parent, new Set([...seen, table]));
      if (parent) paths.push(`"${key.column}" in (select "${key.parentColumn}" from "${key.parent}" where ${parent})`);
    }
    return paths.length > 0 ? paths.map((p) => `(${p})`).join(' or ') : null;
  };
  for (const table of tables) conditions.set(table, resolve(table, new Set()));
  return conditions;
}
