"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client/endpoints";
import { queryKeys } from "../api-client/query-keys";
import type { ShareClientBody, UserPermissionsBody } from "../api-client/types";
import { useCurrentUser } from "./use-current-user";

/** Who a client is shared with (GET /clients/{id}/staffs); errors are the page's to show. */
export function useClientStaffs(clientId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.clientStaffs(clientId, page),
    queryFn: () => api.clients.staffs(clientId, { page }),
    placeholderData: keepPreviousData,
    enabled: Boolean(clientId),
    meta: { globalErrors: false },
  });
}

function useInvalidateSharing(clientId?: string) {
  const queryClient = useQueryClient();
  const agencyId = useCurrentUser().data?.agency._id ?? "";
  return () => {
    if (clientId) void queryClient.invalidateQueries({ queryKey: queryKeys.clientStaffsAll(clientId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.agencyStaffsAll(agencyId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.usersAll });
  };
}

export function useShareClient(clientId: string) {
  const invalidate = useInvalidateSharing(clientId);
  return useMutation({
    mutationFn: (body: ShareClientBody) => api.clients.share(clientId, body),
    onSuccess: invalidate,
  });
}

export function useSetClientStaffPermission(clientId: string) {
  const invalidate = useInvalidateSharing(clientId);
  return useMutation({
    mutationFn: ({ staffId, permission }: { staffId: string; permission: 1 | 2 | 4 }) =>
      api.clients.setStaffPermission(clientId, staffId, permission),
    onSuccess: invalidate,
  });
}

export function useRemoveClientStaff(clientId: string) {
  const invalidate = useInvalidateSharing(clientId);
  return useMutation({
    mutationFn: (staffId: string) => api.clients.removeStaff(clientId, staffId),
    onSuccess: invalidate,
  });
}

/** The agency's staff (role staff) or admins, paged: agency admins only. */
export function useAgencyUsers(agencyId: string, role: "staff" | "agency", page: number) {
  return useQuery({
    queryKey: role === "staff" ? queryKeys.agencyStaffs(agencyId, page) : queryKeys.agencyAdmins(agencyId, page),
    queryFn: () =>
      role === "staff" ? api.agencies.staffs(agencyId, { page }) : api.agencies.admins(agencyId, { page }),
    placeholderData: keepPreviousData,
    enabled: Boolean(agencyId),
  });
}

/** The clients shared with one staff member and their level on each. */
export function useUserClients(userId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.userClients(userId),
    queryFn: () => api.staff.clients(userId),
    enabled: Boolean(userId) && enabled,
  });
}

function useInvalidateAgencyUsers() {
  const queryClient = useQueryClient();
  const agencyId = useCurrentUser().data?.agency._id ?? "";
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.agencyStaffsAll(agencyId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.agencyAdminsAll(agencyId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.clientsAll });
    void queryClient.invalidateQueries({ queryKey: queryKeys.usersAll });
    void queryClient.invalidateQueries({ queryKey: queryKeys.searchAll });
  };
}

export function useSetRole() {
  const invalidate = useInvalidateAgencyUsers();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: "agency" | "staff" }) => api.staff.setRole(userId, role),
    onSuccess: invalidate,
  });
}

export function useRemoveStaff() {
  const invalidate = useInvalidateAgencyUsers();
  return useMutation({ mutationFn: (userId: string) => api.staff.remove(userId), onSuccess: invalidate });
}

export function useUpdateUserPermissions(userId: string) {
  const invalidate = useInvalidateAgencyUsers();
  return useMutation({
    mutationFn: (body: UserPermissionsBody) => api.staff.updatePermissions(userId, body),
    onSuccess: invalidate,
  });
}
