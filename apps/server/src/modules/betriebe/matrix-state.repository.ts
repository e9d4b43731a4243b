import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@streckenpass/contract/knowledge';
import { MATRIX_NEVER_STATE, MATRIX_STATE_BANDS, type MatrixState } from '@streckenpass/contract/matrix';

/**
 * A matched cell's state in SQL, by the contract's bands (`MATRIX_STATE_BANDS`, by which `matrixState` decides in
 * code): what the filters, the totals and the coverage mail count in the database. The states are the contract's
 * constants, written as literals.
 */
export function cellState(validUntil: SQL, asOf: string): SQL {
  const cases = MATRIX_STATE_BANDS.map(({ state, before }) =>
    before === null
      ? sql`else ${literal(state)}`
      : sql`when ${validUntil} < ${addDays(asOf, before)}::date then ${literal(state)}`,
  );
  return sql`(case when ${validUntil} is null then ${literal(MATRIX_NEVER_STATE)} ${sql.join(cases, sql` `)} end)`;
}

/** Whether a matched cell's last valid day gives one of `states` on `asOf`. */
export function cellStateIn(validUntil: SQL, asOf: string, states: readonly MatrixState[]): SQL {
  return sql`${cellState(validUntil, asOf)} in (${sql.join(states.map(literal), sql`, `)})`;
}

/** A state as an SQL literal (the contract's constants only, never user input). */
const literal = (state: MatrixState) => sql.raw(`'${state}'`);
