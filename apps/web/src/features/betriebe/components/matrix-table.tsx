import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { formatDate } from '@streckenpass/contract/format';
import {
  coverageLabel,
  MATRIX_NOT_REQUIRED_LABEL,
  matrixCellLabel,
  requirementShortLabel,
  vehicleCoverageLabel,
  vehicleTypeShortLabel,
  type Matrix,
  type MatrixCell,
} from '@streckenpass/contract/matrix';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { DriverLink } from './driver-link';
import { NextCheckNote, VehicleCell } from './matrix-cells';
import classes from './matrix.module.css';
import { stateColours } from './matrix-state-colours';

/** A cell: its state in colour and words, the date; "nicht gefordert" where the requirement is another depot's. */
function Cell({ cell }: { cell: MatrixCell }) {
  if (!cell.required) return <span className={classes.notRequired}>{MATRIX_NOT_REQUIRED_LABEL}</span>;
  const label = matrixCellLabel(cell);
  return (
    <span
      className={classes.cell}
      style={stateColours(cell.state)}
      title={cell.route ? `${label} · ${cell.route.name}` : label}
    >
      {label}
    </span>
  );
}

/** The matrix as a table (wide screens): a row per driver, a column per requirement and required vehicle type. */
export function MatrixTable({ matrix, betriebId }: { matrix: Matrix; betriebId: number }) {
  const totals = new Map(matrix.totals.map((total) => [total.requirementId, total]));
  const vehicleTotals = new Map(matrix.vehicleTotals.map((total) => [total.requirementId, total]));
  if (matrix.requirements.length === 0)
    return (
      <Text size="sm">Der Betrieb hat noch keine Anforderungen: Admins legen sie auf der Seite des Betriebs an.</Text>
    );
  if (matrix.drivers.length === 0) return <Text size="sm">Keine Fahrer/innen passen zu diesen Filtern.</Text>;
  return (
    <div className={classes.scroll} role="region" aria-label="Matrix" tabIndex={0}>
      <table className={classes.table}>
        <VisuallyHidden component="caption">
          Fahrer/innen × Anforderungen, Stand {formatDate(matrix.asOf)}
        </VisuallyHidden>
        <thead>
          <tr>
            <th scope="col" className={classes.driver}>
              Fahrer/in
            </th>
            {matrix.requirements.map((requirement) => {
              const total = totals.get(requirement.id);
              return (
                <th key={requirement.id} scope="col" className={classes.header}>
                  <Anchor
                    component={Link}
                    to={`${paths.betriebWhoCanDrive(betriebId)}?requirement=${requirement.id}`}
                    size="sm"
                    fw={600}
                  >
                    {requirementShortLabel(requirement)}
                  </Anchor>
                  {total && (
                    <Text size="xs" c="dimmed">
                      {coverageLabel(total)}
                    </Text>
                  )}
                </th>
              );
            })}
            {matrix.vehicleTypes.map((type) => {
              const total = vehicleTotals.get(type.id);
              return (
                <th key={`v${type.id}`} scope="col" className={classes.header}>
                  <Text size="sm" fw={600}>
                    Fahrzeugtyp {vehicleTypeShortLabel(type)}
                  </Text>
                  {total && (
                    <Text size="xs" c="dimmed">
                      {vehicleCoverageLabel(total)}
                    </Text>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {matrix.drivers.map((driver) => (
            <tr key={driver.membershipId}>
              <th scope="row" className={classes.driver}>
                <DriverLink
                  betriebId={betriebId}
                  membershipId={driver.membershipId}
                  name={driver.name}
                  size="sm"
                  fw={600}
                />
                {driver.depot && (
                  <Text size="xs" c="dimmed">
                    {driver.depot.name}
                  </Text>
                )}
                <NextCheckNote nextCheck={driver.nextCheck} asOf={matrix.asOf} />
              </th>
              {driver.cells.map((cell) => (
                <td key={cell.requirementId}>
                  <Cell cell={cell} />
                </td>
              ))}
              {driver.vehicles.map((cell) => (
                <td key={`v${cell.requirementId}`}>
                  <VehicleCell cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
