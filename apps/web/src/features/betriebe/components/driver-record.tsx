import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { BetriebDriver } from '@streckenpass/contract/betrieb-driver';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { formatDate, formatDateTime } from '@streckenpass/contract/format';
import { DEFAULT_TIME_ZONE } from '@streckenpass/contract/constants';
import { DIRECTION_WORDS, driveMannerLabel } from '@streckenpass/contract/drive-ways';
import { acquisitionProgressLabel } from '@streckenpass/contract/first-acquisition';
import { matrixCellLabel, requirementShortLabel } from '@streckenpass/contract/matrix';
import { MATRIX_STATE_COLOURS } from './matrix-state-colours';
import { plural } from '@streckenpass/contract/plural';
import { BETRIEB_ROLE_LABELS, readsDrivers, TERMS } from '@streckenpass/contract/terms';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackdatedBadge } from '../../../components/backdated-badge';
import { TitledCard } from '../../../components/titled-card';
import { paths } from '../../../config/paths';
import { DriverAttestationsCard } from './driver-attestations-card';

/** A list of small cards, one per entry, that wrap on a phone instead of scrolling sideways. */
function EntryList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

function Entry({ children }: { children: ReactNode }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Paper>
  );
}

/** "Label: value" in a line that wraps. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/**
 * One driver of the Betrieb as its admins and Disponenten see them (issue 38 item 13): the requirements they meet,
 * their routes with validity and rule (and a first acquisition's progress), their last drives ("gefahren am", "gültig
 * bis", how each was made, "erfasst am", "nachgetragen") with routes and vehicles, and their vehicles — what the consent
 * the member agreed to lists, no more (how a drive was made and the first acquisition from version 2 on).
 */
export function DriverRecord({ betrieb, driver }: { betrieb: Betrieb; driver: BetriebDriver }) {
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>{driver.name}</Title>
        <Text c="dimmed">
          {BETRIEB_ROLE_LABELS[driver.role]} · {betrieb.name}
          {driver.depot ? ` · Depot ${driver.depot.name}` : ''}
        </Text>
      </Stack>
      <Group gap="sm">
        <Button component={Link} to={paths.betrieb(betrieb.id)} variant="subtle">
          Zum Betrieb
        </Button>
        {readsDrivers(betrieb) && (
          <Button component={Link} to={paths.betriebMatrix(betrieb.id)} variant="light">
            Matrix
          </Button>
        )}
      </Group>

      <DriverAttestationsCard betrieb={betrieb} driver={driver} />

      <TitledCard title="Anforderungen des Betriebs">
        {driver.requirements.length === 0 ? (
          <Text size="sm">Für diese Fahrerin/diesen Fahrer gelten keine Anforderungen.</Text>
        ) : (
          <EntryList label="Anforderungen">
            {driver.requirements.map((entry) => (
              <Entry key={entry.requirement.id}>
                <Group justify="space-between" gap="xs" align="flex-start">
                  <Text fw={600} size="sm">
                    {requirementShortLabel(entry.requirement)}
                  </Text>
                  <Badge color={MATRIX_STATE_COLOURS[entry.state]} variant="light" style={{ flexShrink: 0 }}>
                    {matrixCellLabel(entry)}
                  </Badge>
                </Group>
                {entry.route && (
                  <Text size="xs" c="dimmed">
                    erfüllt durch {entry.route.name}
                  </Text>
                )}
              </Entry>
            ))}
          </EntryList>
        )}
      </TitledCard>

      <TitledCard title={TERMS.routes}>
        {driver.routes.length === 0 ? (
          <Text size="sm">Keine {TERMS.routes}.</Text>
        ) : (
          <EntryList label={TERMS.routes}>
            {driver.routes.map((route) => (
              <Entry key={route.id}>
                <Text fw={600} size="sm">
                  {route.name}
                  {route.companyRoute ? ` (${TERMS.companyRoute} ${route.companyRoute})` : ''}
                </Text>
                <Text size="sm">
                  {route.startPoint} – {route.endPoint}
                </Text>
                <Fact label={TERMS.validUntil}>
                  {route.validUntil
                    ? formatDate(route.validUntil)
                    : route.acquisition && !route.acquisition.acquiredOn
                      ? 'noch nicht: in Ausbildung'
                      : 'nie gefahren'}
                </Fact>
                <Fact label={TERMS.validityRule}>{route.validityRule}</Fact>
                {route.acquisition && (
                  <Fact label="Erstausbildung">
                    {route.acquisition.acquiredOn
                      ? `erfüllt am ${formatDate(route.acquisition.acquiredOn)}`
                      : acquisitionProgressLabel(route.acquisition.rule, route.acquisition.progress, {
                          start: route.startPoint,
                          end: route.endPoint,
                        }).join('; ')}
                  </Fact>
                )}
              </Entry>
            ))}
          </EntryList>
        )}
      </TitledCard>

      <TitledCard title="Letzte Fahrten">
        <Text size="sm" c="dimmed">
          {driver.drivesTotal > driver.drives.length
            ? `Die letzten ${driver.drives.length} von ${plural(driver.drivesTotal, 'Fahrt', 'Fahrten')}`
            : plural(driver.drivesTotal, 'Fahrt', 'Fahrten')}
        </Text>
        {driver.drives.length > 0 && (
          <EntryList label="Fahrten">
            {driver.drives.map((drive) => (
              <Entry key={drive.id}>
                <Group gap="xs" justify="space-between" align="flex-start">
                  <Text fw={600} size="sm">
                    {TERMS.drivenOn.toLowerCase()} {formatDate(drive.drivenOn)}
                  </Text>
                  {drive.backdated && <BackdatedBadge />}
                </Group>
                <Fact label={TERMS.validUntil}>{formatDate(drive.validUntil)}</Fact>
                {drive.way && (
                  <Fact label="Wie">
                    {driveMannerLabel({ way: drive.way, time: drive.time ?? null, dark: drive.dark ?? null })}
                    {drive.direction ? ` · ${DIRECTION_WORDS[drive.direction]}` : ''}
                  </Fact>
                )}
                <Fact label={TERMS.recordedOn}>
                  {drive.recordedAt ? formatDateTime(drive.recordedAt, DEFAULT_TIME_ZONE) : 'unbekannt'}
                </Fact>
                {drive.routes.length > 0 && (
                  <Fact label={TERMS.routes}>{drive.routes.map((route) => route.name).join(', ')}</Fact>
                )}
                {drive.vehicles.length > 0 && (
                  <Fact label={TERMS.vehicles}>{drive.vehicles.map((vehicle) => vehicle.name).join(', ')}</Fact>
                )}
              </Entry>
            ))}
          </EntryList>
        )}
      </TitledCard>

      <TitledCard title={TERMS.vehicles}>
        {driver.vehicles.length === 0 ? (
          <Text size="sm">Keine {TERMS.vehicles}.</Text>
        ) : (
          <EntryList label={TERMS.vehicles}>
            {driver.vehicles.map((vehicle) => (
              <Entry key={vehicle.id}>
                <Text fw={600} size="sm">
                  {vehicle.name}
                </Text>
                <Fact label={TERMS.lastDriven}>
                  {vehicle.lastDriven ? formatDate(vehicle.lastDriven) : 'nie'} ·{' '}
                  {plural(vehicle.drives, 'Fahrt', 'Fahrten')}
                </Fact>
                <Fact label={TERMS.validityRule}>{vehicle.validityRule}</Fact>
              </Entry>
            ))}
          </EntryList>
        )}
      </TitledCard>
    </Stack>
  );
}
