import { isTourIncomplete, TOUR_INCOMPLETE_LABEL, TOUR_MIN_ROUTES } from '@streckenpass/contract/tour-status';
import type { Tour } from '@streckenpass/contract/tours';
import { MasterDataGrid } from '../../components/master-data-card';
import { QueryContent } from '../../components/query-content';
import { RecordTodayButton } from '../../features/documentation/components/record-today-button';
import { routesQueryOptions, useRoutes } from '../../features/routes/api/routes';
import { RouteListCard, selectedRoutes } from '../../features/tours/components/route-list-card';
import { recordRoute } from '../record-route';
import { tourRecord } from '../record-routes';
import { useTitle } from '../use-title';

function TourView({ record: tour }: { record: Tour }) {
  const routes = useRoutes();
  useTitle(tour.name);
  const tourRoutes = selectedRoutes(routes.data ?? [], tour.routes);

  return (
    <MasterDataGrid
      master={{
        ...tourRecord.master(tour.id, [
          { label: 'Name der Tour', value: tour.name },
          { label: 'Anzahl Strecken', value: tour.routes.length },
          ...(isTourIncomplete(tour.routes)
            ? [{ label: 'Status', value: `${TOUR_INCOMPLETE_LABEL} – weniger als ${TOUR_MIN_ROUTES} Strecken` }]
            : []),
        ]),
        action: <RecordTodayButton routes={tourRoutes} label="Tour heute gefahren" />,
      }}
    >
      <QueryContent query={routes}>
        {(data) => (
          <RouteListCard
            title="Strecken der Tour"
            routes={selectedRoutes(data, tour.routes)}
            empty="Diese Tour enthält keine Strecken."
          />
        )}
      </QueryContent>
    </MasterDataGrid>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute(tourRecord.view, TourView, {
  shows: () => [routesQueryOptions()],
});
