import { Anchor, Button, Card, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { formatDate } from '@streckenpass/contract/format';
import { addDays, daysBetween } from '@streckenpass/contract/knowledge';
import {
  COVERAGE_WINDOW_DAYS,
  requirementShortLabel,
  type Matrix,
  type MatrixTotal,
} from '@streckenpass/contract/matrix';
import { plural } from '@streckenpass/contract/plural';
import { requirementMinimum } from '@streckenpass/contract/requirements';
import { Link } from 'react-router';
import { QueryContent } from '../../../components/query-content';
import { paths } from '../../../config/paths';
import { todayInput } from '../../../lib/dates';
import { searchOf, useMatrix } from '../api/matrix';
import { DriverLink } from './driver-link';
import { RecentChanges } from './recent-changes';

/** Drivers shown whose knowledge lapses soon, first to lapse first; the matrix has them all. */
const LAPSING_SHOWN = 10;

/** Drivers whose knowledge of a requirement stays valid beyond the window (what the minimum counts). */
const beyondWindow = (total: MatrixTotal) => total.valid - total.expiring;

/**
 * The requirements with fewer drivers valid beyond the window than their minimum (their own, else `alertMin`, the
 * reader's choice in the coverage alert, else 1), fewest first.
 */
export function gapsOf(matrix: Pick<Matrix, 'requirements' | 'totals'>, alertMin: number | null | undefined) {
  return matrix.totals
    .flatMap((total) => {
      const requirement = matrix.requirements.find((r) => r.id === total.requirementId);
      return requirement ? [{ total, requirement, minimum: requirementMinimum(requirement, alertMin) }] : [];
    })
    .filter((gap) => beyondWindow(gap.total) < gap.minimum)
    .sort((a, b) => beyondWindow(a.total) - beyondWindow(b.total));
}

/** "Wer kann fahren?" one tap away: today and tomorrow. */
function WhoCanDriveDays({ betriebId }: { betriebId: number }) {
  const today = todayInput();
  const ask = (date?: string) => `${paths.betriebWhoCanDrive(betriebId)}${searchOf({ date })}`;
  return (
    <Group gap="sm" wrap="wrap">
      <Button component={Link} to={ask()}>
        Wer kann heute fahren?
      </Button>
      <Button component={Link} to={ask(addDays(today, 1))} variant="light">
        Wer kann morgen fahren?
      </Button>
      <Button component={Link} to={paths.betriebMatrix(betriebId)} variant="light">
        Matrix
      </Button>
    </Group>
  );
}

/** Requirements under their minimum: each a tap from who can drive it. */
function Gaps({ betrieb, matrix }: { betrieb: Betrieb; matrix: Matrix }) {
  const minimum = betrieb.coverageAlertMin ?? 1;
  const gaps = gapsOf(matrix, betrieb.coverageAlertMin);
  const own = matrix.requirements.some((requirement) => requirement.minDrivers !== null);
  const rule =
    `Mindestens ${plural(minimum, 'Fahrer/in', 'Fahrer/innen')} über die nächsten ${COVERAGE_WINDOW_DAYS} Tage ` +
    `hinaus${own ? ', wo eine Anforderung kein eigenes Minimum hat' : ''}`;
  if (matrix.requirements.length === 0) {
    return <Text size="sm">Der Betrieb hat noch keine Anforderungen: Admins legen sie unter „Anforderungen“ an.</Text>;
  }
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {gaps.length === 0
          ? 'Alle Anforderungen sind gedeckt'
          : `${plural(gaps.length, 'Anforderung', 'Anforderungen')} unter dem Minimum`}
      </Title>
      <Text size="xs" c="dimmed">
        {rule}
        {betrieb.coverageAlertMin == null ? ' (kein Minimum gesetzt: 1)' : ''}
      </Text>
      {gaps.length > 0 && (
        <Stack
          gap={6}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Anforderungen unter dem Minimum"
        >
          {gaps.map(({ total, requirement, minimum: needed }) => (
            <Paper key={total.requirementId} component="li" withBorder radius="md" p="sm">
              <Anchor
                component={Link}
                to={`${paths.betriebWhoCanDrive(betrieb.id)}${searchOf({ requirement: total.requirementId })}`}
                fw={600}
              >
                {requirementShortLabel(requirement)}
              </Anchor>
              <Text size="sm">
                {beyondWindow(total) === 0 ? 'Niemand' : `${beyondWindow(total)} von ${total.drivers}`} über{' '}
                {COVERAGE_WINDOW_DAYS} Tage hinaus streckenkundig
                {total.expiring > 0 ? ` · ${plural(total.expiring, 'läuft', 'laufen')} bald ab` : ''}
                {total.missing + total.expired > 0
                  ? ` · ${total.missing + total.expired} ohne gültige Streckenkunde`
                  : ''}
                {requirement.minDrivers !== null ? ` · Minimum ${needed}` : ''}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Drivers whose required knowledge ends within the window: who, which requirement, on which day. */
function Lapsing({ betrieb, matrix }: { betrieb: Betrieb; matrix: Matrix }) {
  const rows = matrix.drivers.flatMap((driver) =>
    driver.cells
      .filter((cell) => cell.required && cell.state === 'bald' && cell.validUntil)
      .map((cell) => ({
        driver,
        cell,
        requirement: matrix.requirements.find((requirement) => requirement.id === cell.requirementId),
      })),
  );
  rows.sort((a, b) => a.cell.validUntil!.localeCompare(b.cell.validUntil!));
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {matrix.total === 0
          ? `Keine Streckenkunde läuft in den nächsten ${COVERAGE_WINDOW_DAYS} Tagen ab`
          : `${plural(matrix.total, 'Fahrer/in', 'Fahrer/innen')}, deren Streckenkunde in den nächsten ${COVERAGE_WINDOW_DAYS} Tagen abläuft`}
      </Title>
      {rows.length > 0 && (
        <List spacing={4} size="sm" listStyleType="none" p={0} aria-label="Ablaufende Streckenkunde">
          {rows.slice(0, LAPSING_SHOWN).map(({ driver, cell, requirement }) => (
            <List.Item key={`${driver.membershipId}-${cell.requirementId}`}>
              <DriverLink betriebId={betrieb.id} membershipId={driver.membershipId} name={driver.name} fw={600} />
              {' · '}
              {requirement ? requirementShortLabel(requirement) : ''} · läuft ab am {formatDate(cell.validUntil)} (in{' '}
              {plural(daysBetween(matrix.asOf, cell.validUntil!), 'Tag', 'Tagen')})
            </List.Item>
          ))}
        </List>
      )}
      {matrix.total > matrix.drivers.length && (
        <Anchor component={Link} to={`${paths.betriebMatrix(betrieb.id)}?state=bald&sort=expiring`} size="sm">
          Alle in der Matrix
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * The Betrieb's home for its admins and Disponenten (issue 40): "Wer kann heute / morgen fahren?" and the matrix one
 * tap away, the requirements under their minimum, whose knowledge lapses in the next 30 days, and who joined or left.
 */
export function BetriebOverview({ betrieb }: { betrieb: Betrieb }) {
  // The totals are over every driver, whatever the page: one row is enough.
  const coverage = useMatrix(betrieb.id, { pageSize: 1 });
  const lapsing = useMatrix(betrieb.id, { state: 'bald', sort: 'expiring', pageSize: LAPSING_SHOWN });
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          Heute im Betrieb
        </Title>
        <WhoCanDriveDays betriebId={betrieb.id} />
        <QueryContent query={coverage}>{(matrix) => <Gaps betrieb={betrieb} matrix={matrix} />}</QueryContent>
        <QueryContent query={lapsing}>{(matrix) => <Lapsing betrieb={betrieb} matrix={matrix} />}</QueryContent>
        <RecentChanges betrieb={betrieb} />
      </Stack>
    </Card>
  );
}
