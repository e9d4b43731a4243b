import {
  useSuspenseQuery,
  type QueryClient,
  type QueryKey,
  type UseSuspenseQueryOptions,
  type UseSuspenseQueryResult,
} from '@tanstack/react-query';
import { Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { useParams, type LoaderFunction, type LoaderFunctionArgs } from 'react-router';
import { PageLoader } from '../components/page-loader';
import type { RecordNotFound } from '../components/record-not-found';
import { currentToken } from '../features/auth/store';
import { NotFoundError } from '../lib/api-errors';
import { isConnected } from '../lib/connection';
import { storedQueriesRestored, useReportStoredQueriesRestored } from '../lib/first-answer';
import { parseRecordId } from '../lib/record-api';
import { RouteError } from './route-error';
import { useTitle } from './use-title';

/*
 * A data page declares what it reads; this file turns that into its loader, its pending view and its error element
 * (bulletproof-react's `clientLoader` + `ensureQueryData`, epic-stack's error boundary with a 404 handler). The page
 * itself is then painted once, with its data: no loading, not-found or error branches of its own.
 */

/** A feature's `queryOptions` (key and fetcher); lists of several kinds are typed by their key alone. */
export type PageQuery = { queryKey: QueryKey };

/** The "nicht gefunden" card of a kind of record: title, sentence, and the way back. */
export type NotFoundCard = ComponentProps<typeof RecordNotFound>;

/** A page module: its `Component`; a data page also its `clientLoader` and `ErrorBoundary`. */
export interface PageModule {
  Component: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  ErrorBoundary?: ComponentType;
}

/** What `dataRoute` and `recordRoute` give a page module to export. */
export type DataRouteModule = Required<PageModule>;

/**
 * A page module as React Router's route properties, its loader bound to the query client (bulletproof-react's
 * `convert(queryClient)`): `app/router.tsx` for the app, the page tests for theirs.
 */
export function pageRoute({ clientLoader, ...route }: PageModule, queryClient: QueryClient) {
  return clientLoader ? { ...route, loader: clientLoader(queryClient) } : route;
}

/** The lists a data page reads, and what it shows while they are on their way. */
interface PageLists {
  /** Lists the page cannot be shown without (read with `usePageQuery`): a failure is the page's error. */
  needs?: () => PageQuery[];
  /** Lists shown in cards of their own: loaded before the page is painted, but a failure stays the card's. */
  shows?: () => PageQuery[];
  /** What shows while the data is on its way in the page's place (only offline: otherwise the loader waits). */
  pending?: ReactNode;
}

interface DataRouteDeclaration extends PageLists {
  /** The page's title while it has nothing else to show: pending, not found, failed. */
  title: string;
}

/**
 * Loads a page's queries, offline-first (docs/decisions/0009, 0029): after the stored copy is restored, a query
 * with data resolves at once (refetched in the background when stale), and one without data is awaited only when
 * the server can be reached – offline the page renders, and its pending view says why nothing is there.
 */
export async function loadQueries(
  queryClient: QueryClient,
  needs: PageQuery[],
  shows: PageQuery[] = [],
): Promise<void> {
  // Signed out, the guard sends the visitor away; nothing is asked for.
  if (!currentToken()) return;
  await storedQueriesRestored();
  const load = (query: PageQuery) =>
    queryClient.getQueryData(query.queryKey) === undefined && !isConnected()
      ? undefined
      : queryClient.ensureQueryData({ ...query, revalidateIfStale: true });
  await Promise.all([...needs.map(load), ...shows.map((query) => load(query)?.catch(() => undefined))]);
}

/**
 * A query the page was loaded with, as `useSuspenseQuery` gives it (offline and never loaded, the page's pending
 * view waits for it). A refetch the server refused is thrown to the error element too, as it was shown before: a
 * record deleted elsewhere turns into "nicht gefunden". A request that never reached the server is no error
 * (lib/query-client.ts keeps the data).
 */
export function usePageQuery<T, Key extends QueryKey>(
  options: UseSuspenseQueryOptions<T, Error, T, Key>,
): UseSuspenseQueryResult<T, Error> {
  const result = useSuspenseQuery(options);
  if (result.error && !result.isFetching) throw result.error;
  return result;
}

function pendingView(title: string, pending: ReactNode = <PageLoader />) {
  return function Pending() {
    useTitle(title);
    return pending;
  };
}

/** A page that reads lists (`needs`, `shows`) but no record of its own: the new-tour page, the activities list. */
export function dataRoute({
  title,
  needs = () => [],
  shows = () => [],
  pending,
  Page,
}: DataRouteDeclaration & { Page: ComponentType }): DataRouteModule {
  const Pending = pendingView(title, pending);
  return {
    clientLoader: (queryClient) => async () => {
      await loadQueries(queryClient, needs(), shows());
      return null;
    },
    ErrorBoundary: function DataRouteError() {
      useTitle(title);
      return <RouteError />;
    },
    Component: function DataRoute() {
      return (
        <Suspense fallback={<Pending />}>
          <Page />
        </Suspense>
      );
    },
  };
}

/** A kind of record's page (app/record-routes.ts: `routeRecord.view`, `routeRecord.edit`). */
export interface RecordPageKind<T, Key extends QueryKey> {
  /** The page's title while it has nothing else to show: pending, not found, failed. */
  title: string;
  /** The feature's `queryOptions` of one record (`routeQueryOptions`). */
  query: (id: number) => UseSuspenseQueryOptions<T, Error, T, Key>;
  /** The card for a record that is not there (404), not the user's (403), or an id that cannot exist. */
  notFound: NotFoundCard;
}

export interface RecordPageLists extends Omit<PageLists, 'shows'> {
  /** As a data page's `shows`, given the record's id (its history, issue 27). */
  shows?: (id: number) => PageQuery[];
  /** Forms stand in the middle of the page; so do their not-found and error cards. */
  centered?: boolean;
}

function recordIdOf(params: LoaderFunctionArgs['params']): number {
  const id = parseRecordId(params.id);
  // Never asked for: such an id names no record.
  if (id === null) throw new NotFoundError('Not found', 404, 'Not Found', null);
  return id;
}

/** A page of one thing named by its path (`keyOf(params)`): its loader, error element, and one paint with it. */
function keyedRoute<PathKey extends string | number, T, Key extends QueryKey>({
  title,
  keyOf,
  query,
  load,
  Page,
  notFound,
  pending,
  centered,
}: {
  title: string;
  keyOf: (params: LoaderFunctionArgs['params']) => PathKey;
  query: (key: PathKey) => UseSuspenseQueryOptions<T, Error, T, Key>;
  load: (queryClient: QueryClient, key: PathKey) => Promise<unknown>;
  Page: ComponentType<{ record: T }>;
  notFound: NotFoundCard;
  pending?: ReactNode;
  centered: boolean;
}): DataRouteModule {
  const Pending = pendingView(title, pending);

  function Loaded({ pathKey }: { pathKey: PathKey }) {
    const { data } = usePageQuery(query(pathKey));
    return <Page record={data} />;
  }

  return {
    clientLoader:
      (queryClient) =>
      async ({ params }) => {
        await load(queryClient, keyOf(params));
        return null;
      },
    ErrorBoundary: function RecordError() {
      useTitle(title);
      return <RouteError notFound={notFound} centered={centered} />;
    },
    Component: function RecordPage() {
      const pathKey = keyOf(useParams());
      // One boundary per record: moving to another record shows its pending view, not the previous record.
      return (
        <Suspense key={pathKey} fallback={<Pending />}>
          <Loaded pathKey={pathKey} />
        </Suspense>
      );
    },
  };
}

/**
 * The page of one record (`/route/:id`, `/tour/edit/:id`, …), as its kind, its component and the lists it reads:
 * `recordRoute(tourRecord.view, TourView, { shows: () => [routesQueryOptions()] })`. Loaded with the lists it `needs`
 * and `shows`, painted once with its record, "nicht gefunden" for 404 and 403, the German error card with "Erneut
 * versuchen" otherwise.
 */
export function recordRoute<T, Key extends QueryKey>(
  { title, query, notFound }: RecordPageKind<T, Key>,
  /** The page, given the record. */
  Page: ComponentType<{ record: T }>,
  { needs = () => [], shows = () => [], pending, centered = false }: RecordPageLists = {},
): DataRouteModule {
  return keyedRoute({
    title,
    keyOf: recordIdOf,
    query,
    load: (queryClient, id) => loadQueries(queryClient, [query(id), ...needs()], shows(id)),
    Page,
    notFound,
    pending,
    centered,
  });
}

/**
 * A public page of one thing named by a token in its path (`/beitreten/:token`, issue 28): loaded signed in or out,
 * otherwise as a record page – painted once with it, its "nicht gefunden" card for 404, the error card otherwise.
 */
export function publicRoute<T, Key extends QueryKey>(
  {
    title,
    query,
    notFound,
  }: { title: string; query: (token: string) => UseSuspenseQueryOptions<T, Error, T, Key>; notFound: NotFoundCard },
  Page: ComponentType<{ record: T }>,
): DataRouteModule {
  return keyedRoute({
    title,
    keyOf: (params) => params.token ?? '',
    query,
    load: (queryClient, token) => queryClient.ensureQueryData(query(token)),
    Page,
    notFound,
    centered: false,
  });
}

/** Rendered by the root route: tells waiting loaders when the stored copy has been restored. */
export function StoredQueriesRestoredReport() {
  useReportStoredQueriesRestored();
  return null;
}
