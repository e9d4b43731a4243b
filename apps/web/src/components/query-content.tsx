import type { ReactNode } from 'react';
import { PageLoader } from './page-loader';
import { QueryError } from './query-error';

/** What of a TanStack query a page needs to show its state (`useQuery(…)` fits as it is). */
export interface ShownQuery<Data = unknown> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A list in a card of its own: its failure with "Erneut versuchen" (a failure wins over older data), the spinner
 * while it loads, else `children` with the data.
 */
export function QueryContent<Data>({
  query,
  children,
}: {
  query: ShownQuery<Data>;
  children: (data: Data) => ReactNode;
}) {
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (query.data === undefined) return <PageLoader />;
  return children(query.data);
}

/**
 * Above a page's content while its queries load: the spinner while any is pending, the first failure with
 * "Erneut versuchen". The page shows its content beside them as soon as the data is there.
 */
export function QueryState({ queries }: { queries: ShownQuery[] }) {
  const failed = queries.find((query) => query.isError);
  return (
    <>
      {queries.some((query) => query.isPending) && <PageLoader />}
      {failed && <QueryError error={failed.error} retry={() => void failed.refetch()} />}
    </>
  );
}
