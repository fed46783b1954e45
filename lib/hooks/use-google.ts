"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { googleApi, type GoogleListing } from "../api-client/google";
import { queryKeys } from "../api-client/query-keys";

const keys = {
  account: ["google", "account"] as const,
  list: (path: string, query: Record<string, string | undefined>) => ["google", "list", path, query] as const,
  sync: (id: string) => ["data-sources", id, "sync"] as const,
  alerts: (projectId?: string) => ["google", "token-alerts", projectId ?? "all"] as const,
};

export function useGoogleAccount() {
  return useQuery({ queryKey: keys.account, queryFn: googleApi.account, meta: { globalErrors: false } });
}

/** Forgets the cached account and every listing (a new sign-in may see other accounts). */
export function useRefreshGoogle() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ["google"] });
}

/** One listing of the wizard; waits until its parent selection is made (`enabled`). */
export function useGoogleList<T extends GoogleListing = GoogleListing>(
  path: string,
  query: Record<string, string | undefined>,
  enabled = true,
) {
  return useQuery({
    queryKey: keys.list(path, query),
    queryFn: () => googleApi.list<T>(path, query),
    enabled,
    retry: false,
    staleTime: 60_000,
    meta: { globalErrors: false },
  });
}

/** A source's imports; polled every 2 s while one runs or is about to, every 30 s otherwise. */
export function useSyncStatus(dataSourceId: string, enabled = true) {
  return useQuery({
    queryKey: keys.sync(dataSourceId),
    queryFn: () => googleApi.syncStatus(dataSourceId),
    enabled,
    meta: { globalErrors: false },
    refetchInterval: (query) => {
      const data = query.state.data;
      const waiting =
        data && data.syncable && (data.running || (!data.state?.initialCompletedAt && !data.state?.tokenUpdateFailed));
      return waiting ? 2000 : 30_000;
    },
  });
}

export function useSyncNow(dataSourceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => googleApi.syncNow(dataSourceId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.sync(dataSourceId) }),
  });
}

export function useTokenAlerts(projectId?: string) {
  return useQuery({
    queryKey: keys.alerts(projectId),
    queryFn: () => googleApi.tokenAlerts(projectId),
    meta: { globalErrors: false },
    refetchInterval: 60_000,
  });
}

/** After a reconnect: the alerts, the source's status and the project's list are stale. */
export function useAfterReconnect() {
  const queryClient = useQueryClient();
  return (dataSourceId: string, projectId?: string) => {
    void queryClient.invalidateQueries({ queryKey: ["google"] });
    void queryClient.invalidateQueries({ queryKey: keys.sync(dataSourceId) });
    if (projectId) void queryClient.invalidateQueries({ queryKey: queryKeys.dataSources(projectId) });
  };
}

export function useCreateGoogleSource(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Parameters<typeof googleApi.createSource>[1]) => googleApi.createSource(projectId, body),
    onSuccess: (source) => {
      queryClient.setQueryData(queryKeys.dataSource(source._id), source);
      void queryClient.invalidateQueries({ queryKey: queryKeys.dataSources(projectId) });
    },
  });
}
