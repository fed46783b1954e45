"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "../api-client/endpoints";
import { queryKeys } from "../api-client/query-keys";

/** The logged-in user with their agency (GET /api/users); the app layout seeds it from the server. */
export function useCurrentUser() {
  return useQuery({ queryKey: queryKeys.currentUser, queryFn: api.users.me, staleTime: 60_000 });
}

export function useUser(userId: string) {
  return useQuery({ queryKey: queryKeys.user(userId), queryFn: () => api.users.get(userId), enabled: Boolean(userId) });
}
