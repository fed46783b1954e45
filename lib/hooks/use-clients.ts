"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "../api-client/endpoints";
import { queryKeys } from "../api-client/query-keys";
import type { ClientBody, ProjectBody, ProjectUpdateBody } from "../api-client/types";
import { useCurrentUser } from "./use-current-user";

/** The clients the user may see in their agency, each with its projects (GET /api/agencies/{id}/clients). */
export function useAgencyClients(agencyId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.agencyClients(agencyId, page),
    queryFn: () => api.agencies.clients(agencyId, { page }),
    placeholderData: keepPreviousData,
    enabled: Boolean(agencyId),
  });
}

/** The agency with its project usage (GET /api/agencies/{id}): the project-limit gauge reads it. */
export function useAgency(agencyId: string) {
  return useQuery({
    queryKey: queryKeys.agency(agencyId),
    queryFn: () => api.agencies.get(agencyId),
    enabled: Boolean(agencyId),
  });
}

/**
 * One client with its projects. Errors are the page's to show: a suspended client (403 with the
 * spec's message) is explained on the page rather than sent to the not-found page.
 */
export function useClient(clientId: string) {
  return useQuery({
    queryKey: queryKeys.client(clientId),
    queryFn: () => api.clients.get(clientId),
    enabled: Boolean(clientId),
    meta: { globalErrors: false },
  });
}

export function useProject(projectId: string) {
  return useQuery({
    queryKey: queryKeys.project(projectId),
    queryFn: () => api.projects.get(projectId),
    enabled: Boolean(projectId),
    meta: { globalErrors: false },
  });
}

/** After a client or project changes: every list, detail, search and usage figure that may show it. */
function invalidateWorkspace(queryClient: QueryClient, agencyId: string, clientId?: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.agencyClientsAll(agencyId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.agency(agencyId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.searchAll });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
  if (clientId) void queryClient.invalidateQueries({ queryKey: queryKeys.clientAll(clientId) });
}

function useAgencyId(): string {
  return useCurrentUser().data?.agency._id ?? "";
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  const agencyId = useAgencyId();
  return useMutation({
    mutationFn: (body: ClientBody) => api.clients.create(body),
    onSuccess: () => invalidateWorkspace(queryClient, agencyId),
  });
}

export function useUpdateClient(clientId: string) {
  const queryClient = useQueryClient();
  const agencyId = useAgencyId();
  return useMutation({
    mutationFn: (body: ClientBody) => api.clients.update(clientId, body),
    onSuccess: () => invalidateWorkspace(queryClient, agencyId, clientId),
  });
}

export function useSetClientStatus(clientId: string) {
  const queryClient = useQueryClient();
  const agencyId = useAgencyId();
  return useMutation({
    mutationFn: (status: "active" | "suspended") => api.clients.setStatus(clientId, status),
    onSuccess: () => invalidateWorkspace(queryClient, agencyId, clientId),
  });
}

export function useDeleteClient(clientId: string) {
  const queryClient = useQueryClient();
  const agencyId = useAgencyId();
  return useMutation({
    mutationFn: () => api.clients.remove(clientId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.clientAll(clientId) });
      invalidateWorkspace(queryClient, agencyId);
    },
  });
}

export function useCreateProject(clientId: string) {
  const queryClient = useQueryClient();
  const agencyId = useAgencyId();
  return useMutation({
    mutationFn: (body: ProjectBody) => api.clients.addProject(clientId, body),
    onSuccess: () => invalidateWorkspace(queryClient, agencyId, clientId),
  });
}

export function useUpdateProject(projectId: string, clientId: string) {
  const queryClient = useQueryClient();
  const agencyId = useAgencyId();
  return useMutation({
    mutationFn: (body: ProjectUpdateBody) => api.projects.update(projectId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });
      invalidateWorkspace(queryClient, agencyId, clientId);
    },
  });
}

/** The first 100 clients (newest first) with their projects, for pickers. */
export function usePickerClients(agencyId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.agencyClientsPicker(agencyId),
    queryFn: () => api.agencies.clients(agencyId, { page: 0, limit: 100 }),
    enabled: Boolean(agencyId) && enabled,
  });
}
