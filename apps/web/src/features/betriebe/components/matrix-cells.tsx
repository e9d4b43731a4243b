import { Text } from '@mantine/core';
import { MATRIX_NOT_REQUIRED_LABEL, vehicleCellLabel, type MatrixVehicleCell } from '@streckenpass/contract/matrix';
import { checkDueWithin, nextCheckLabel, type NextCheck } from '@streckenpass/contract/periodic-check';
import classes from './matrix.module.css';
import { stateColours } from './matrix-state-colours';

/** A vehicle cell: "bekannt (Br218)" or "fehlt", in the colours of a valid or a missing cell. */
export function VehicleCell({ cell }: { cell: MatrixVehicleCell }) {
  if (!cell.required) return <span className={classes.notRequired}>{MATRIX_NOT_REQUIRED_LABEL}</span>;
  return (
    <span
      className={classes.cell}
      style={{ ...stateColours(cell.vehicle ? 'gueltig' : 'fehlt'), fontSize: 'var(--mantine-font-size-sm)' }}
    >
      {vehicleCellLabel(cell)}
    </span>
  );
}

/**
 * A driver's next check of the infrastructure knowledge (issue 41 item 5) under their name: "Überprüfung: fällig am
 * 15.12.2026", in the danger colour when it is due within 30 days or overdue; the words say it, the colour repeats it.
 */
export function NextCheckNote({ nextCheck, asOf }: { nextCheck: NextCheck; asOf: string }) {
  return (
    <Text size="xs" c={checkDueWithin(nextCheck, asOf) ? 'red.8' : 'dimmed'}>
      Überprüfung: {nextCheckLabel(nextCheck, asOf)}
    </Text>
  );
}
