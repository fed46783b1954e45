"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../api-client/query-keys";
import { settingsApi } from "../api-client/settings";
import type { ClientSettingsInput, ProjectSettingsInput } from "../validation/settings";

export function useClientSettings(clientId: string) {
  return useQuery({
    queryKey: queryKeys.clientSettings(clientId),
    queryFn: () => settingsApi.client.get(clientId),
    meta: { globalErrors: false },
  });
}

export function useUpdateClientSettings(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ClientSettingsInput>) => settingsApi.client.update(clientId, body),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.clientSettings(clientId), answer),
  });
}

export function useProjectSettings(projectId: string) {
  return useQuery({
    queryKey: queryKeys.projectSettings(projectId),
    queryFn: () => settingsApi.project.get(projectId),
    meta: { globalErrors: false },
  });
}

export function useUpdateProjectSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ProjectSettingsInput>) => settingsApi.project.update(projectId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.projectSettings(projectId), answer);
      // The primary KPI decides which numbers the dashboard shows first.
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
