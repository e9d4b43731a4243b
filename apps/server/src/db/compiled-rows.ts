import { Column, is, SQL, type DriverValueDecoder } from 'drizzle-orm';

/** What drizzle 0.45's prepared queries (node-postgres and PGlite alike) hold: its ordered fields and the row mapper. */
interface PreparedInternals {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

type Decoded = { decoder: DriverValueDecoder<unknown, unknown> };

/** The value decoder of a selected field, as drizzle's `mapResultRow` picks it (a column, an SQL, an aliased SQL). */
function decoderOf(field: unknown): DriverValueDecoder<unknown, unknown> {
  if (is(field, Column)) return field;
  // `decoder` is drizzle's own (internal in its types): what `.mapWith()` set, the identity otherwise.
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as Decoded).decoder;
  throw new Error('compiledRows: only columns and SQL expressions can be selected');
}

/**
 * A prepared select whose rows are decoded by a mapper built once from its fields, instead of drizzle's general
 * `mapResultRow`: that one asks for every value of every row which kind of field it is (three `is()` checks walking the
 * prototype chain) and walks the field's path. For the 100 rows of GET /api/routes that was 3–4 % of the request's CPU
 * on PostgreSQL (issue 30, docs/quality.md). The rows are the same objects with the same values: a flat selection
 * (no nested objects, no joins that nullify a table), decoded by each field's own `mapFromDriverValue`, null kept.
 *
 * It sets the prepared query's `customResultMapper`, the hook drizzle's relational queries use on both drivers; a
 * test compares the rows with drizzle's own mapping (compiled-rows.test.ts), so an upgrade that moves it fails there.
 */
export function compiledRows<P extends object>(prepared: P): P {
  const internals = prepared as P & PreparedInternals;
  if (!internals.fields) throw new Error('compiledRows: not a prepared select of drizzle');
  const keys: string[] = [];
  const decoders: DriverValueDecoder<unknown, unknown>[] = [];
  for (const { path, field } of internals.fields) {
    if (path.length !== 1) throw new Error(`compiledRows: nested field ${path.join('.')} is not supported`);
    keys.push(path[0]!);
    decoders.push(decoderOf(field));
  }
  const decode = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = row[i];
      result[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
    }
    return result;
  };
  internals.customResultMapper = (rows) => rows.map(decode);
  return prepared;
}
