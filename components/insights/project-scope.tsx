"use client";

import type { ReactNode } from "react";
import { ClientSuspended } from "@/components/clients/client-suspended";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import type { ProjectDetail } from "@/lib/api-client/types";
import { useClientAccessError } from "@/lib/hooks/use-access-error";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useProject } from "@/lib/hooks/use-clients";
import { useCurrentUser } from "@/lib/hooks/use-current-user";

export interface ProjectScopeValue {
  project: ProjectDetail;
  agency: { _id: string; name: string };
  can: (action: ProjectDetail["client"]["actions"][number]) => boolean;
}

/**
 * The pages under one project (insight, tag, saved, data sources) load the project first: its
 * client's actions decide what the page offers, and a suspended client is explained in place.
 */
export function ProjectScope({
  projectId,
  loadingLabel = "Loading…",
  children,
}: {
  projectId: string;
  loadingLabel?: string;
  children: (scope: ProjectScopeValue) => ReactNode;
}) {
  const user = useCurrentUser();
  const project = useProject(projectId);
  const accessError = useClientAccessError(project.error);
  if (accessError === "suspended") return <ClientSuspended />;
  if (project.isError)
    return <ErrorState message={toApiError(project.error).message} onRetry={() => void project.refetch()} />;
  if (project.isPending || !user.data) return <LoadingState label={loadingLabel} />;
  const data = project.data;
  return (
    <>{children({ project: data, agency: user.data.agency, can: (action) => data.client.actions.includes(action) })}</>
  );
}
