import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { daysUntil, isBackdated } from '@streckenpass/contract/knowledge';
import { plural } from '@streckenpass/contract/plural';
import { KNOWLEDGE_STATUS_LABELS, validityState } from '@streckenpass/contract/status';
import { TERMS } from '@streckenpass/contract/terms';
import { IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { TitledPageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { routeActivitiesQueryOptions } from '../../features/route-activities/api/route-activities';
import { routesQueryOptions } from '../../features/routes/api/routes';
import classes from './route-activities.module.css';
import { routeIdsOf, vehiclesByActivity } from '../../features/route-activities/route-activities';
import {
  useVehicleActivities,
  vehicleActivitiesQueryOptions,
} from '../../features/vehicle-activities/api/vehicle-activities';
import { formatDate, todayInput } from '../../lib/dates';
import { historyTime } from '../../lib/record-history';
import { dataRoute, usePageQuery } from '../record-route';
import { useTitle } from '../use-title';
import { BackdatedBadge } from '../../components/backdated-badge';
import { accountValidityQueryOptions, useAccountKeepingWays } from '../../lib/account-validity';
import { driveMannerText, FIRST_ACQUISITION_ONLY, firstAcquisitionNote } from '../../lib/drive-manner';

function RouteActivities() {
  useTitle('Alle Dokumentationen');
  const activities = usePageQuery(routeActivitiesQueryOptions()).data;
  const vehicleActivities = useVehicleActivities();
  const vehicles = useMemo(() => vehiclesByActivity(vehicleActivities.data ?? []), [vehicleActivities.data]);
  // By the day driven, latest first (a drive recorded late belongs where it happened), then the newest entry.
  const sorted = useMemo(
    () => [...activities].sort((a, b) => b.acquiredAt.localeCompare(a.acquiredAt) || b.id - a.id),
    [activities],
  );
  // Each row names its routes: six rows of "Gefahren am 25.11.2026 · 1 Strecke" were indistinguishable.
  const routes = usePageQuery(routesQueryOptions()).data;
  const routeById = useMemo(() => new Map(routes.map((route) => [route.id, route])), [routes]);
  const routesOf = (ids: number[]) => ids.flatMap((id) => routeById.get(id) ?? []);
  const accountWays = useAccountKeepingWays();
  const namesOf = (ids: number[]) => {
    const names = routesOf(ids).map((route) => route.name);
    const shown = names.slice(0, 3).join(', ');
    return names.length > 3 ? `${shown} und ${names.length - 3} weitere` : shown;
  };
  const today = todayInput();

  return (
    <Stack gap="lg" maw={720}>
      <Group justify="space-between" align="center">
        <Title order={1}>Alle Dokumentationen</Title>
        <Button component={Link} to={paths.documentation} variant="default">
          Zur Dokumentation
        </Button>
      </Group>
      {sorted.length === 0 && (
        <Card>
          <Stack gap="sm" align="flex-start">
            <Text>
              Noch keine Dokumentationen. Wählen Sie auf der Seite „Dokumentation“ die Strecken aus, die Sie gefahren
              sind, und speichern Sie sie – dann erscheinen sie hier.
            </Text>
            <Button component={Link} to={paths.documentation}>
              Strecken dokumentieren
            </Button>
          </Stack>
        </Card>
      )}
      {sorted.length > 0 && (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {sorted.map((activity) => {
            const state = validityState(daysUntil(activity.acquiredUntil, today));
            const vehicleCount = vehicles.get(activity.id)?.length ?? 0;
            const drivenRoutes = routesOf(routeIdsOf(activity));
            // A way the routes' rule does not keep (issue 41): said in words; no "gültig" badge that would promise it.
            const firstOnly = firstAcquisitionNote(activity, drivenRoutes, accountWays);
            return (
              <li key={activity.id}>
                <Card
                  component={Link}
                  to={paths.routeActivity(activity.id)}
                  padding="sm"
                  aria-label={`Dokumentation vom ${formatDate(activity.acquiredAt)}`}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div>
                      <Group gap="xs">
                        <Text fw={600}>Gefahren am {formatDate(activity.acquiredAt)}</Text>
                        {firstOnly !== FIRST_ACQUISITION_ONLY && (
                          <Badge color={state === 'expired' ? 'red' : 'green'} variant="light" size="sm">
                            {KNOWLEDGE_STATUS_LABELS[state]}
                          </Badge>
                        )}
                        {isBackdated(activity.acquiredAt, activity.recordedAt) && <BackdatedBadge />}
                      </Group>
                      <Text size="sm" className={classes.routes}>
                        {namesOf(routeIdsOf(activity))}
                      </Text>
                      <Text size="sm">
                        {driveMannerText(activity, activity.acquiredRoutes.length === 1 ? drivenRoutes[0] : null)}
                        {firstOnly && (
                          <Text span inherit fw={600}>
                            {' '}
                            · {firstOnly}
                          </Text>
                        )}
                      </Text>
                      <Text size="sm" c="dimmed">
                        Gültig bis {formatDate(activity.acquiredUntil)} ·{' '}
                        {plural(routeIdsOf(activity).length, 'Strecke', 'Strecken')} ·{' '}
                        {plural(vehicleCount, 'Fahrzeug', 'Fahrzeuge')}
                        {activity.recordedAt && (
                          <>
                            {' '}
                            · {TERMS.recordedOn.toLowerCase()} {historyTime(activity.recordedAt)}
                          </>
                        )}
                      </Text>
                    </div>
                    <IconChevronRight size={20} aria-hidden />
                  </Group>
                </Card>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

export const { clientLoader, ErrorBoundary, Component } = dataRoute({
  title: 'Alle Dokumentationen',
  needs: () => [routeActivitiesQueryOptions(), routesQueryOptions()],
  shows: () => [vehicleActivitiesQueryOptions(), accountValidityQueryOptions()],
  pending: <TitledPageLoader title="Alle Dokumentationen" />,
  Page: RouteActivities,
});
