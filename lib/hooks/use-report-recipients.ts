"use client";

import { useQuery } from "@tanstack/react-query";
import { projectDetail, settingsApi } from "../api-client/customization";
import { queryKeys } from "../api-client/query-keys";

/** The client's report recipients setting for a project, to prefill an email; empty when none is set. */
export function useReportRecipients(projectId: string): string[] | undefined {
  const project = useQuery({
    queryKey: queryKeys.project(projectId),
    queryFn: () => projectDetail(projectId),
    enabled: Boolean(projectId),
  });
  const clientId = project.data?.client._id;
  const settings = useQuery({
    queryKey: queryKeys.clientSettings(clientId ?? ""),
    queryFn: () => settingsApi.client(clientId!),
    enabled: Boolean(clientId),
    retry: false,
  });
  if (project.isError || settings.isError) return [];
  return settings.data?.effective.reportRecipients;
}
