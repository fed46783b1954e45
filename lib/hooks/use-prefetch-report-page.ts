"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { projectLookQuery } from "./use-chart-look";
import { dataSourcesQuery } from "./use-data-sources";
import { reportsQuery, tagsQuery } from "./use-insights";

/**
 * Starts the report page's own requests (its reports, look, data sources and tags) together with the project's,
 * instead of after it: they need only the project's id, and waiting for the project first made the page's data
 * arrive one round trip later. A failure here stays quiet: the page's own hooks ask again and report it.
 */
export function usePrefetchReportPage(projectId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const quiet = { meta: { globalErrors: false }, retry: false } as const;
    void queryClient.prefetchQuery({ ...reportsQuery(projectId), ...quiet });
    void queryClient.prefetchQuery({ ...tagsQuery(projectId), ...quiet });
    void queryClient.prefetchQuery({ ...dataSourcesQuery(projectId), ...quiet });
    void queryClient.prefetchQuery(projectLookQuery(projectId));
  }, [queryClient, projectId]);
}
