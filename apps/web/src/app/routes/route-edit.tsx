import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Route } from '@streckenpass/contract/routes';
import { Link, useNavigate } from 'react-router';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button';
import { paths } from '../../config/paths';
import { useDeleteRoute, useUpdateRoute } from '../../features/routes/api/routes';
import { toursQueryOptions, useTours } from '../../features/tours/api/tours';
import { isTourIncomplete, TOUR_INCOMPLETE_LABEL } from '@streckenpass/contract/tour-status';
import { RouteForm, ruleChoiceOf, ruleDaysOf, type RouteFormValues } from '../../features/routes/components/route-form';
import { recordRoute } from '../record-route';
import { routeRecord } from '../record-routes';
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
    await update.mutateAsync({
      name: values.name,
      companyRoute: values.companyRoute.trim() || null,
      startPoint: values.startPoint,
      endPoint: values.endPoint,
      ...(ruleDaysOf(values) !== (route.validityDays ?? null) ? { validityDays: ruleDaysOf(values) } : {}),
      startStation: values.startStation,
      endStation: values.endStation,
    });
    notifications.show({ color: 'green', message: 'Strecke gespeichert.' });
    navigate(paths.route(route.id));
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync(route.id);
      navigate(paths.documentation);
      notifications.show({ color: 'green', message: 'Strecke gelöscht.' });
    } catch (error) {
      // Seed section 8: a failed route delete is only logged; the form stays as it was.
      console.error('Strecke konnte nicht gelöscht werden', error);
    }
  };

  return (
    <Stack align="center">
      <RouteForm
        heading="Strecke bearbeiten"
        submitLabel="Strecke speichern"
        initialValues={{
          name: route.name,
          companyRoute: route.companyRoute ?? '',
          startPoint: route.startPoint,
          endPoint: route.endPoint,
          ...ruleChoiceOf(route.validityDays),
          startStation: route.startStation?.code ?? null,
          endStation: route.endStation?.code ?? null,
        }}
        onSubmit={save}
        actions={
          <>
            <Button component={Link} to={paths.route(route.id)} variant="default" fullWidth>
              Zurück zur Ansicht
            </Button>
            <ConfirmDeleteButton onConfirm={onDelete} title="Strecke löschen?">
              Soll die Strecke „{route.name}“ wirklich gelöscht werden? Sie wird auch aus ihren Touren und
              Aufzeichnungen entfernt.
              {affected.length > 0 && (
                <>
                  {' '}
                  {affected.length === 1 ? 'Betroffene Tour: ' : 'Betroffene Touren: '}
                  {quote(affected.map((tour) => tour.name))}.
                </>
              )}
              {leftIncomplete.length > 0 && (
                <>
                  {' '}
                  Danach {leftIncomplete.length === 1 ? 'hat die Tour' : 'haben die Touren'}{' '}
                  {quote(leftIncomplete.map((tour) => tour.name))} weniger als zwei Strecken und{' '}
                  {leftIncomplete.length === 1 ? 'gilt' : 'gelten'} als {TOUR_INCOMPLETE_LABEL}.
                </>
              )}
            </ConfirmDeleteButton>
          </>
        }
      />
    </Stack>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute({
  ...routeRecord,
  title: 'Strecke bearbeiten',
  centered: true,
  // The delete dialog names the route's tours.
  shows: () => [toursQueryOptions()],
  Page: EditRoute,
});
