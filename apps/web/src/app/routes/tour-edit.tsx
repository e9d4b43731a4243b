import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Tour } from '@streckenpass/contract/tours';
import { useNavigate } from 'react-router';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button';
import { paths } from '../../config/paths';
import { routesQueryOptions } from '../../features/routes/api/routes';
import { useDeleteTour, useUpdateTour } from '../../features/tours/api/tours';
import { TourEditor, type TourSaveInput } from '../../features/tours/components/tour-editor';
import { useTourSelectionStore } from '../../features/tours/tour-selection-store';
import { germanMessage } from '../../lib/api-errors';
import { recordRoute, usePageQuery } from '../record-route';
import { tourRecord } from '../record-routes';
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

  const onDelete = async () => {
    try {
      await remove.mutateAsync(tour.id);
      discard(tour.id);
      navigate(paths.documentation);
      notifications.show({ color: 'green', message: 'Tour gelöscht.' });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Tour nicht gelöscht', message: germanMessage(error) });
    }
  };

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
        <>
          <Button
            variant="default"
            fullWidth
            onClick={() => {
              discard(tour.id);
              navigate(paths.tour(tour.id));
            }}
          >
            Zurück zur Ansicht
          </Button>
          <ConfirmDeleteButton onConfirm={onDelete} title="Tour löschen?">
            Soll die Tour „{tour.name}“ wirklich gelöscht werden? Ihre Strecken bleiben erhalten.
          </ConfirmDeleteButton>
        </>
      }
    />
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute({
  ...tourRecord,
  title: 'Tour bearbeiten',
  // The editor chooses among all routes.
  needs: () => [routesQueryOptions()],
  Page: EditTour,
});
