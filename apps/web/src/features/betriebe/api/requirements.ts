import { useMutation } from '@tanstack/react-query';
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
import { betriebList, useRefreshingMutation } from './betrieb-resource';

/*
 * A Betrieb's requirements (issue 28 item 2): the list every member reads, the admins' changes and CSV import, and
 * the driver's own view with the matching routes and the links made by hand. Every change asks the lists below
 * `requirements` (or `vehicleRequirements`) again.
 */

const keys = queryKeys.betriebe;
const path = (betriebId: number) => `/api/betriebe/${betriebId}/requirements`;
const vehiclePath = (betriebId: number) => `/api/betriebe/${betriebId}/vehicle-requirements`;

const requirements = betriebList<Requirement[]>(keys.requirements, path);
export const requirementsQueryOptions = requirements.options;
export const useRequirements = requirements.use;

/** Only drivers have routes the Betrieb sees: the others never ask. */
const matches = betriebList<RequirementMatch[]>(keys.requirementMatches, (id) => `${path(id)}/matches`);
export const requirementMatchesQueryOptions = matches.options;
export const useRequirementMatches = matches.use;

export function useCreateRequirement(betriebId: number) {
  return useRefreshingMutation(keys.requirements(betriebId), (input: CreateRequirementInput) =>
    api.post<Requirement>(path(betriebId), input),
  );
}

export function useDeleteRequirement(betriebId: number) {
  return useRefreshingMutation(keys.requirements(betriebId), (requirementId: number) =>
    api.delete(`${path(betriebId)}/${requirementId}`),
  );
}

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

const vehicleRequirements = betriebList<VehicleRequirement[]>(keys.vehicleRequirements, vehiclePath);
export const vehicleRequirementsQueryOptions = vehicleRequirements.options;
export const useVehicleRequirements = vehicleRequirements.use;

const vehicleMatches = betriebList<VehicleRequirementMatch[]>(
  keys.vehicleRequirementMatches,
  (id) => `${vehiclePath(id)}/matches`,
);
export const vehicleRequirementMatchesQueryOptions = vehicleMatches.options;
export const useVehicleRequirementMatches = vehicleMatches.use;

export function useCreateVehicleRequirement(betriebId: number) {
  return useRefreshingMutation(keys.vehicleRequirements(betriebId), (input: CreateVehicleRequirementInput) =>
    api.post<VehicleRequirement>(vehiclePath(betriebId), input),
  );
}

export function useDeleteVehicleRequirement(betriebId: number) {
  return useRefreshingMutation(keys.vehicleRequirements(betriebId), (requirementId: number) =>
    api.delete(`${vehiclePath(betriebId)}/${requirementId}`),
  );
}
