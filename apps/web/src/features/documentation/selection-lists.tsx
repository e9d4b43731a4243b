import { plural, pluralWord } from '@streckenpass/contract/plural';
import { pathSummary } from '@streckenpass/contract/route-paths';
import type { Route } from '@streckenpass/contract/routes';
import { isTourIncomplete, TOUR_INCOMPLETE_LABEL } from '@streckenpass/contract/tour-status';
import type { Tour } from '@streckenpass/contract/tours';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { paths } from '../../config/paths';
import type { SelectableListCardProps } from './components/selectable-list-card';
import { EmptyHint } from './components/empty-hint';
import { filterByName, filterRoutes, routeLabel, type Place } from './documentation';
import type { DocumentationSearch, SelectionKind } from './store';

export type SelectionList = { kind: SelectionKind } & Omit<
  SelectableListCardProps<number | string>,
  'search' | 'onSearch' | 'isSelected' | 'onToggle'
>;

type ListQuery = SelectableListCardProps<number | string>['query'];

/**
 * The four lists the documentation page chooses from, in this order (on a phone one below the other), each filtered by
 * its search text: routes (with the lines they run over), tours, vehicles, and the places the routes start or end at.
 */
export function selectionLists(input: {
  routes: readonly Route[];
  tours: readonly Tour[];
  vehicles: readonly Vehicle[];
  places: readonly Place[];
  search: DocumentationSearch;
  /** The queries the lists come from: their pending and error states are the cards'. */
  queries: { routes: ListQuery; tours: ListQuery; vehicles: ListQuery };
}): SelectionList[] {
  const { routes, tours, vehicles, places, search, queries } = input;
  return [
    {
      kind: 'routes',
      title: 'Strecken',
      noun: 'Strecke',
      total: routes.length,
      items: filterRoutes(routes, search.routes).map((route) => ({
        id: route.id,
        name: route.name,
        label: routeLabel(route),
        // The lines it runs over (issue 29): "über 3520 › 4010 › 4011, 78 km".
        ...(route.path ? { detail: pathSummary(route.path) } : {}),
        to: paths.route(route.id),
      })),
      searchPlaceholder: 'Eine Strecke suchen',
      query: queries.routes,
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
      total: tours.length,
      items: filterByName(tours, search.tours).map((tour) => ({
        id: tour.id,
        name: tour.name,
        label: tour.name,
        detail:
          plural(tour.routes.length, 'Strecke', 'Strecken') +
          (isTourIncomplete(tour.routes) ? ` · ${TOUR_INCOMPLETE_LABEL}` : ''),
        to: paths.tour(tour.id),
      })),
      searchPlaceholder: 'Eine Tour suchen',
      query: queries.tours,
      empty: (
        <EmptyHint text="Noch keine Touren. Eine Tour fasst Strecken zusammen, die Sie oft gemeinsam fahren – so dokumentieren Sie alle mit einem Klick." />
      ),
    },
    {
      kind: 'vehicles',
      title: 'Fahrzeuge',
      noun: 'Fahrzeug',
      total: vehicles.length,
      items: filterByName(vehicles, search.vehicles).map((vehicle) => ({
        id: vehicle.id,
        name: vehicle.name,
        label: vehicle.name,
        to: paths.vehicle(vehicle.id),
      })),
      searchPlaceholder: 'Ein Fahrzeug suchen',
      query: queries.vehicles,
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
      query: queries.routes,
      empty: (
        <EmptyHint text="Orte sind die Start- und Endpunkte Ihrer Strecken. Ein Ort wählt alle Strecken aus, die dort beginnen oder enden." />
      ),
    },
  ];
}
