import { queryOptions } from '@tanstack/react-query';
import type { BetriebDriver } from '@streckenpass/contract/betrieb-driver';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/*
 * One driver of a Betrieb as its admins and Disponenten see them (issue 38 item 13): exactly what the consent shares.
 * `membershipId` is the id of the membership, as the matrix, the members list and "Wer kann fahren?" name it.
 */

export const getBetriebDriver = (betriebId: number, membershipId: number) =>
  api.get<BetriebDriver>(`/api/betriebe/${betriebId}/members/${membershipId}`);

export const betriebDriverQueryOptions = (betriebId: number, membershipId: number) =>
  queryOptions({
    queryKey: queryKeys.betriebe.driver(betriebId, membershipId),
    queryFn: () => getBetriebDriver(betriebId, membershipId),
  });
