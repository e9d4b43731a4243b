import { notifications } from '@mantine/notifications';
import type { Tour } from '@streckenpass/contract/tours';
import { useNavigate } from 'react-router';
import { EditRecordActions } from '../../components/record-actions';
import { paths } from '../../config/paths';
import { routesQueryOptions } from '../../features/routes/api/routes';
import { useDeleteTour, useUpdateTour } from '../../features/tours/api/tours';
import { TourEditor, type TourSaveInput } from '../../features/tours/components/tour-editor';
import { useTourSelectionStore } from '../../features/tours/tour-selection-store';
import { recordRoute, usePageQuery } from '../record-route';
import { tourRecord } from '../record-routes';
import { useDeleteAndLeave } from '../use-delete-and-leave';
import { useTitle } from '../use-title';

function EditTour({ record: tour }: { record: Tour }) {
  useTitle('Tour bearbeiten');
  const routes = usePageQuery(routesQueryOptions()).data;
  const navigate = useNavigate();
  const update = useUpdateTour(tour.id);
  const remove = useDeleteTour();
  const discard = useTourSelectionStore((state) => state.discard);

  const save = async (input: TourSaveInput, discardDraft: () => void) => {
    await update.mutateAsync(input);
    discardDraft();
    notifications.show({ color: 'green', message: 'Tour gespeichert.' });
    navigate(paths.tour(tour.id));
  };

  const onDelete = useDeleteAndLeave(remove, tour.id, {
    deleted: 'Tour gelöscht.',
    failedTitle: 'Tour nicht gelöscht',
    afterDelete: () => discard(tour.id),
  });

  return (
    <TourEditor
      draftKey={tour.id}
      heading="Stammdaten der Tour"
      submitLabel="Tour speichern"
      initialName={tour.name}
      savedRoutes={tour.routes}
      routes={routes}
      onSubmit={save}
      actions={
        <EditRecordActions
          back={() => {
            discard(tour.id);
            navigate(paths.tour(tour.id));
          }}
          onDelete={onDelete}
          deleteTitle="Tour löschen?"
        >
          Soll die Tour „{tour.name}“ wirklich gelöscht werden? Ihre Strecken bleiben erhalten.
        </EditRecordActions>
      }
    />
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute(tourRecord.edit, EditTour, {
  // The editor chooses among all routes.
  needs: () => [routesQueryOptions()],
});
