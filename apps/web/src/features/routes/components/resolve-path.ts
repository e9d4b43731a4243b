import { sectionsKm, type RoutePathInput } from '@streckenpass/contract/route-paths';
import type { QueryClient } from '@tanstack/react-query';
import { NetworkError, NotFoundError } from '../../../lib/api-errors';
import { routePathQueryOptions } from '../api/route-path';
import type { RouteFormValues } from '../route-form-values';
import { lineSectionOf, pathEndsOf, viaOf } from './route-path-field';

/**
 * The path a save sends (issue 29 item 2, docs/decisions/0051): a section given by line as it is; over a point the path
 * found for it (a point off the network refuses the save with the server's sentence); the shortest path only when the
 * driver went back to it from another one — otherwise nothing, and the server keeps the path or finds it anew when
 * the start or end changed. Offline, nothing is sent either (the server decides when the save arrives).
 */
export async function resolvePath(
  values: RouteFormValues,
  initial: RouteFormValues,
  queryClient: QueryClient,
): Promise<RoutePathInput | null | undefined> {
  // A place lies at one point: nothing to find (the server keeps none).
  if (values.kind === 'place') return undefined;
  if (values.pathMode === 'line') {
    const section = lineSectionOf(values);
    return section ? { km: sectionsKm([section]), sections: [section], via: null } : undefined;
  }
  const via = viaOf(values);
  const untouched = initial.pathMode === 'network' && viaOf(initial) === via;
  if (untouched && !via) return undefined;
  const { from, to } = pathEndsOf(values);
  if (!from || !to) return null;
  if (untouched && !hasMovedEnds(values, initial)) return undefined;
  try {
    const found = await queryClient.fetchQuery(routePathQueryOptions(from, to, via));
    return { km: found.km, sections: found.sections, via };
  } catch (error) {
    if (error instanceof NetworkError) return undefined;
    // Over a point off the network: said, not saved without it. The shortest path off the network: none.
    if (error instanceof NotFoundError && !via) return null;
    throw error;
  }
}

/** Whether the start or the end differs from what the form began with. */
function hasMovedEnds(values: RouteFormValues, initial: RouteFormValues): boolean {
  const now = pathEndsOf(values);
  const before = pathEndsOf(initial);
  return now.from !== before.from || now.to !== before.to;
}
