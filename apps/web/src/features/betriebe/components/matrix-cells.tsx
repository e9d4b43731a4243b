import { MATRIX_NOT_REQUIRED_LABEL, vehicleCellLabel, type MatrixVehicleCell } from '@streckenpass/contract/matrix';
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
