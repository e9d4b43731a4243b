import type { QueryKey, UseSuspenseQueryOptions } from '@tanstack/react-query';
import { RECORD_KINDS, type RecordKindDeclaration } from '@streckenpass/contract/record-kinds';
import type { RecordNoun } from '@streckenpass/contract/terms';
import type { DetailRow } from '../components/detail-table';
import { paths, recordPagePaths } from '../config/paths';
import { betriebQueryOptions } from '../features/betriebe/api/betriebe';
import { routeActivityQueryOptions } from '../features/route-activities/api/route-activities';
import { routeQueryOptions } from '../features/routes/api/routes';
import { tourQueryOptions } from '../features/tours/api/tours';
import { vehicleQueryOptions } from '../features/vehicles/api/vehicles';
import type { RecordPageKind } from './record-route';

/*
 * The kinds of record that have pages, each named by its noun: the query of one record and its "nicht gefunden" card,
 * shared by its view (`recordRoute(routeRecord.view, RouteDetails, { shows })`, app/record-route.tsx) and its edit
 * page (`routeRecord.edit`), and the heading and edit button of the view's "Stammdaten" card.
 */

type Noun = Pick<RecordNoun, 'one' | 'gender'>;

/** Where the "nicht gefunden" card leads back to. */
type Back = { backTo: string; backLabel: string };

const documentation: Back = { backTo: paths.documentation, backLabel: 'Zurück zur Dokumentation' };

/** The view's page (titled "Strecke") and the edit page ("Strecke bearbeiten") of a kind of record. */
function recordPages<T, Key extends QueryKey>(
  { one, gender }: Noun,
  query: (id: number) => UseSuspenseQueryOptions<T, Error, T, Key>,
  back: Back = documentation,
): { view: RecordPageKind<T, Key>; edit: RecordPageKind<T, Key> } {
  const [article, pronoun] = gender === 'f' ? ['Diese', 'sie'] : gender === 'n' ? ['Dieses', 'es'] : ['Dieser', 'er'];
  const notFound = {
    title: `${one} nicht gefunden`,
    text: `${article} ${one} gibt es nicht (mehr), oder ${pronoun} gehört zu einem anderen Konto.`,
    ...back,
  };
  return { view: { title: one, query, notFound }, edit: { title: `${one} bearbeiten`, query, notFound } };
}

/**
 * A declared kind the driver edits on pages of its own (contract `record-kinds.ts`, `page`): its view and edit pages
 * titled by its noun, and its "Stammdaten der Strecke" card with the edit button.
 */
export function editableRecord<T, Key extends QueryKey>(
  kind: Pick<RecordKindDeclaration, 'noun'> & { page: `/${string}` },
  query: (id: number) => UseSuspenseQueryOptions<T, Error, T, Key>,
) {
  const { noun } = kind;
  const editPath = recordPagePaths(kind).edit;
  const pages = recordPages(noun, query);
  const title = `Stammdaten ${noun.gender === 'f' ? `der ${noun.one}` : `des ${noun.one}s`}`;
  return {
    ...pages,
    /** The record's "Stammdaten" card: its heading, its rows, and its edit button. */
    master: (id: number, rows: DetailRow[]) => ({ title, rows, edit: editPath(id), editLabel: pages.edit.title }),
  };
}

export const routeRecord = editableRecord(RECORD_KINDS.routes, routeQueryOptions);

export const tourRecord = editableRecord(RECORD_KINDS.tours, tourQueryOptions);

export const vehicleRecord = editableRecord(RECORD_KINDS.vehicles, vehicleQueryOptions);

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
