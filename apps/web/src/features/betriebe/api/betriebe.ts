import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Betrieb,
  CreatedInvitation,
  CreateBetriebInput,
  CreateInvitationInput,
  CoverageAlertInput,
  Invitation,
  InvitationPreview,
  Member,
  MembershipChange,
  UpdateMemberInput,
} from '@streckenpass/contract/betriebe';
import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import { api, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { betriebList, useRefreshingMutation } from './betrieb-resource';

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

/** Only admins and Disponenten may list the members and invitations: the others never ask. */
const members = betriebList<Member[]>(keys.members, (id) => `${path(id)}/members`);
export const membersQueryOptions = members.options;
export const useMembers = members.use;

/**
 * Who joined, left or was removed in the last 30 days (admins and Disponenten). Every change of members – founding,
 * joining, removing (`keys.all`) and leaving (the Betrieb's cache goes) – asks it again.
 */
const changes = betriebList<MembershipChange[]>(keys.changes, (id) => `${path(id)}/changes`);
export const changesQueryOptions = changes.options;
export const useMembershipChanges = changes.use;

const invitations = betriebList<Invitation[]>(keys.invitations, (id) => `${path(id)}/invitations`);
export const invitationsQueryOptions = invitations.options;
export const useInvitations = invitations.use;

/** After any change to memberships: my list and everything of the Betriebe is asked again. */
export function useCreateBetrieb() {
  return useRefreshingMutation(keys.all, (input: CreateBetriebInput) => api.post<Betrieb>('/api/betriebe', input));
}

export function useUpdateMember(betriebId: number) {
  return useRefreshingMutation(keys.all, ({ memberId, input }: { memberId: number; input: UpdateMemberInput }) =>
    api.patch<Member>(`${path(betriebId)}/members/${memberId}`, input),
  );
}

export function useRemoveMember(betriebId: number) {
  return useRefreshingMutation(keys.all, (memberId: number) => api.delete(`${path(betriebId)}/members/${memberId}`));
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

/** Agreeing to the current consent text for one's own membership (issue 41 item 7): the Betrieb's answer replaces it. */
export function useAgreeToConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (betriebId: number) =>
      apiRequest<Betrieb>(`${path(betriebId)}/membership/consent`, {
        method: 'PUT',
        body: { consentVersion: CONSENT_VERSION },
      }),
    onSuccess: (_betrieb, betriebId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.list() }),
        queryClient.invalidateQueries({ queryKey: keys.detail(betriebId) }),
      ]),
  });
}

export function useCreateInvitation(betriebId: number) {
  return useRefreshingMutation(keys.invitations(betriebId), (input: CreateInvitationInput) =>
    api.post<CreatedInvitation>(`${path(betriebId)}/invitations`, input),
  );
}

export function useRevokeInvitation(betriebId: number) {
  return useRefreshingMutation(keys.invitations(betriebId), (invitationId: number) =>
    api.delete(`${path(betriebId)}/invitations/${invitationId}`),
  );
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
  return useRefreshingMutation(keys.all, (consentVersion: number) => acceptInvitation(token, consentVersion));
}

/** My own weekly coverage mail of this Betrieb (admins and Disponenten); the Betrieb is asked again after it. */
export function useSetCoverageAlert(betriebId: number) {
  return useRefreshingMutation(keys.detail(betriebId), (input: CoverageAlertInput) =>
    apiRequest<Betrieb>(`${path(betriebId)}/membership/coverage-alert`, { method: 'PUT', body: input }),
  );
}
