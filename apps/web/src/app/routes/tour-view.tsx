import { Card, Grid, Stack, Title } from '@mantine/core';
import { isTourIncomplete, TOUR_INCOMPLETE_LABEL, TOUR_MIN_ROUTES } from '@streckenpass/contract/tour-status';
import type { Tour } from '@streckenpass/contract/tours';
import { DetailTable } from '../../components/detail-table';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { routesQueryOptions, useRoutes } from '../../features/routes/api/routes';
import { RouteListCard, selectedRoutes } from '../../features/tours/components/route-list-card';
import { recordRoute } from '../record-route';
import { tourRecord } from '../record-routes';
import { useTitle } from '../use-title';
import { RecordActions } from '../../components/record-actions';

function TourView({ record: tour }: { record: Tour }) {
  const routes = useRoutes();
  useTitle(tour.name);

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
                { label: 'Name der Tour', value: tour.name },
                { label: 'Anzahl Strecken', value: tour.routes.length },
                ...(isTourIncomplete(tour.routes)
                  ? [{ label: 'Status', value: `${TOUR_INCOMPLETE_LABEL} – weniger als ${TOUR_MIN_ROUTES} Strecken` }]
                  : []),
              ]}
            />
            <RecordActions edit={paths.tourEdit(tour.id)} label="Tour bearbeiten" />
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
            routes={selectedRoutes(routes.data, tour.routes)}
            empty="Diese Tour enthält keine Strecken."
          />
        )}
      </Grid.Col>
    </Grid>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute({
  ...tourRecord,
  title: 'Tour',
  shows: () => [routesQueryOptions()],
  Page: TourView,
});
