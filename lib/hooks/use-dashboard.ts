"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "../api-client/endpoints";
import { queryKeys } from "../api-client/query-keys";

const UPDATING_POLL_MS = 3000;

/**
 * GET /api/dashboard; the page shows its own loading and error states. While a project's numbers
 * are being rebuilt from new data, it asks again every few seconds until they are ready.
 */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: api.dashboard,
    meta: { globalErrors: false },
    refetchInterval: (query) =>
      query.state.data?.clients.some((c) => c.projects.some((p) => p.updating)) ? UPDATING_POLL_MS : false,
  });
}
