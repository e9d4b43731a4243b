import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/*
 * The one shape of a Betrieb's resources on the client (issue 28): a list read by the members whose role may ask
 * (`enabled`), and changes that ask the list again. Each resource is a declaration: its key and its path.
 */

/** A list of a Betrieb at `url(betriebId)`, cached under `key(betriebId)`. */
export function betriebList<T>(key: (betriebId: number) => QueryKey, url: (betriebId: number) => string) {
  const get = (betriebId: number) => api.get<T>(url(betriebId));
  const options = (betriebId: number) => queryOptions({ queryKey: key(betriebId), queryFn: () => get(betriebId) });
  /** Only members whose role may read it ask (`enabled`): the others would get 403. */
  const use = (betriebId: number, enabled: boolean) => useQuery({ ...options(betriebId), enabled });
  return { get, options, use };
}

/** A change whose success asks everything under `key` again. */
export function useRefreshingMutation<Input, Output>(key: QueryKey, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}
