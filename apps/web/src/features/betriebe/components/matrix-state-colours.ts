import type { CSSProperties } from 'react';
import type { MatrixState } from '@streckenpass/contract/matrix';

/**
 * The colour of a cell's state in the matrix and on a driver's page. It only repeats what the cell says in words
 * (`matrixCellLabel`): green valid, yellow lapsing within the window, blue in training (first acquisition under way), red expired or never
 * driven, grey missing.
 */
export const MATRIX_STATE_COLOURS: Record<MatrixState, 'green' | 'yellow' | 'blue' | 'red' | 'gray'> = {
  gueltig: 'green',
  bald: 'yellow',
  abgelaufen: 'red',
  ausbildung: 'blue',
  nie: 'red',
  fehlt: 'gray',
};

/** The colour pair a state's cell paints with (`.cell` in matrix.module.css). */
export const stateColours = (state: MatrixState) =>
  ({
    '--state': `var(--mantine-color-${MATRIX_STATE_COLOURS[state]}-light)`,
    '--state-text': `var(--mantine-color-${MATRIX_STATE_COLOURS[state]}-light-color)`,
  }) as CSSProperties;
