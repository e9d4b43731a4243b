import { Anchor, Button, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { addDays } from '@streckenpass/contract/knowledge';
import { plural, pluralWord } from '@streckenpass/contract/plural';
import { useInViewport, useMediaQuery } from '@mantine/hooks';
import { IconList } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TitledPageLoader } from '../../components/page-loader';
import { TopicHelpCard } from '../../components/topic-help-card';
import { paths } from '../../config/paths';
import { VehiclesNotSavedError } from '../../features/documentation/api/save-documentation';
import { useRecordDocumentation } from '../../features/documentation/use-record-documentation';
import { OutboxCard } from '../../features/documentation/components/outbox-card';
import { sessionStartedAt, useConnected } from '../../lib/connection';
import { CreateObjectsCard } from '../../features/documentation/components/create-objects-card';
import { SelectableListCard } from '../../features/documentation/components/selectable-list-card';
import { SelectionActionBar } from '../../features/documentation/components/selection-action-bar';
import { SelectedObjectsCard, type SelectedEntry } from '../../features/documentation/components/selected-objects-card';
import {
  dateProblem,
  filterByName,
  placesOf,
  planDocumentation,
  routeLabel,
  selectedRouteIds,
  driveDays,
  type PeriodChoice,
} from '../../features/documentation/documentation';
import { useDocumentationStore, type SelectionKind } from '../../features/documentation/store';
import { ExportButtons } from '../../features/export/components/export-buttons';
import { useAccountValidityDays } from '../../features/routes/api/account-validity';
import { useRoutes } from '../../features/routes/api/routes';
import { useTours } from '../../features/tours/api/tours';
import { isTourIncomplete, TOUR_INCOMPLETE_LABEL } from '@streckenpass/contract/tour-status';
import { useVehicles } from '../../features/vehicles/api/vehicles';
import { germanMessage } from '../../lib/api-errors';
import { formatDate, todayInput } from '../../lib/dates';
import { useAwaitingFirstAnswer } from '../../lib/first-answer';
import { useTitle } from '../use-title';

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

