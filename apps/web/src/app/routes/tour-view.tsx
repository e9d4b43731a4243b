import { Button, Card, Grid, Stack, Title } from '@mantine/core';
import { isTourIncomplete, TOUR_INCOMPLETE_LABEL, TOUR_MIN_ROUTES } from '@streckenpass/contract/tour-status';
import { Link } from 'react-router';
import { DetailTable } from '../../components/detail-table';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { isMissingRecord, RecordNotFound } from '../../components/record-not-found';
import { paths } from '../../config/paths';
import { useRoutes } from '../../features/routes/api/routes';
import { useTour } from '../../features/tours/api/tours';
import { RouteListCard, selectedRoutes } from '../../features/tours/components/route-list-card';
import { useIdParam } from '../use-id-param';
import { useTitle } from '../use-title';

export function Component() {
  const id = useIdParam();
  const tour = useTour(id ?? 0);
  const routes = useRoutes();
  useTitle(tour.data ? tour.data.name : 'Tour');

  if (id === null || (tour.isError && isMissingRecord(tour.error))) {
    return (
      <RecordNotFound
        title="Tour nicht gefunden"
        text="Diese Tour gibt es nicht (mehr), oder sie gehört zu einem anderen Konto."
        backTo={paths.documentation}
        backLabel="Zurück zur Dokumentation"
      />
    );
  }
  if (tour.isError) return <QueryError error={tour.error} retry={() => void tour.refetch()} />;
  if (!tour.data) return <PageLoader />;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card>
          <Stack gap="sm">
            <Title order={1} size="h3">
              Stammdaten der Tour
            </Title>
            <DetailTable
              rows={[
                { label: 'Name der Tour', value: tour.data.name },
                { label: 'Anzahl Strecken', value: tour.data.routes.length },
                ...(isTourIncomplete(tour.data.routes)
                  ? [{ label: 'Status', value: `${TOUR_INCOMPLETE_LABEL} – weniger als ${TOUR_MIN_ROUTES} Strecken` }]
                  : []),
              ]}
            />
            <Button component={Link} to={paths.tourEdit(tour.data.id)} fullWidth>
              Tour bearbeiten
            </Button>
            <Button component={Link} to={paths.documentation} variant="default" fullWidth>
              Zurück zur Dokumentation
            </Button>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        {routes.isError ? (
          <QueryError error={routes.error} retry={() => void routes.refetch()} />
        ) : !routes.data ? (
          <PageLoader />
        ) : (
          <RouteListCard
            title="Beinhaltete Strecken"
            routes={selectedRoutes(routes.data, tour.data.routes)}
            empty="Diese Tour enthält keine Strecken."
          />
        )}
      </Grid.Col>
    </Grid>
  );
}
