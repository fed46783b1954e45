"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { projectDetail } from "@/lib/api-client/customization";
import { queryKeys } from "@/lib/api-client/query-keys";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { CustomizationHeader } from "./customization-header";
import { CustomizationScreen } from "./customization-screen";
import { TargetPicker } from "./target-picker";

export function ProjectCustomization({ projectId }: { projectId?: string }) {
  const user = useCurrentUser();
  const project = useQuery({
    queryKey: queryKeys.project(projectId ?? ""),
    queryFn: () => projectDetail(projectId!),
    enabled: Boolean(projectId),
  });

  if (user.isPending) return <LoadingState />;
  if (user.isError) return <ErrorState message={toApiError(user.error).message} onRetry={() => void user.refetch()} />;
  const showAgency = user.data.isAgencyAdmin;

  if (!projectId) {
    return (
      <div className="space-y-6">
        <CustomizationHeader level="project" showAgency={showAgency} />
        <TargetPicker agencyId={user.data.agency._id} kind="project" />
      </div>
    );
  }
  const subject = project.data ? (
    <>
      Project: <strong>{project.data.name}</strong> of{" "}
      <Link
        href={`/customization-client?clientId=${encodeURIComponent(project.data.clientId)}`}
        className="text-brand-700 underline underline-offset-2"
      >
        {project.data.client.name}
      </Link>
    </>
  ) : undefined;
  return (
    <div className="space-y-6">
      <CustomizationHeader
        level="project"
        showAgency={showAgency}
        subject={subject}
        changeHref="/customization-project"
      />
      {project.isPending ? (
        <LoadingState />
      ) : project.isError ? (
        <ErrorState message={toApiError(project.error).message} onRetry={() => void project.refetch()} />
      ) : (
        <CustomizationScreen
          level="project"
          targetId={project.data._id}
          targetName={`${project.data.client.name} · ${project.data.name}`}
          canEdit={project.data.client.actions.includes("client:customize")}
        />
      )}
    </div>
  );
}
