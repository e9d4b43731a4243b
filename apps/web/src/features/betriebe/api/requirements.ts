import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/*
 * A Betrieb's requirements (issue 28 item 2): the list every member reads, the admins' changes and CSV import, and
 * the driver's own view with the matching routes and the links made by hand.
 */

const keys = queryKeys.betriebe;
const path = (betriebId: number) => `/api/betriebe/${betriebId}/requirements`;

export const getRequirements = (betriebId: number) => api.get<Requirement[]>(path(betriebId));
export const requirementsQueryOptions = (betriebId: number) =>
  queryOptions({ queryKey: keys.requirements(betriebId), queryFn: () => getRequirements(betriebId) });
export function useRequirements(betriebId: number, enabled: boolean) {
  return useQuery({ ...requirementsQueryOptions(betriebId), enabled });
}

export const getRequirementMatches = (betriebId: number) => api.get<RequirementMatch[]>(`${path(betriebId)}/matches`);
export const requirementMatchesQueryOptions = (betriebId: number) =>
  queryOptions({ queryKey: keys.requirementMatches(betriebId), queryFn: () => getRequirementMatches(betriebId) });
/** Only drivers have routes the Betrieb sees: the others never ask. */
export function useRequirementMatches(betriebId: number, enabled: boolean) {
  return useQuery({ ...requirementMatchesQueryOptions(betriebId), enabled });
}

/** After any change: the list and the driver's view are asked again (both sit below `requirements`). */
function useRefreshRequirements(betriebId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.requirements(betriebId) });
}

export const createRequirement = (betriebId: number, input: CreateRequirementInput) =>
  api.post<Requirement>(path(betriebId), input);
export function useCreateRequirement(betriebId: number) {
  const refresh = useRefreshRequirements(betriebId);
  return useMutation({
    mutationFn: (input: CreateRequirementInput) => createRequirement(betriebId, input),
    onSuccess: refresh,
  });
}

export const deleteRequirement = (betriebId: number, requirementId: number) =>
  api.delete(`${path(betriebId)}/${requirementId}`);
export function useDeleteRequirement(betriebId: number) {
  const refresh = useRefreshRequirements(betriebId);
  return useMutation({
    mutationFn: (requirementId: number) => deleteRequirement(betriebId, requirementId),
    onSuccess: refresh,
  });
}

const upload = <T>(url: string, file: File) => apiRequest<T>(url, { method: 'POST', file, contentType: 'text/csv' });
/** What the file would add and every bad line; writes nothing. */
export const previewRequirementImport = (betriebId: number, file: File) =>
  upload<RequirementImportPreview>(`${path(betriebId)}/import/preview`, file);
export const importRequirements = (betriebId: number, file: File) =>
  upload<RequirementImportResult>(`${path(betriebId)}/import`, file);
export function usePreviewRequirementImport(betriebId: number) {
  return useMutation({ mutationFn: (file: File) => previewRequirementImport(betriebId, file) });
}
export function useImportRequirements(betriebId: number) {
  const refresh = useRefreshRequirements(betriebId);
  return useMutation({ mutationFn: (file: File) => importRequirements(betriebId, file), onSuccess: refresh });
}

export const linkRequirement = (betriebId: number, requirementId: number, routeId: number) =>
  apiRequest<RequirementMatch>(`${path(betriebId)}/${requirementId}/link`, {
    method: 'PUT',
    body: { route: routeId },
  });
export const unlinkRequirement = (betriebId: number, requirementId: number) =>
  api.delete(`${path(betriebId)}/${requirementId}/link`);
export function useLinkRequirement(betriebId: number) {
  const refresh = useRefreshRequirements(betriebId);
  return useMutation({
    mutationFn: async ({ requirementId, routeId }: { requirementId: number; routeId: number | null }) => {
      if (routeId === null) await unlinkRequirement(betriebId, requirementId);
      else await linkRequirement(betriebId, requirementId, routeId);
    },
    onSuccess: refresh,
  });
}

const vehiclePath = (betriebId: number) => `/api/betriebe/${betriebId}/vehicle-requirements`;

export const getVehicleRequirements = (betriebId: number) => api.get<VehicleRequirement[]>(vehiclePath(betriebId));
export const vehicleRequirementsQueryOptions = (betriebId: number) =>
  queryOptions({ queryKey: keys.vehicleRequirements(betriebId), queryFn: () => getVehicleRequirements(betriebId) });
export function useVehicleRequirements(betriebId: number, enabled: boolean) {
  return useQuery({ ...vehicleRequirementsQueryOptions(betriebId), enabled });
}

export const getVehicleRequirementMatches = (betriebId: number) =>
  api.get<VehicleRequirementMatch[]>(`${vehiclePath(betriebId)}/matches`);
export const vehicleRequirementMatchesQueryOptions = (betriebId: number) =>
  queryOptions({
    queryKey: keys.vehicleRequirementMatches(betriebId),
    queryFn: () => getVehicleRequirementMatches(betriebId),
  });
export function useVehicleRequirementMatches(betriebId: number, enabled: boolean) {
  return useQuery({ ...vehicleRequirementMatchesQueryOptions(betriebId), enabled });
}

function useRefreshVehicleRequirements(betriebId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.vehicleRequirements(betriebId) });
}

export const createVehicleRequirement = (betriebId: number, input: CreateVehicleRequirementInput) =>
  api.post<VehicleRequirement>(vehiclePath(betriebId), input);
export function useCreateVehicleRequirement(betriebId: number) {
  const refresh = useRefreshVehicleRequirements(betriebId);
  return useMutation({
    mutationFn: (input: CreateVehicleRequirementInput) => createVehicleRequirement(betriebId, input),
    onSuccess: refresh,
  });
}

export const deleteVehicleRequirement = (betriebId: number, requirementId: number) =>
  api.delete(`${vehiclePath(betriebId)}/${requirementId}`);
export function useDeleteVehicleRequirement(betriebId: number) {
  const refresh = useRefreshVehicleRequirements(betriebId);
  return useMutation({
    mutationFn: (requirementId: number) => deleteVehicleRequirement(betriebId, requirementId),
    onSuccess: refresh,
  });
}
