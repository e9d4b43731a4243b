import { Button, Grid, Group, Menu, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useInViewport, useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useRef } from 'react';
import { TopicHelpCard } from '../../components/topic-help-card';
import { paths } from '../../config/paths';
import { useDocumentationForm } from '../../features/documentation/use-documentation-form';
import { usePruneSelection } from '../../features/documentation/use-prune-selection';
import { OutboxCard } from '../../features/documentation/components/outbox-card';
import { CreateObjectsCard } from '../../features/documentation/components/create-objects-card';
import { SaveErrorMessage } from '../../features/documentation/components/save-error-message';
import { SelectableListCard } from '../../features/documentation/components/selectable-list-card';
import { SelectionActionBar } from '../../features/documentation/components/selection-action-bar';
import { SelectedObjectsCard, type SelectedEntry } from '../../features/documentation/components/selected-objects-card';
import { placesOf, routeLabel, validityHelpText } from '../../features/documentation/documentation';
import { selectionLists } from '../../features/documentation/selection-lists';
import { useDocumentationStore, type SelectionKind } from '../../features/documentation/store';
import { ExportButtons } from '../../features/export/components/export-buttons';
import { useAccountValidityDays } from '../../lib/account-validity';
import { routesQueryOptions, useRoutes } from '../../features/routes/api/routes';
import { toursQueryOptions, useTours } from '../../features/tours/api/tours';
import { useVehicles, vehiclesQueryOptions } from '../../features/vehicles/api/vehicles';
import { formatDate, todayInput } from '../../lib/dates';
import { AllDocumentationsButton } from '../all-documentations-button';
import { dataRoute } from '../record-route';
import { useTitle } from '../use-title';

/** The ways to the create forms: a card beside the lists, on a phone also a menu at the top. */
const CREATE_LINKS = [
  { label: 'Strecke erstellen', to: paths.routeNew },
  { label: 'Tour erstellen', to: paths.tourNew },
  { label: 'Fahrzeug erstellen', to: paths.vehicleNew },
];

function Documentation() {
  useTitle('Dokumentation');
  const routes = useRoutes();
  const tours = useTours();
  const vehicles = useVehicles();
  const { search, selection, setSearch, toggle, remove, clearSelection } = useDocumentationStore();
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
  usePruneSelection({
    queries: [routes, tours, vehicles],
    routes: allRoutes,
    tours: allTours,
    vehicles: allVehicles,
    places,
  });

  const selected: Record<SelectionKind, SelectedEntry[]> = {
    routes: allRoutes.filter((r) => selection.routes.includes(r.id)).map((r) => ({ id: r.id, name: routeLabel(r) })),
    tours: allTours.filter((t) => selection.tours.includes(t.id)).map((t) => ({ id: t.id, name: t.name })),
    vehicles: allVehicles.filter((v) => selection.vehicles.includes(v.id)).map((v) => ({ id: v.id, name: v.name })),
    places: places.filter((p) => selection.places.includes(p.id)).map((p) => ({ id: p.id, name: p.name })),
  };

  const { form, onSubmit, save, formError, resetFeedback, routeCount, onlyRoute, validUntil } = useDocumentationForm({
    selection,
    routes: allRoutes,
    tours: allTours,
    vehicles: allVehicles,
    accountDays,
    onDone: clearSelection,
  });
  // Shown in the card and, on a phone, in the bar where "Speichern" was tapped.
  const saveMessage = formError ?? (save.isError ? <SaveErrorMessage error={save.error} /> : null);
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

  const lists = selectionLists({
    routes: allRoutes,
    tours: allTours,
    vehicles: allVehicles,
    places,
    search,
    queries: { routes, tours, vehicles },
  });

  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const selectedCount = Object.values(selected).reduce((sum, entries) => sum + entries.length, 0);
  const validUntilText = validUntil ? formatDate(validUntil) : '';

  // On a phone the lists come first; the ways to the create forms follow them (in the DOM too, for the focus order).
  const createObjects = <CreateObjectsCard links={CREATE_LINKS} />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Dokumentation</Title>
        <AllDocumentationsButton />
      </Group>
      {/* On a phone the create forms and the export sit below the lists: both one tap away from the top (issue 40). */}
      {!wide && (
        <Group gap="xs">
          <Menu position="bottom-start">
            <Menu.Target>
              <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
                Erstellen
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {CREATE_LINKS.map((link) => (
                <Menu.Item key={link.to} component={Link} to={link.to} mih={44}>
                  {link.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button component="a" href="#export" variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
            Export
          </Button>
        </Group>
      )}
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
              onlyRoute={onlyRoute}
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
              exportSlot={
                <div id="export" style={{ scrollMarginTop: 16 }}>
                  <ExportButtons selection={selection} />
                </div>
              }
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
        onlyRoute={onlyRoute}
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
