import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { pluralWord } from '@streckenpass/contract/plural';
import type { Route } from '@streckenpass/contract/routes';
import { knowledgeKind } from '@streckenpass/contract/knowledge-items';
import { useNavigate } from 'react-router';
import { EditRecordActions } from '../../components/record-actions';
import { paths } from '../../config/paths';
import { useDeleteRoute, useUpdateRoute } from '../../features/routes/api/routes';
import { toursQueryOptions, useTours } from '../../features/tours/api/tours';
import { isTourIncomplete, TOUR_INCOMPLETE_LABEL } from '@streckenpass/contract/tour-status';
import { RouteForm } from '../../features/routes/components/route-form';
import {
  pathChoiceOf,
  ruleChoiceOf,
  waysChoiceOf,
  type RouteFormValues,
} from '../../features/routes/route-form-values';
import { routeInput } from '../../features/routes/route-input';
import { recordRoute } from '../record-route';
import { routeRecord } from '../record-routes';
import { useDeleteAndLeave } from '../use-delete-and-leave';
import { useTitle } from '../use-title';

function EditRoute({ record: route }: { record: Route }) {
  useTitle('Strecke bearbeiten');
  const navigate = useNavigate();
  const update = useUpdateRoute(route.id);
  const remove = useDeleteRoute();
  const tours = useTours();
  const routeIri = `/api/routes/${route.id}`;
  // The tours the route belongs to, and those that would be left with fewer than two routes.
  const affected = (tours.data ?? []).filter((tour) => tour.routes.includes(routeIri));
  const leftIncomplete = affected.filter((tour) => isTourIncomplete(tour.routes.filter((iri) => iri !== routeIri)));
  const quote = (names: string[]) => names.map((name) => `„${name}“`).join(', ');

  const save = async (values: RouteFormValues) => {
    await update.mutateAsync(
      routeInput(values, {
        validityDays: route.validityDays ?? null,
        keepingWays: route.keepingWays ?? null,
        firstAcquisition: route.firstAcquisition ?? null,
      }),
    );
    notifications.show({ color: 'green', message: 'Strecke gespeichert.' });
    navigate(paths.route(route.id));
  };

  const onDelete = useDeleteAndLeave(remove, route.id, {
    deleted: 'Strecke gelöscht.',
    // Seed section 8: a failed route delete is only logged; the form stays as it was.
    onError: (error) => console.error('Strecke konnte nicht gelöscht werden', error),
  });

  return (
    <Stack align="center">
      <RouteForm
        heading="Strecke bearbeiten"
        submitLabel="Strecke speichern"
        initialValues={{
          kind: knowledgeKind(route),
          name: route.name,
          companyRoute: route.companyRoute ?? '',
          startPoint: route.startPoint,
          endPoint: route.endPoint,
          ...ruleChoiceOf(route.validityDays),
          ...waysChoiceOf(route.keepingWays),
          firstAcquisition: route.firstAcquisition ?? null,
          startStation: route.startStation?.code ?? null,
          endStation: route.endStation?.code ?? null,
          ...pathChoiceOf(route.path),
        }}
        onSubmit={save}
        actions={
          <EditRecordActions back={paths.route(route.id)} onDelete={onDelete} deleteTitle="Strecke löschen?">
            Soll die Strecke „{route.name}“ wirklich gelöscht werden? Sie wird auch aus ihren Touren und Aufzeichnungen
            entfernt.
            {affected.length > 0 && (
              <>
                {' '}
                {pluralWord(affected.length, 'Betroffene Tour: ', 'Betroffene Touren: ')}
                {quote(affected.map((tour) => tour.name))}.
              </>
            )}
            {leftIncomplete.length > 0 && (
              <>
                {' '}
                Danach {pluralWord(leftIncomplete.length, 'hat die Tour', 'haben die Touren')}{' '}
                {quote(leftIncomplete.map((tour) => tour.name))} weniger als zwei Strecken und{' '}
                {pluralWord(leftIncomplete.length, 'gilt', 'gelten')} als {TOUR_INCOMPLETE_LABEL}.
              </>
            )}
          </EditRecordActions>
        }
      />
    </Stack>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute(routeRecord.edit, EditRoute, {
  centered: true,
  // The delete dialog names the route's tours.
  shows: () => [toursQueryOptions()],
});
