"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client/endpoints";
import { queryKeys } from "../api-client/query-keys";
import type { UploadOptions } from "../api-client/upload";

export function useDataSources(projectId: string) {
  return useQuery({
    queryKey: queryKeys.dataSources(projectId),
    queryFn: () => api.dataSources.list(projectId, { limit: 100 }),
  });
}

export function useDataSource(id: string) {
  return useQuery({
    queryKey: queryKeys.dataSource(id),
    queryFn: () => api.dataSources.get(id),
    meta: { globalErrors: false },
  });
}

export function useCreateDataSource(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string }) => api.dataSources.create(projectId, body),
    onSuccess: (source) => {
      queryClient.setQueryData(queryKeys.dataSource(source._id), source);
      void queryClient.invalidateQueries({ queryKey: queryKeys.dataSources(projectId) });
    },
  });
}

export function useRenameDataSource(id: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.dataSources.update(id, { name }),
    onSuccess: (source) => {
      queryClient.setQueryData(queryKeys.dataSource(id), source);
      void queryClient.invalidateQueries({ queryKey: queryKeys.dataSources(projectId) });
    },
  });
}

export function useDeleteDataSource(id: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.dataSources.remove(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.dataSource(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dataSources(projectId) });
    },
  });
}

/** The CSV upload, with progress; afterwards the source's last-upload summary and the list are refreshed. */
export function useUploadCsv(projectId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      file,
      onProgress,
      signal,
    }: { id: string; file: File } & Pick<UploadOptions, "onProgress" | "signal">) =>
      api.dataSources.upload(id, file, { onProgress, signal }),
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.dataSource(id) });
      if (projectId) void queryClient.invalidateQueries({ queryKey: queryKeys.dataSources(projectId) });
    },
  });
}