export function Component() {
  useTitle('Dokumentation');
  const routes = useRoutes();
  const tours = useTours();
  const vehicles = useVehicles();
  // Painted once with its lists: lists that fill as answers arrive would push the ones below down the screen.
  const awaiting = useAwaitingFirstAnswer(routes, tours, vehicles);
  const { search, selection, setSearch, toggle, remove, clearSelection, prune } = useDocumentationStore();
  const { record, save } = useRecordDocumentation();
  const [date, setDate] = useState(() => todayInput());
  const [period, setPeriod] = useState<PeriodChoice>('rule');
  const accountDays = useAccountValidityDays();
  const [formError, setFormError] = useState<string | null>(null);
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

  const resetFeedback = () => {
    setFormError(null);
    save.reset();
  };
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

  const onSave = () => {
    resetFeedback();
    const result = planDocumentation({
      selection,
      routes: allRoutes,
      tours: allTours,
      vehicles: allVehicles,
      acquiredAt: date,
      period,
      accountDays,
      today: todayInput(),
    });
    if (!result.ok) {
      setFormError(result.message);
      return;
    }
    record(result.plan, {
      onDone: () => {
        clearSelection();
        // The next drive is most likely today's again.
        setDate(todayInput());
      },
    });
  };

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

  if (awaiting) return <TitledPageLoader title="Dokumentation" />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Dokumentation</Title>
        <Button
          component={Link}
          to={paths.routeActivities}
          variant="default"
          leftSection={<IconList size={16} aria-hidden />}
        >
          Alle Dokumentationen
        </Button>
      </Group>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {wide && createObjects}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <SelectableListCard
                title="Strecken"
                noun="Strecke"
                total={allRoutes.length}
                items={filterByName(allRoutes, search.routes).map((route) => ({
                  id: route.id,
                  name: route.name,
                  label: routeLabel(route),
                  to: paths.route(route.id),
                }))}
                {...selectable('routes')}
                searchPlaceholder="Eine Strecke suchen"
                query={routes}
                empty={
                  <EmptyHint
                    text="Legen Sie Ihre erste Strecke an. Danach können Sie sie hier für die Dokumentation auswählen."
                    action={{ label: 'Strecke erstellen', to: paths.routeNew }}
                  />
                }
              />
              <SelectableListCard
                title="Touren"
                noun="Tour"
                total={allTours.length}
                items={filterByName(allTours, search.tours).map((tour) => ({
                  id: tour.id,
                  name: tour.name,
                  label: tour.name,
                  detail:
                    plural(tour.routes.length, 'Strecke', 'Strecken') +
                    (isTourIncomplete(tour.routes) ? ` · ${TOUR_INCOMPLETE_LABEL}` : ''),
                  to: paths.tour(tour.id),
                }))}
                {...selectable('tours')}
                searchPlaceholder="Eine Tour suchen"
                query={tours}
                empty={
                  <EmptyHint text="Noch keine Touren. Eine Tour fasst Strecken zusammen, die Sie oft gemeinsam fahren – so dokumentieren Sie alle mit einem Klick." />
                }
              />
              <SelectableListCard
                title="Fahrzeuge"
                noun="Fahrzeug"
                total={allVehicles.length}
                items={filterByName(allVehicles, search.vehicles).map((vehicle) => ({
                  id: vehicle.id,
                  name: vehicle.name,
                  label: vehicle.name,
                  to: paths.vehicle(vehicle.id),
                }))}
                {...selectable('vehicles')}
                searchPlaceholder="Ein Fahrzeug suchen"
                query={vehicles}
                empty={
                  <EmptyHint text="Noch keine Fahrzeuge. Ausgewählte Fahrzeuge werden mit den Strecken dokumentiert." />
                }
              />
              <SelectableListCard
                title="Orte"
                noun="Ort"
                total={places.length}
                items={filterByName(places, search.places).map((place) => ({
                  id: place.id,
                  name: place.name,
                  label: place.name,
                  detail: `${plural(place.routes, 'Strecke', 'Strecken')} ${pluralWord(place.routes, 'beginnt oder endet', 'beginnen oder enden')} hier`,
                }))}
                {...selectable('places')}
                searchPlaceholder="Einen Ort suchen"
                query={routes}
                empty={
                  <EmptyHint text="Orte sind die Start- und Endpunkte Ihrer Strecken. Ein Ort wählt alle Strecken aus, die dort beginnen oder enden." />
                }
              />
            </SimpleGrid>
            {!wide && createObjects}
            <TopicHelpCard title="Hilfe zu der Dokumentation" url={paths.userDocumentation}>
              Auf dieser Seite können Sie die Dokumentation für die gefahrenen Strecken und Touren durchführen. Durch
              die Auswahl mit den Markiersymbolen können Sie die Strecken und Touren für die Dokumentation auswählen.
              Die Streckenkunde wird automatisch für ein Jahr dokumentiert (oder für ein halbes Jahr, wenn Sie das
              wählen).
            </TopicHelpCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} ref={selectedCardRefs} style={{ scrollMarginTop: 16 }}>
          <Stack gap="md">
            <OutboxCard />
            <SelectedObjectsCard
              date={date}
              maxDate={todayInput()}
              onDateChange={(value) => {
                resetFeedback();
                setDate(value);
              }}
              period={period}
              onPeriodChange={setPeriod}
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
              onSave={onSave}
              saving={save.isPending}
              error={formError ?? (save.isError ? saveErrorText(save.error) : null)}
              exportSlot={<ExportButtons selection={selection} />}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <SelectionActionBar
        visible={selectedCount > 0 && !inViewport}
        selectedCount={selectedCount}
        date={date}
        today={todayInput()}
        onDateChange={(value) => {
          resetFeedback();
          setDate(value);
        }}
        period={period}
        onPeriodChange={setPeriod}
        validUntilText={validUntilText}
        onSave={onSave}
        saving={save.isPending}
        onShowSelection={() => selectedCardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
      />
    </Stack>
  );
}
