"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client/endpoints";
import { queryKeys } from "../api-client/query-keys";

export function useInvitations(page: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.invitations.list(page),
    queryFn: () => api.invitations.list({ page }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreateInvitations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.invitations.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations.all }),
  });
}
