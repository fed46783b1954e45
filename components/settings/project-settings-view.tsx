"use client";

import { ClientSuspended } from "@/components/clients/client-suspended";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { useClientAccessError } from "@/lib/hooks/use-access-error";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useProject } from "@/lib/hooks/use-clients";
import { useProjectSettings } from "@/lib/hooks/use-settings";
import { ProjectAlertsCard } from "./project-alerts-card";
import { ProjectSettingsForm } from "./project-settings-form";

/** /client-projects/{id}/settings. */
export function ProjectSettingsView({ projectId }: { projectId: string }) {
  const project = useProject(projectId);
  const settings = useProjectSettings(projectId);
  const accessError = useClientAccessError(project.error ?? settings.error);
  if (accessError === "suspended") return <ClientSuspended />;
  const failed = project.error ?? settings.error;
  if (failed)
    return (
      <ErrorState
        message={toApiError(failed).message}
        onRetry={() => {
          void project.refetch();
          void settings.refetch();
        }}
      />
    );
  if (!project.data || !settings.data) return <LoadingState label="Loading the settings…" />;
  return (
    <>
      <Card aria-labelledby="project-settings-heading">
        <CardTitle as="h1" id="project-settings-heading" className="truncate" title={project.data.name}>
          Settings of {project.data.name}
        </CardTitle>
        <CardDescription>
          What this project&apos;s reports rank by and are written in. Its currency and time zone are edited with the
          project on the client&apos;s page.
        </CardDescription>
        <div className="mt-5">
          <ProjectSettingsForm
            projectId={projectId}
            settings={settings.data}
            canEdit={project.data.client.actions.includes("client:settings")}
          />
        </div>
      </Card>
      <ProjectAlertsCard projectId={projectId} />
    </>
  );
}
