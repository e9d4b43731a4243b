import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Betrieb,
  CreatedInvitation,
  CreateBetriebInput,
  CreateInvitationInput,
  Invitation,
  InvitationPreview,
  Member,
  UpdateMemberInput,
} from '@streckenpass/contract/betriebe';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/*
 * Betriebe (issue 28): mine with my role, one Betrieb, its members and invitations, and the public invitation a
 * driver opens before joining. Every answer is the server's, scoped by my membership there.
 */

const keys = queryKeys.betriebe;
const path = (id: number) => `/api/betriebe/${id}`;
/** Tokens and codes go into the path as they are typed, encoded (a code may carry a space). */
const invitationPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

export const getBetriebe = () => api.get<Betrieb[]>('/api/betriebe');
export const betriebeQueryOptions = () => queryOptions({ queryKey: keys.list(), queryFn: getBetriebe });
export function useBetriebe() {
  return useQuery(betriebeQueryOptions());
}

export const getBetrieb = (id: number) => api.get<Betrieb>(path(id));
export const betriebQueryOptions = (id: number) =>
  queryOptions({ queryKey: keys.detail(id), queryFn: () => getBetrieb(id) });

export const getMembers = (id: number) => api.get<Member[]>(`${path(id)}/members`);
export const membersQueryOptions = (id: number) =>
  queryOptions({ queryKey: keys.members(id), queryFn: () => getMembers(id) });
/** Only admins and Disponenten may list the members: the others never ask. */
export function useMembers(id: number, enabled: boolean) {
  return useQuery({ ...membersQueryOptions(id), enabled });
}

export const getInvitations = (id: number) => api.get<Invitation[]>(`${path(id)}/invitations`);
export const invitationsQueryOptions = (id: number) =>
  queryOptions({ queryKey: keys.invitations(id), queryFn: () => getInvitations(id) });
export function useInvitations(id: number, enabled: boolean) {
  return useQuery({ ...invitationsQueryOptions(id), enabled });
}

/** After any change to memberships: my list and everything of the Betriebe is asked again. */
function useRefreshBetriebe() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

export const createBetrieb = (input: CreateBetriebInput) => api.post<Betrieb>('/api/betriebe', input);
export function useCreateBetrieb() {
  const refresh = useRefreshBetriebe();
  return useMutation({ mutationFn: createBetrieb, onSuccess: refresh });
}

export const updateMember = (betriebId: number, memberId: number, input: UpdateMemberInput) =>
  api.patch<Member>(`${path(betriebId)}/members/${memberId}`, input);
export function useUpdateMember(betriebId: number) {
  const refresh = useRefreshBetriebe();
  return useMutation({
    mutationFn: ({ memberId, input }: { memberId: number; input: UpdateMemberInput }) =>
      updateMember(betriebId, memberId, input),
    onSuccess: refresh,
  });
}

export const removeMember = (betriebId: number, memberId: number) =>
  api.delete(`${path(betriebId)}/members/${memberId}`);
export function useRemoveMember(betriebId: number) {
  const refresh = useRefreshBetriebe();
  return useMutation({ mutationFn: (memberId: number) => removeMember(betriebId, memberId), onSuccess: refresh });
}

/** Leaving: the Betrieb's access ends at once; what was cached of it goes from this browser too. */
export const leaveBetrieb = (betriebId: number) => api.delete(`${path(betriebId)}/membership`);
export function useLeaveBetrieb() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveBetrieb,
    onSuccess: (_result, betriebId) => {
      queryClient.removeQueries({ queryKey: keys.detail(betriebId) });
      return queryClient.invalidateQueries({ queryKey: keys.list() });
    },
  });
}

export const createInvitation = (betriebId: number, input: CreateInvitationInput) =>
  api.post<CreatedInvitation>(`${path(betriebId)}/invitations`, input);
export function useCreateInvitation(betriebId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) => createInvitation(betriebId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.invitations(betriebId) }),
  });
}

export const revokeInvitation = (betriebId: number, invitationId: number) =>
  api.delete(`${path(betriebId)}/invitations/${invitationId}`);
export function useRevokeInvitation(betriebId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => revokeInvitation(betriebId, invitationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.invitations(betriebId) }),
  });
}

/**
 * An invitation as anyone holding its link or code sees it (no account needed, no bearer token sent). Its key holds
 * the secret: it is never written to the browser's storage and not kept after the page closes.
 */
export const getInvitation = (token: string) => api.get<InvitationPreview>(invitationPath(token), { auth: false });
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.invitation(token),
    queryFn: () => getInvitation(token),
    gcTime: 60_000,
    meta: { persist: false },
  });

export const acceptInvitation = (token: string, consentVersion: number) =>
  api.post<Betrieb>(`${invitationPath(token)}/accept`, { consentVersion });
export function useAcceptInvitation(token: string) {
  const refresh = useRefreshBetriebe();
  return useMutation({
    mutationFn: (consentVersion: number) => acceptInvitation(token, consentVersion),
    onSuccess: refresh,
  });
}
