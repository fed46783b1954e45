"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../api-client/endpoints";
import { queryKeys } from "../api-client/query-keys";

/** Clients, projects and users matching `q` that the user may see (GET /api/searches). */
export function useSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: queryKeys.search(text),
    queryFn: () => api.search.all(text),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}
