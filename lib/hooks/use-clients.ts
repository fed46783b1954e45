"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../api-client/endpoints";
import { queryKeys } from "../api-client/query-keys";

/** The clients the user may see in their agency, each with its projects (GET /api/agencies/{id}/clients). */
export function useAgencyClients(agencyId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.agencyClients(agencyId, page),
    queryFn: () => api.agencies.clients(agencyId, { page }),
    placeholderData: keepPreviousData,
    enabled: Boolean(agencyId),
  });
}
