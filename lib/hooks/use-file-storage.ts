"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fileStorageApi } from "../api-client/file-storage";
import { queryKeys } from "../api-client/query-keys";
import type { SaveToDropboxInput } from "../validation/dropbox";
import type { CreateShareLinkInput } from "../validation/share-links";

// Dropbox, share links and third-party connections. Every query shows its own errors (a Dropbox
// failure is not a reason to leave the page), so they opt out of the global handling.

export function useDropboxConnection(enabled = true) {
  return useQuery({
    queryKey: queryKeys.dropbox,
    queryFn: fileStorageApi.dropbox.connection,
    enabled,
    meta: { globalErrors: false },
  });
}

export function useDropboxFolders(path: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.dropboxFolders(path),
    queryFn: async () => {
      try {
        return await fileStorageApi.dropbox.folders(path);
      } catch (error) {
        // A dead token revoked the connection on the server: ask again whether one is left.
        void queryClient.invalidateQueries({ queryKey: queryKeys.dropbox, exact: true });
        throw error;
      }
    },
    enabled,
    retry: false,
    staleTime: 30_000,
    meta: { globalErrors: false },
  });
}

export function useSaveToDropbox(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveToDropboxInput) => fileStorageApi.dropbox.save(projectId, body),
    // A dead token revoked the connection on the server: show "connect again" from now on.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.dropbox, exact: true }),
  });
}

export function useDisconnectDropbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileStorageApi.dropbox.disconnect,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.dropbox });
      void queryClient.invalidateQueries({ queryKey: queryKeys.usersAll });
    },
  });
}

export function useShareLinks(reportId: string) {
  return useQuery({
    queryKey: queryKeys.shareLinks(reportId),
    queryFn: () => fileStorageApi.shareLinks.list(reportId),
    meta: { globalErrors: false },
  });
}

export function useCreateShareLink(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareLinkInput) => fileStorageApi.shareLinks.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks(reportId) }),
  });
}

export function useRevokeShareLink(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fileStorageApi.shareLinks.revoke(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks(reportId) }),
  });
}

export function useThirdPartySessions(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.thirdPartySessions(userId ?? ""),
    queryFn: () => fileStorageApi.thirdParty.list(userId ?? ""),
    enabled: Boolean(userId),
    meta: { globalErrors: false },
  });
}

export function useRevokeThirdPartySession(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => fileStorageApi.thirdParty.revoke(userId, sessionId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.thirdPartySessions(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dropbox });
    },
  });
}
