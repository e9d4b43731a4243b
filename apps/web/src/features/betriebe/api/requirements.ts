import { useMutation, type QueryKey } from '@tanstack/react-query';
import type { BetriebDepot } from '@streckenpass/contract/betriebe';
import type { FirstAcquisition } from '@streckenpass/contract/first-acquisition';
import type {
  CreateRequirementInput,
  Requirement,
  RequirementImportPreview,
  RequirementImportResult,
  RequirementMatch,
  CreateVehicleRequirementInput,
  VehicleRequirement,
  VehicleRequirementMatch,
} from '@streckenpass/contract/requirements';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { downloadFile } from '../../../lib/save-file';
import { betriebList, useRefreshingMutation } from './betrieb-resource';

/*
 * A Betrieb's requirements (issue 28 item 2): the list every member reads (also as CSV), the admins' changes and CSV
 * import, and
 * the driver's own view with the matching routes and the links made by hand. Every change asks the lists below
 * `requirements` (or `vehicleRequirements`) again.
 */

const keys = queryKeys.betriebe;
const path = (betriebId: number) => `/api/betriebe/${betriebId}/requirements`;
const vehiclePath = (betriebId: number) => `/api/betriebe/${betriebId}/vehicle-requirements`;

/**
 * A kind of requirement (route knowledge, vehicle types) at `url`: its list (every member), the driver's matches, and
 * the admins' add and delete, each asking the list again.
 */
function requirementKind<Item, Match, Input>(
  listKey: (betriebId: number) => QueryKey,
  matchesKey: (betriebId: number) => QueryKey,
  url: (betriebId: number) => string,
) {
  return {
    list: betriebList<Item[]>(listKey, url),
    /** Only drivers have routes and vehicles the Betrieb sees: the others never ask. */
    matches: betriebList<Match[]>(matchesKey, (id) => `${url(id)}/matches`),
    useCreate: (betriebId: number) =>
      useRefreshingMutation(listKey(betriebId), (input: Input) => api.post<Item>(url(betriebId), input)),
    useDelete: (betriebId: number) =>
      useRefreshingMutation(listKey(betriebId), (itemId: number) => api.delete(`${url(betriebId)}/${itemId}`)),
    /** A merge-patch of one (admins): only the fields named change. */
    useUpdate: (betriebId: number) =>
      useRefreshingMutation(listKey(betriebId), ({ id, patch }: { id: number; patch: Partial<Input> }) =>
        api.patch<Item>(`${url(betriebId)}/${id}`, patch),
      ),
  };
}

/** Required route knowledge: `routeRequirements.list.use(id, enabled)`, `.matches`, `.useCreate(id)`, `.useDelete(id)`. */
export const routeRequirements = requirementKind<Requirement, RequirementMatch, CreateRequirementInput>(
  keys.requirements,
  keys.requirementMatches,
  path,
);

/** Required vehicle types, the same way. */
export const vehicleRequirements = requirementKind<
  VehicleRequirement,
  VehicleRequirementMatch,
  CreateVehicleRequirementInput
>(keys.vehicleRequirements, keys.vehicleRequirementMatches, vehiclePath);

const upload = <T>(url: string, file: File) => apiRequest<T>(url, { method: 'POST', file, contentType: 'text/csv' });
/** What the file would add and every bad line; writes nothing. */
export function usePreviewRequirementImport(betriebId: number) {
  return useMutation({
    mutationFn: (file: File) => upload<RequirementImportPreview>(`${path(betriebId)}/import/preview`, file),
  });
}
export function useImportRequirements(betriebId: number) {
  return useRefreshingMutation(keys.requirements(betriebId), (file: File) =>
    upload<RequirementImportResult>(`${path(betriebId)}/import`, file),
  );
}

/** The list as a CSV file in the import's columns (every member), under the name the server gives it. */
export function useDownloadRequirementsCsv(betriebId: number) {
  return useMutation({
    mutationFn: () => downloadFile(`${path(betriebId)}/csv`, `anforderungen-${betriebId}.csv`, { accept: 'text/csv' }),
  });
}

/** Links a route by hand (`routeId`) or loosens the link (`null`). */
export function useLinkRequirement(betriebId: number) {
  return useRefreshingMutation(
    keys.requirements(betriebId),
    async ({ requirementId, routeId }: { requirementId: number; routeId: number | null }) => {
      const url = `${path(betriebId)}/${requirementId}/link`;
      if (routeId === null) await api.delete(url);
      else await apiRequest<RequirementMatch>(url, { method: 'PUT', body: { route: routeId } });
    },
  );
}

/**
 * Sets or clears a depot's first acquisition (admins, decision 0067): it judges the depot's requirements that ask none
 * of their own, so the Betrieb, its requirements and its views are all asked again.
 */
export function useSetDepotFirstAcquisition(betriebId: number) {
  return useRefreshingMutation(
    keys.all,
    ({ depotId, firstAcquisition }: { depotId: number; firstAcquisition: FirstAcquisition | null }) =>
      apiRequest<BetriebDepot>(`/api/betriebe/${betriebId}/depots/${depotId}/first-acquisition`, {
        method: 'PUT',
        body: { firstAcquisition },
      }),
  );
}
