"use client";

import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client/endpoints";
import { queryKeys } from "../api-client/query-keys";
import type { PartnerSourceBody } from "../api-client/types";
import type { UploadOptions } from "../api-client/upload";
import type { CsvMapping } from "../validation/csv-mapping";

export const dataSourcesQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.dataSources(projectId),
    queryFn: () => api.dataSources.list(projectId, { limit: 100 }),
  });

export function useDataSources(projectId: string) {
  return useQuery(dataSourcesQuery(projectId));
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

export interface CsvUploadVariables extends Pick<UploadOptions, "onProgress" | "signal"> {
  /** The source to upload into; without it a new source is created with the file (only if it imports). */
  id?: string;
  file: File;
  mapping?: CsvMapping;
  /** The new source's name. */
  name?: string;
}

/**
 * The CSV upload, with progress: into an existing source, or creating one together with its first
 * import. Afterwards the source's last-upload summary and the list are refreshed.
 */
export function useUploadCsv(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file, mapping, name, onProgress, signal }: CsvUploadVariables) => {
      const fields: Record<string, string> = {};
      if (name) fields.name = name;
      if (mapping) fields.mapping = JSON.stringify(mapping);
      if (id) return { summary: await api.dataSources.upload(id, file, { onProgress, signal, fields }) };
      return api.dataSources.createWithUpload(projectId, file, { onProgress, signal, fields });
    },
    onSettled: (data, _error, { id }) => {
      const sourceId = id ?? (data && "dataSource" in data ? data.dataSource._id : undefined);
      if (sourceId) void queryClient.invalidateQueries({ queryKey: queryKeys.dataSource(sourceId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dataSources(projectId) });
    },
  });
}

/** Creates a keyword-data partner or competitor source (its first import runs as a job). */
export function useCreatePartnerSource(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerSourceBody) => api.dataSources.createPartner(projectId, body),
    onSuccess: (source) => {
      queryClient.setQueryData(queryKeys.dataSource(source._id), source);
      void queryClient.invalidateQueries({ queryKey: queryKeys.dataSources(projectId) });
    },
  });
}

/** A GA4 source's key events and audience: saving a change imports the history again. */
export function useUpdateGa4Choices(id: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { conversionEvents: string[]; audience: string }) => api.dataSources.update(id, body),
    onSuccess: (source) => {
      queryClient.setQueryData(queryKeys.dataSource(id), source);
      void queryClient.invalidateQueries({ queryKey: queryKeys.dataSources(projectId) });
      void queryClient.invalidateQueries({ queryKey: ["data-sources", id, "sync"] });
    },
  });
}
