"use client";

import { TokenAlerts } from "@/components/data-sources/token-alerts";
import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { ProjectPageHeader } from "@/components/projects/project-page-header";
import { useAlerts } from "@/components/alerts/alerts-context";
import { ClientSuspended } from "@/components/clients/client-suspended";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { StatusBadge } from "@/components/ui/status-badge";
import type { ProjectDetail } from "@/lib/api-client/types";
import { formatDate, siteTypeLabel } from "@/lib/format";
import { useClientAccessError } from "@/lib/hooks/use-access-error";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useProject, useUpdateProject } from "@/lib/hooks/use-clients";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { usePrefetchReportPage } from "@/lib/hooks/use-prefetch-report-page";
import { InsightReport } from "@/components/insights/insight-report";
import { ProjectLimitNotice } from "./project-usage";
import { DetailRow, Muted } from "@/components/ui/detail-row";

// The edit form (and its validation) loads after the report page: it only shows in its dialog.
const ProjectForm = dynamic(() => import("./project-form").then((m) => m.ProjectForm));

/**
 * /client-projects/{id}: one Performance Report: its insight reports (master report, generation, history, tags)
 * and details.
 */
export function ProjectDetailView({ projectId, reportId = null }: { projectId: string; reportId?: string | null }) {
  const user = useCurrentUser();
  const project = useProject(projectId);
  usePrefetchReportPage(projectId);
  const accessError = useClientAccessError(project.error);

  if (accessError === "suspended") return <ClientSuspended />;
  if (project.isError)
    return <ErrorState message={toApiError(project.error).message} onRetry={() => void project.refetch()} />;
  if (project.isPending || !user.data) return <LoadingState label="Loading the project…" />;
  return <ProjectDetailContent project={project.data} agency={user.data.agency} reportId={reportId} />;
}

function ProjectDetailContent({
  project,
  agency,
  reportId,
}: {
  project: ProjectDetail;
  agency: { _id: string; name: string };
  reportId: string | null;
}) {
  const alerts = useAlerts();
  const [editing, setEditing] = useState(false);
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const [statusError, setStatusError] = useState<string | null>(null);
  const update = useUpdateProject(project._id, project.clientId);
  const can = (action: (typeof project.client.actions)[number]) => project.client.actions.includes(action);

  const setStatus = async (status: "active" | "suspended") => {
    setStatusError(null);
    try {
      await update.mutateAsync({ status });
      setConfirmSuspend(false);
      alerts.success(status === "suspended" ? `${project.name} is suspended` : `${project.name} is active again`);
    } catch (raw) {
      const error = toApiError(raw);
      // Reactivating past the plan's limit is refused with the limit's message.
      if (status === "suspended") setStatusError(error.message);
      else alerts.error(error.message);
    }
  };

  return (
    <div className="space-y-5">
      <ProjectPageHeader
        project={project}
        agency={agency}
        eyebrow={project.label}
        title={project.name}
        badge={<StatusBadge status={project.status} />}
        description={
          <>
            For{" "}
            <Link href={`/clients/${project.client._id}`} className="text-brand-700 underline underline-offset-2">
              {project.client.name}
            </Link>
            {" · "}
            <span data-testid="last-report">
              {project.lastReportAt ? `Last report ${formatDate(project.lastReportAt)}` : "No report yet"}
            </span>
          </>
        }
        actions={
          <>
            <Link href={`/client-projects/${project._id}/data-sources`} className={buttonClasses("secondary")}>
              Data sources
            </Link>
            {can("project:edit") ? (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit project
              </Button>
            ) : null}
            {can("project:suspend") ? (
              project.status === "active" ? (
                <Button variant="secondary" onClick={() => setConfirmSuspend(true)}>
                  Suspend project
                </Button>
              ) : (
                <Button variant="secondary" loading={update.isPending} onClick={() => void setStatus("active")}>
                  Reactivate project
                </Button>
              )
            ) : null}
          </>
        }
      />
      <TokenAlerts projectId={project._id} />

      {project.status === "suspended" ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This project is suspended: it does not count towards your plan&apos;s project limit, and no new reports are
          made for it.
        </p>
      ) : null}
      {project.status === "suspended" && can("project:suspend") ? <ProjectLimitNotice usage={project.usage} /> : null}

      <InsightReport project={project} reportParam={reportId} />

      <details className="group max-w-3xl rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm">
        <summary className="cursor-pointer font-medium text-slate-900">Project details</summary>
        <dl className="mt-3 grid gap-x-8 gap-y-3 sm:grid-cols-2">
          <DetailRow label="Site URL">{project.url ?? <Muted>Not set</Muted>}</DetailRow>
          <DetailRow label="Site type">{siteTypeLabel(project.siteType)}</DetailRow>
          <DetailRow label="Currency">{project.currency}</DetailRow>
          <DetailRow label="Time zone">{project.timeZone.replaceAll("_", " ")}</DetailRow>
          <DetailRow label="Last report">
            {project.lastReportAt ? formatDate(project.lastReportAt) : <Muted>No report yet</Muted>}
          </DetailRow>
          <DetailRow label="Added">{formatDate(project.createdAt)}</DetailRow>
        </dl>
        {can("client:customize") ? (
          <Link
            href={`/customization-project?projectId=${project._id}`}
            className={buttonClasses("secondary", "sm", "mt-4")}
          >
            Visual customization
          </Link>
        ) : null}
      </details>

      <Dialog open={editing} onClose={() => setEditing(false)} title="Edit project">
        <ProjectForm
          clientId={project.clientId}
          project={project}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            alerts.success(`${saved.name} saved`);
          }}
        />
      </Dialog>
      <ConfirmDialog
        open={confirmSuspend}
        onClose={() => {
          setConfirmSuspend(false);
          setStatusError(null);
        }}
        title={`Suspend ${project.name}?`}
        confirmLabel="Suspend"
        variant="primary"
        loading={update.isPending}
        error={statusError}
        onConfirm={() => void setStatus("suspended")}
      >
        No new reports are made for a suspended project, and it stops counting towards your plan&apos;s limit. You can
        reactivate it later.
      </ConfirmDialog>
    </div>
  );
}
