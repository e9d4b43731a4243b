import { paths } from '../config/paths';
import { routeActivityQueryOptions } from '../features/route-activities/api/route-activities';
import { routeQueryOptions } from '../features/routes/api/routes';
import { tourQueryOptions } from '../features/tours/api/tours';
import { vehicleQueryOptions } from '../features/vehicles/api/vehicles';

/*
 * The kinds of record that have pages: the query of one record and its "nicht gefunden" card, shared by its view and
 * its edit page (`recordRoute({ ...routeRecord, title, Page })`, app/record-route.tsx).
 */

const back = { backTo: paths.documentation, backLabel: 'Zurück zur Dokumentation' };

export const routeRecord = {
  query: routeQueryOptions,
  notFound: {
    title: 'Strecke nicht gefunden',
    text: 'Diese Strecke gibt es nicht (mehr), oder sie gehört zu einem anderen Konto.',
    ...back,
  },
};

export const tourRecord = {
  query: tourQueryOptions,
  notFound: {
    title: 'Tour nicht gefunden',
    text: 'Diese Tour gibt es nicht (mehr), oder sie gehört zu einem anderen Konto.',
    ...back,
  },
};

export const vehicleRecord = {
  query: vehicleQueryOptions,
  notFound: {
    title: 'Fahrzeug nicht gefunden',
    text: 'Dieses Fahrzeug gibt es nicht (mehr), oder es gehört zu einem anderen Konto.',
    ...back,
  },
};

export const routeActivityRecord = {
  query: routeActivityQueryOptions,
  notFound: {
    title: 'Dokumentation nicht gefunden',
    text: 'Diese Dokumentation gibt es nicht (mehr), oder sie gehört zu einem anderen Konto.',
    backTo: paths.routeActivities,
    backLabel: 'Alle Dokumentationen',
  },
};
