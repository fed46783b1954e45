"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { alertKeys, alertsApi, type NotificationList } from "../api-client/alerts";
import type { AlertLevelChoice } from "../validation/alerts";

/** How often an open app asks for new alerts: they come after daily syncs, so a minute is plenty. */
const POLL_MS = 60_000;

export function useNotifications() {
  return useQuery({
    queryKey: alertKeys.list(),
    queryFn: alertsApi.list,
    refetchInterval: POLL_MS,
    meta: { globalErrors: false },
  });
}

/** Read (or unread) one notification; the list's count follows at once. */
export function useMarkNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => alertsApi.mark(id, read),
    onSuccess: ({ item, unread }) =>
      queryClient.setQueryData<NotificationList>(alertKeys.list(), (old) =>
        old ? { unread, items: old.items.map((i) => (i._id === item._id ? item : i)) } : old,
      ),
  });
}

export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alertsApi.readAll,
    onSuccess: ({ unread }) =>
      queryClient.setQueryData<NotificationList>(alertKeys.list(), (old) =>
        old ? { unread, items: old.items.map((i) => ({ ...i, read: true })) } : old,
      ),
  });
}

export function useAlertPreference(projectId: string) {
  return useQuery({
    queryKey: alertKeys.preference(projectId),
    queryFn: () => alertsApi.preference.get(projectId),
    meta: { globalErrors: false },
  });
}

export function useSetAlertPreference(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: AlertLevelChoice) => alertsApi.preference.set(projectId, level),
    onSuccess: (answer) => queryClient.setQueryData(alertKeys.preference(projectId), answer),
  });
}
