import { Anchor, Button, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { addDays } from '@streckenpass/contract/knowledge';
import { plural, pluralWord } from '@streckenpass/contract/plural';
import { useInViewport, useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TopicHelpCard } from '../../components/topic-help-card';
import { paths } from '../../config/paths';
import { VehiclesNotSavedError } from '../../features/documentation/api/save-documentation';
import { useDocumentationForm } from '../../features/documentation/use-documentation-form';
import { OutboxCard } from '../../features/documentation/components/outbox-card';
import { sessionStartedAt, useConnected } from '../../lib/connection';
import { CreateObjectsCard } from '../../features/documentation/components/create-objects-card';
import {
  SelectableListCard,
  type SelectableListCardProps,
} from '../../features/documentation/components/selectable-list-card';
import { SelectionActionBar } from '../../features/documentation/components/selection-action-bar';
import { SelectedObjectsCard, type SelectedEntry } from '../../features/documentation/components/selected-objects-card';
import {
  dateProblem,
  filterByName,
  filterRoutes,
  placesOf,
  routeLabel,
  selectedRouteIds,
  driveDays,
  validityHelpText,
} from '../../features/documentation/documentation';
import { useDocumentationStore, type SelectionKind } from '../../features/documentation/store';
import { ExportButtons } from '../../features/export/components/export-buttons';
import { useAccountValidityDays } from '../../lib/account-validity';
import { routesQueryOptions, useRoutes } from '../../features/routes/api/routes';
import { toursQueryOptions, useTours } from '../../features/tours/api/tours';
import { isTourIncomplete, TOUR_INCOMPLETE_LABEL } from '@streckenpass/contract/tour-status';
import { useVehicles, vehiclesQueryOptions } from '../../features/vehicles/api/vehicles';
import { germanMessage } from '../../lib/api-errors';
import { formatDate, todayInput } from '../../lib/dates';
import { AllDocumentationsButton } from '../all-documentations-button';
import { dataRoute } from '../record-route';
import { useTitle } from '../use-title';
import { pathSummary } from '@streckenpass/contract/route-paths';

function EmptyHint({ text, action }: { text: string; action?: { label: string; to: string } }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" c="dimmed">
        {text}
      </Text>
      {action && (
        <Button component={Link} to={action.to} size="xs" variant="light">
          {action.label}
        </Button>
      )}
    </Stack>
  );
}

function saveErrorText(error: unknown): ReactNode {
  if (error instanceof VehiclesNotSavedError) {
    const { activity } = error;
    return (
      <>
        Die Strecken sind dokumentiert (gültig bis {formatDate(activity.acquiredUntil)}), die Fahrzeuge aber nicht:{' '}
        {germanMessage(error.reason)} Speichern Sie erneut – die Strecken werden dabei nicht doppelt erfasst – oder
        fügen Sie die Fahrzeuge in der{' '}
        <Anchor component={Link} to={paths.routeActivity(activity.id)} inherit>
          Dokumentation vom {formatDate(activity.acquiredAt)}
        </Anchor>{' '}
        hinzu.
      </>
    );
  }
  return `Die Dokumentation konnte nicht gespeichert werden: ${germanMessage(error)} Ihre Auswahl bleibt erhalten.`;
}

