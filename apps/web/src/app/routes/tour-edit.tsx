import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import { useNavigate } from 'react-router';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { isMissingRecord, RecordNotFound } from '../../components/record-not-found';
import { paths } from '../../config/paths';
import { useRoutes } from '../../features/routes/api/routes';
import { useDeleteTour, useTour, useUpdateTour } from '../../features/tours/api/tours';
import { TourEditor, type TourSaveInput } from '../../features/tours/components/tour-editor';
import { useTourSelectionStore } from '../../features/tours/tour-selection-store';
import { germanMessage } from '../../lib/api-errors';
import { useIdParam } from '../use-id-param';
import { useTitle } from '../use-title';

function EditTour({ tour, routes }: { tour: Tour; routes: Route[] }) {
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

export function Component() {
  useTitle('Tour bearbeiten');
  const id = useIdParam();
  const tour = useTour(id ?? 0);
  const routes = useRoutes();

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
  if (routes.isError) return <QueryError error={routes.error} retry={() => void routes.refetch()} />;
  if (!tour.data || !routes.data) return <PageLoader />;
  return <EditTour key={tour.data.id} tour={tour.data} routes={routes.data} />;
}
