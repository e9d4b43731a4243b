import { RECORD_KINDS } from '@streckenpass/contract/record-kinds';
import { paths } from '../config/paths';
import { betriebQueryOptions } from '../features/betriebe/api/betriebe';
import { routeActivityQueryOptions } from '../features/route-activities/api/route-activities';
import { routeQueryOptions } from '../features/routes/api/routes';
import { tourQueryOptions } from '../features/tours/api/tours';
import { editableRecord, recordPages } from './record-kind-pages';

/*
 * The kinds of record that have pages, each named by its noun: the query of one record and its "nicht gefunden" card,
 * shared by its view (`recordRoute(routeRecord.view, RouteDetails, { shows })`, app/record-route.tsx) and its edit
 * page (`routeRecord.edit`), and the heading and edit button of the view's "Stammdaten" card. A kind whose pages do
 * nothing of their own declares them in one file instead (`recordKindPages`, app/routes/vehicle.tsx).
 */

export const routeRecord = editableRecord(RECORD_KINDS.routes, routeQueryOptions);

export const tourRecord = editableRecord(RECORD_KINDS.tours, tourQueryOptions);

export const routeActivityRecord = recordPages({ one: 'Dokumentation', gender: 'f' }, routeActivityQueryOptions, {
  backTo: paths.routeActivities,
  backLabel: 'Alle Dokumentationen',
});

/**
 * A Betrieb's pages (its view, matrix, "Wer kann fahren?"): for its members; anyone else, and a former member, meets
 * "nicht gefunden" (the server's 404), titled as the page.
 */
export const betriebRecord = (title: string) => ({
  title,
  query: betriebQueryOptions,
  notFound: {
    title: 'Betrieb nicht gefunden',
    text: 'Diesen Betrieb gibt es nicht (mehr), oder Sie sind nicht (mehr) Mitglied.',
    backTo: paths.accountBetriebe,
    backLabel: 'Zu meinen Betrieben',
  },
});
