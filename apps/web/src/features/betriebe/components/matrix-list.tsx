import { Accordion, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  coverageLabel,
  matrixCellLabel,
  requirementShortLabel,
  vehicleCoverageLabel,
  vehicleTypeShortLabel,
  type Matrix,
  type MatrixCell,
  type MatrixDriver,
  type MatrixTotal,
  type MatrixVehicleTotal,
} from '@streckenpass/contract/matrix';
import { plural } from '@streckenpass/contract/plural';
import { useState, type ReactNode } from 'react';
import { DriverLink } from './driver-link';
import classes from './matrix.module.css';
import { stateColours } from './matrix-state-colours';
import { NextCheckNote, VehicleCell } from './matrix-cells';

/** A cell's words in its colour (`.cell`, matrix.module.css), wrapping instead of being cut. */
function StateWords({ cell }: { cell: MatrixCell }) {
  return (
    <span className={classes.cell} style={{ ...stateColours(cell.state), fontSize: 'var(--mantine-font-size-sm)' }}>
      {matrixCellLabel(cell)}
    </span>
  );
}

/** "3 von 5 · 2 laufen bald ab": a requirement's coverage in one line. */
export function coverageLine(total: MatrixTotal): string {
  const soon = total.expiring > 0 ? ` · ${plural(total.expiring, 'läuft', 'laufen')} bald ab` : '';
  return `${total.valid} von ${total.drivers}${soon}`;
}

/** "2 von 5 kennen ihn": a vehicle type's coverage in one line. */
export function vehicleCoverageLine(total: MatrixVehicleTotal): string {
  return `${total.known} von ${total.drivers} ${total.known === 1 ? 'kennt' : 'kennen'} ihn`;
}

/** Each driver of the page a card: the requirements and vehicle types asked of them, each with its state in words. */
function ByDriver({ matrix, betriebId }: { matrix: Matrix; betriebId: number }) {
  const requirements = new Map(matrix.requirements.map((requirement) => [requirement.id, requirement]));
  const types = new Map(matrix.vehicleTypes.map((type) => [type.id, type]));
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Fahrer/innen">
      {matrix.drivers.map((driver) => {
        const asked = driver.cells.filter((cell) => cell.required);
        const askedTypes = driver.vehicles.filter((cell) => cell.required);
        return (
          <Paper key={driver.membershipId} component="li" withBorder radius="md" p="sm">
            <DriverLink betriebId={betriebId} membershipId={driver.membershipId} name={driver.name} fw={600} />
            {driver.depot && (
              <Text size="xs" c="dimmed">
                Depot {driver.depot.name}
              </Text>
            )}
            <NextCheckNote nextCheck={driver.nextCheck} asOf={matrix.asOf} />
            <Stack gap={6} mt={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {asked.length + askedTypes.length === 0 && <Text size="sm">Keine Anforderung gilt für sie/ihn.</Text>}
              {asked.map((cell) => (
                <Group key={cell.requirementId} component="li" gap={6} wrap="wrap" justify="space-between">
                  <Text size="sm">{requirementShortLabel(requirements.get(cell.requirementId)!)}</Text>
                  <StateWords cell={cell} />
                </Group>
              ))}
              {askedTypes.map((cell) => (
                <Group key={`v${cell.requirementId}`} component="li" gap={6} wrap="wrap" justify="space-between">
                  <Text size="sm">Fahrzeugtyp {vehicleTypeShortLabel(types.get(cell.requirementId)!)}</Text>
                  <VehicleCell cell={cell} />
                </Group>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * Each requirement a line "FF – RM · 3 von 5 · 2 laufen bald ab", each vehicle type "Fahrzeugtyp BR 218 · 2 von 5
 * kennen ihn", opened to the page's drivers it is asked of.
 */
/** One column of the matrix as an accordion item: its name and coverage, opened to the page's drivers it is asked of. */
function ColumnItem({
  value,
  label,
  coverage,
  line,
  rows,
  empty,
  betriebId,
}: {
  value: string;
  label: string;
  /** The coverage in words, for the control's accessible name. */
  coverage: string;
  line: string | null;
  rows: { driver: MatrixDriver; words: ReactNode }[];
  empty: string;
  betriebId: number;
}) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control aria-label={`${label}, ${coverage}`}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {line && <Text size="xs">{line}</Text>}
      </Accordion.Control>
      <Accordion.Panel>
        {rows.length === 0 ? (
          <Text size="sm">{empty}</Text>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map(({ driver, words }) => (
              <Group key={driver.membershipId} component="li" gap={6} wrap="wrap" justify="space-between">
                <DriverLink betriebId={betriebId} membershipId={driver.membershipId} name={driver.name} />
                {words}
              </Group>
            ))}
          </Stack>
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function ByRequirement({ matrix, betriebId }: { matrix: Matrix; betriebId: number }) {
  const totals = new Map(matrix.totals.map((total) => [total.requirementId, total]));
  const vehicleTotals = new Map(matrix.vehicleTotals.map((total) => [total.requirementId, total]));
  return (
    <Accordion variant="separated" multiple>
      {matrix.requirements.map((requirement, index) => {
        const total = totals.get(requirement.id);
        return (
          <ColumnItem
            key={requirement.id}
            value={String(requirement.id)}
            label={requirementShortLabel(requirement)}
            coverage={total ? coverageLabel(total) : ''}
            line={total ? coverageLine(total) : null}
            rows={matrix.drivers
              .filter((driver) => driver.cells[index]!.required)
              .map((driver) => ({ driver, words: <StateWords cell={driver.cells[index]!} /> }))}
            empty="Keine Fahrer/in dieser Seite, für die sie gilt."
            betriebId={betriebId}
          />
        );
      })}
      {matrix.vehicleTypes.map((type, index) => {
        const total = vehicleTotals.get(type.id);
        return (
          <ColumnItem
            key={`v${type.id}`}
            value={`v${type.id}`}
            label={`Fahrzeugtyp ${vehicleTypeShortLabel(type)}`}
            coverage={total ? vehicleCoverageLabel(total) : ''}
            line={total ? vehicleCoverageLine(total) : null}
            rows={matrix.drivers
              .filter((driver) => driver.vehicles[index]!.required)
              .map((driver) => ({ driver, words: <VehicleCell cell={driver.vehicles[index]!} /> }))}
            empty="Keine Fahrer/in dieser Seite, für die er gilt."
            betriebId={betriebId}
          />
        );
      })}
    </Accordion>
  );
}

/**
 * The matrix on a phone (issue 40 item 2): instead of a table that scrolls sideways, a list per driver (each cell's
 * state in words) or per requirement (its coverage in one line, opened to its drivers). Nothing is cut; no state is
 * read sideways.
 */
export function MatrixList({ matrix, betriebId }: { matrix: Matrix; betriebId: number }) {
  const [by, setBy] = useState<'driver' | 'requirement'>('driver');
  return (
    <Stack gap="sm" role="region" aria-label="Matrix">
      <SegmentedControl
        fullWidth
        aria-label="Liste"
        value={by}
        onChange={(value) => setBy(value as 'driver' | 'requirement')}
        data={[
          { value: 'driver', label: 'Je Fahrer/in' },
          { value: 'requirement', label: 'Je Anforderung' },
        ]}
      />
      {by === 'driver' ? (
        <ByDriver matrix={matrix} betriebId={betriebId} />
      ) : (
        <ByRequirement matrix={matrix} betriebId={betriebId} />
      )}
    </Stack>
  );
}
