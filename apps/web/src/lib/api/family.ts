import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateFamilyInvitationRequest,
  FamilyDashboard,
  FamilyInvitationCreated,
  FamilyInvitationPreview,
  FamilyProtection,
  FamilyProtectionRequest,
  FamilyView,
} from '@baitcheck/contracts';
import { API_ROUTES as API, buildPath } from '@baitcheck/contracts/lite';
import { api } from '../api-client';
import { queryKeys } from './query-keys';

/** `GET /api/family` as a query, for code outside a component too. */
export const familyQuery = queryOptions({
  queryKey: queryKeys.family,
  queryFn: () => api.get<FamilyView>(API.getFamily.path),
});

/**
 * The visitor's place in a family (none, manager, member). Shared: the Account page shows the
 * Family Dashboard tab by it, and the protection switches turn read-only while a family manager
 * sets them.
 */
export function useFamily({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...familyQuery, enabled });
}

/** Whether the visitor's protection switches are their family manager's to set now. */
export function useProtectionManaged(): boolean {
  const family = useFamily();
  return family.data?.role === 'member' && family.data.protectionManaged;
}

/** Joining, leaving or being removed changes the plan: every screen that depends on it reads again. */
function placeChanged(queryClient: QueryClient) {
  for (const queryKey of [queryKeys.family, queryKeys.subscription, queryKeys.messages, queryKeys.messageStats, queryKeys.protectionSettings]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** The manager's family changed (an invitation, a member, their switches): the family and its dashboard read again. */
function familyChanged(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.family });
}

/** The Family Dashboard (the manager's): each member's 30-day counts and alerts. */
export function useFamilyDashboard(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.familyDashboard,
    queryFn: () => api.get<FamilyDashboard>(API.familyDashboard.path),
    enabled,
  });
}

/** Invites someone by email (the first invitation founds the family). */
export function useInviteFamilyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateFamilyInvitationRequest) => api.post<FamilyInvitationCreated>(API.createFamilyInvitation.path, input),
    onSettled: () => familyChanged(queryClient),
  });
}

/** Cancels an invitation: its link stops working. */
export function useRevokeFamilyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ success: true }>(buildPath(API.deleteFamilyInvitation.path, { id })),
    onSettled: () => familyChanged(queryClient),
  });
}

/** The manager removes a member. */
export function useRemoveFamilyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<{ success: true }>(buildPath(API.removeFamilyMember.path, { userId })),
    onSettled: () => familyChanged(queryClient),
  });
}

/** The manager sets a member's protection switches (parental controls). */
export function useSetMemberProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: FamilyProtectionRequest & { userId: string }) =>
      api.patch<FamilyProtection>(buildPath(API.setFamilyMemberProtection.path, { userId }), body),
    onSettled: () => familyChanged(queryClient),
  });
}

/** A member leaves their family; a manager with no members left ends it. */
export function useLeaveFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ success: true }>(API.leaveFamily.path),
    onSettled: () => placeChanged(queryClient),
  });
}

/** Who invited, for the invitation page (the token stays out of every URL the server sees). */
export function useFamilyInvitation(token: string | null) {
  return useQuery({
    queryKey: queryKeys.familyInvitation(token ?? ''),
    queryFn: () => api.post<FamilyInvitationPreview>(API.previewFamilyInvitation.path, { token }),
    enabled: token !== null,
  });
}

/** Accepts an invitation: the signed-in account joins the family and has its plan. */
export function useJoinFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<FamilyView>(API.joinFamily.path, { token }),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.family, view),
    onSettled: () => placeChanged(queryClient),
  });
}
