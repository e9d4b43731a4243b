import { Anchor, Badge, Card, Grid, Group, List, Stack, Text, Title } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import { placeLabel } from '@streckenpass/contract/stations';
import { daysUntil } from '@streckenpass/contract/knowledge';
import { validityState } from '@streckenpass/contract/status';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import type { Route } from '@streckenpass/contract/routes';
import { Link } from 'react-router';
import { DetailTable } from '../../components/detail-table';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { routeActivitiesQueryOptions, useRouteActivities } from '../../features/route-activities/api/route-activities';
import { accountValidityQueryOptions, useAccountValidityDays } from '../../features/routes/api/account-validity';
import { routeHistory } from '../../features/routes/route-knowledge';
import { toursQueryOptions, useTours } from '../../features/tours/api/tours';
import { formatDate, todayInput } from '../../lib/dates';
import { recordRoute } from '../record-route';
import { routeRecord } from '../record-routes';
import { useTitle } from '../use-title';
import { RecordActions } from '../../components/record-actions';

function ValidUntil({ date }: { date: string | null }) {
  if (!date)
    return (
      <Text span inherit>
        Nicht erfasst
      </Text>
    );
  const expired = validityState(daysUntil(date, todayInput())) === 'expired';
  return (
    <Group gap="xs" wrap="wrap">
      <Text span inherit>
        {formatDate(date)}
      </Text>
      {expired && (
        <Badge color="red" variant="light">
          abgelaufen
        </Badge>
      )}
    </Group>
  );
}

function RouteDetails({ record: route }: { record: Route }) {
  useTitle(route.name);
  const routeIri = toIri('routes', route.id);
  const activities = useRouteActivities();
  const tours = useTours();
  const history = activities.data ? routeHistory(routeIri, activities.data) : [];
  // Kept on the route by the server (and by a drive saved offline, apply-saved-documentation.ts).
  const validUntil = route.validUntil ?? null;
  const accountDays = useAccountValidityDays();
  const routeTours = (tours.data ?? []).filter((tour) => route.tours.includes(toIri('tours', tour.id)));

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card>
          <Stack gap="sm">
            <Title order={1} size="h3">
              Stammdaten der Strecke
            </Title>
            <DetailTable
              rows={[
                { label: 'Name der Strecke', value: route.name },
                { label: 'Unternehmens-Kürzel', value: route.companyRoute ?? 'Nicht angegeben' },
                { label: 'Start der Strecke', value: placeLabel(route.startPoint, route.startStation) },
                { label: 'Ende der Strecke', value: placeLabel(route.endPoint, route.endStation) },
                {
                  label: 'Streckenkunde gültig bis',
                  value: activities.isPending ? '…' : activities.isError ? '–' : <ValidUntil date={validUntil} />,
                },
                {
                  label: 'Gültigkeitsregel',
                  value:
                    route.validityDays != null
                      ? `${validityRuleLabel(route.validityDays)} (eigene Regel der Strecke)`
                      : accountDays === null
                        ? 'wie im Konto eingestellt'
                        : `${validityRuleLabel(accountDays)} (wie im Konto eingestellt)`,
                },
              ]}
            />
            <RecordActions edit={paths.routeEdit(route.id)} label="Strecke bearbeiten" />
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Card>
            <Title order={2} size="h4" mb="xs">
              Touren
            </Title>
            {tours.isError ? (
              <QueryError error={tours.error} retry={() => void tours.refetch()} />
            ) : tours.isPending ? (
              <PageLoader />
            ) : routeTours.length === 0 ? (
              <Text c="dimmed">Diese Strecke gehört zu keiner Tour.</Text>
            ) : (
              <List spacing={4} listStyleType="none" aria-label="Touren dieser Strecke">
                {routeTours.map((tour) => (
                  <List.Item key={tour.id}>
                    <Anchor component={Link} to={paths.tour(tour.id)}>
                      {tour.name}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            )}
          </Card>
          <Card>
            <Title order={2} size="h4" mb="xs">
              Verlauf
            </Title>
            {activities.isError ? (
              <QueryError error={activities.error} retry={() => void activities.refetch()} />
            ) : activities.isPending ? (
              <PageLoader />
            ) : history.length === 0 ? (
              <Text c="dimmed">Für diese Strecke ist noch keine Fahrt erfasst.</Text>
            ) : (
              <List spacing={4} listStyleType="none" aria-label="Erfasste Fahrten">
                {history.map((activity) => (
                  <List.Item key={activity.id}>
                    <Anchor component={Link} to={paths.routeActivity(activity.id)}>
                      Gefahren am {formatDate(activity.acquiredAt)}
                    </Anchor>
                    <Text span c="dimmed" size="sm">
                      {' '}
                      · gültig bis {formatDate(activity.acquiredUntil)}
                    </Text>
                  </List.Item>
                ))}
              </List>
            )}
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute({
  ...routeRecord,
  title: 'Strecke',
  // Painted once with its cards; a card whose list failed says so itself.
  shows: () => [routeActivitiesQueryOptions(), toursQueryOptions(), accountValidityQueryOptions()],
  Page: RouteDetails,
});