function Documentation() {
  useTitle('Dokumentation');
  const routes = useRoutes();
  const tours = useTours();
  const vehicles = useVehicles();
  const { search, selection, setSearch, toggle, remove, clearSelection, prune } = useDocumentationStore();
  const accountDays = useAccountValidityDays();
  const selectedCardRef = useRef<HTMLDivElement>(null);
  const { ref: selectedCardInView, inViewport } = useInViewport();
  // Stable, or React would detach and re-attach the observer on every render.
  const selectedCardRefs = useCallback(
    (node: HTMLDivElement | null) => {
      selectedCardRef.current = node;
      selectedCardInView(node);
    },
    [selectedCardInView],
  );

  const allRoutes = useMemo(() => routes.data ?? [], [routes.data]);
  const allTours = useMemo(() => tours.data ?? [], [tours.data]);
  const allVehicles = useMemo(() => vehicles.data ?? [], [vehicles.data]);
  const places = useMemo(() => placesOf(allRoutes), [allRoutes]);
  const routeCount = useMemo(
    () => selectedRouteIds(selection, allRoutes, allTours).length,
    [selection, allRoutes, allTours],
  );

  // The stored selection outlives deletions (also on other devices); once the lists are known, forget what is gone,
  // so that neither the counts nor the export name records that no longer exist.
  // Only lists the server has just confirmed count: never a restored offline copy, never after a failed refetch
  // (a stored selection must survive any number of offline reloads).
  const connected = useConnected();
  const listsKnown =
    connected &&
    [routes, tours, vehicles].every(
      (query) => query.isSuccess && !query.isFetching && query.dataUpdatedAt >= sessionStartedAt,
    );
  useEffect(() => {
    if (!listsKnown) return;
    prune({
      routes: allRoutes.map((route) => route.id),
      tours: allTours.map((tour) => tour.id),
      vehicles: allVehicles.map((vehicle) => vehicle.id),
      places: places.map((place) => place.id),
    });
  }, [listsKnown, allRoutes, allTours, allVehicles, places, prune]);

  const selected: Record<SelectionKind, SelectedEntry[]> = {
    routes: allRoutes.filter((r) => selection.routes.includes(r.id)).map((r) => ({ id: r.id, name: routeLabel(r) })),
    tours: allTours.filter((t) => selection.tours.includes(t.id)).map((t) => ({ id: t.id, name: t.name })),
    vehicles: allVehicles.filter((v) => selection.vehicles.includes(v.id)).map((v) => ({ id: v.id, name: v.name })),
    places: places.filter((p) => selection.places.includes(p.id)).map((p) => ({ id: p.id, name: p.name })),
  };

  const { form, onSubmit, save, formError, resetFeedback } = useDocumentationForm({
    selection,
    routes: allRoutes,
    tours: allTours,
    vehicles: allVehicles,
    accountDays,
    onDone: clearSelection,
  });
  // Shown in the card and, on a phone, in the bar where "Speichern" was tapped.
  const saveMessage = formError ?? (save.isError ? saveErrorText(save.error) : null);
  const { acquiredAt: date, period } = form.values;
  const onToggle = (kind: SelectionKind) => (id: number | string) => {
    resetFeedback();
    toggle(kind, id as never);
  };
  /** What each of the four lists needs from the selection store: its search text and its selected ids. */
  const selectable = (kind: SelectionKind) => ({
    search: search[kind],
    onSearch: (text: string) => setSearch(kind, text),
    isSelected: (id: number | string) => (selection[kind] as readonly (number | string)[]).includes(id),
    onToggle: onToggle(kind),
  });

  /** The four lists to choose from, in this order (on a phone one below the other). */
  const lists = [
    {
      kind: 'routes',
      title: 'Strecken',
      noun: 'Strecke',
      total: allRoutes.length,
      items: filterRoutes(allRoutes, search.routes).map((route) => ({
        id: route.id,
        name: route.name,
        label: routeLabel(route),
        // The lines it runs over (issue 29): "über 3520 › 4010 › 4011, 78 km".
        ...(route.path ? { detail: pathSummary(route.path) } : {}),
        to: paths.route(route.id),
      })),
      searchPlaceholder: 'Eine Strecke suchen',
      query: routes,
      empty: (
        <EmptyHint
          text="Legen Sie Ihre erste Strecke an. Danach können Sie sie hier für die Dokumentation auswählen."
          action={{ label: 'Strecke erstellen', to: paths.routeNew }}
        />
      ),
    },
    {
      kind: 'tours',
      title: 'Touren',
      noun: 'Tour',
      total: allTours.length,
      items: filterByName(allTours, search.tours).map((tour) => ({
        id: tour.id,
        name: tour.name,
        label: tour.name,
        detail:
          plural(tour.routes.length, 'Strecke', 'Strecken') +
          (isTourIncomplete(tour.routes) ? ` · ${TOUR_INCOMPLETE_LABEL}` : ''),
        to: paths.tour(tour.id),
      })),
      searchPlaceholder: 'Eine Tour suchen',
      query: tours,
      empty: (
        <EmptyHint text="Noch keine Touren. Eine Tour fasst Strecken zusammen, die Sie oft gemeinsam fahren – so dokumentieren Sie alle mit einem Klick." />
      ),
    },
    {
      kind: 'vehicles',
      title: 'Fahrzeuge',
      noun: 'Fahrzeug',
      total: allVehicles.length,
      items: filterByName(allVehicles, search.vehicles).map((vehicle) => ({
        id: vehicle.id,
        name: vehicle.name,
        label: vehicle.name,
        to: paths.vehicle(vehicle.id),
      })),
      searchPlaceholder: 'Ein Fahrzeug suchen',
      query: vehicles,
      empty: <EmptyHint text="Noch keine Fahrzeuge. Ausgewählte Fahrzeuge werden mit den Strecken dokumentiert." />,
    },
    {
      kind: 'places',
      title: 'Orte',
      noun: 'Ort',
      total: places.length,
      items: filterByName(places, search.places).map((place) => ({
        id: place.id,
        name: place.name,
        label: place.name,
        detail: `${plural(place.routes, 'Strecke', 'Strecken')} ${pluralWord(place.routes, 'beginnt oder endet', 'beginnen oder enden')} hier`,
      })),
      searchPlaceholder: 'Einen Ort suchen',
      query: routes,
      empty: (
        <EmptyHint text="Orte sind die Start- und Endpunkte Ihrer Strecken. Ein Ort wählt alle Strecken aus, die dort beginnen oder enden." />
      ),
    },
  ] satisfies ({ kind: SelectionKind } & Omit<
    SelectableListCardProps<number | string>,
    'search' | 'onSearch' | 'isSelected' | 'onToggle'
  >)[];

  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const selectedCount = Object.values(selected).reduce((sum, entries) => sum + entries.length, 0);
  const chosenRouteIds = selectedRouteIds(selection, allRoutes, allTours);
  const validUntilText = dateProblem(date, todayInput())
    ? ''
    : formatDate(
        addDays(
          date,
          driveDays(
            period,
            allRoutes.filter((route) => chosenRouteIds.includes(route.id)),
            accountDays,
          ),
        ),
      );

  // On a phone the lists come first; the ways to the create forms follow them (in the DOM too, for the focus order).
  const createObjects = (
    <CreateObjectsCard
      links={[
        { label: 'Strecke erstellen', to: paths.routeNew },
        { label: 'Tour erstellen', to: paths.tourNew },
        { label: 'Fahrzeug erstellen', to: paths.vehicleNew },
      ]}
    />
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Dokumentation</Title>
        <AllDocumentationsButton />
      </Group>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {wide && createObjects}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {lists.map(({ kind, ...list }) => (
                <SelectableListCard key={kind} {...list} {...selectable(kind)} />
              ))}
            </SimpleGrid>
            {!wide && createObjects}
            <TopicHelpCard title="Hilfe zur Dokumentation" url={paths.userDocumentation}>
              Auf dieser Seite können Sie die Dokumentation für die gefahrenen Strecken und Touren durchführen. Durch
              die Auswahl mit den Markiersymbolen können Sie die Strecken und Touren für die Dokumentation auswählen.{' '}
              {validityHelpText(accountDays)}
            </TopicHelpCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} ref={selectedCardRefs} style={{ scrollMarginTop: 16 }}>
          <Stack gap="md">
            <OutboxCard />
            <SelectedObjectsCard
              form={form}
              today={todayInput()}
              onEdit={resetFeedback}
              validUntilText={validUntilText}
              selected={selected}
              routeCount={routeCount}
              onRemove={(kind, id) => {
                resetFeedback();
                remove(kind, id as never);
              }}
              onReset={() => {
                resetFeedback();
                clearSelection();
              }}
              onSubmit={onSubmit}
              saving={save.isPending}
              error={saveMessage}
              exportSlot={<ExportButtons selection={selection} />}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <SelectionActionBar
        visible={selectedCount > 0 && !inViewport}
        error={saveMessage}
        selectedCount={selectedCount}
        form={form}
        today={todayInput()}
        onEdit={resetFeedback}
        validUntilText={validUntilText}
        onSubmit={onSubmit}
        saving={save.isPending}
        onShowSelection={() => selectedCardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
      />
    </Stack>
  );
}

export const { clientLoader, ErrorBoundary, Component } = dataRoute({
  title: 'Dokumentation',
  // Painted once with its lists: lists that fill as answers arrive would push the ones below down the screen.
  shows: () => [routesQueryOptions(), toursQueryOptions(), vehiclesQueryOptions()],
  Page: Documentation,
});
