"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Link } from "@/components/ui/link";
import { ProjectPageHeader } from "@/components/projects/project-page-header";
import { useAlerts } from "@/components/alerts/alerts-context";
import { ProjectScope } from "@/components/insights/project-scope";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import type { DataSource, ProjectDetail } from "@/lib/api-client/types";
import { formatDate } from "@/lib/format";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useDataSource, useDeleteDataSource } from "@/lib/hooks/use-data-sources";
import { sourceKindLabel } from "@/lib/constants/google-sources";
import { isImportedPartnerKind } from "@/lib/constants/partner-sources";
import { Ga4ChoicesCard } from "./ga4-choices-card";
import { SourceStatusBadge } from "./source-status-badge";
import { SyncPanel } from "./sync-panel";
import { UploadWizard } from "./upload-wizard";
import { UploadSummaryList, storedUpload } from "./upload-summary";

/** /data-sources/{id}: one source, its last upload, a new upload through the wizard, and deletion. */
export function DataSourceDetailView({ dataSourceId }: { dataSourceId: string }) {
  const source = useDataSource(dataSourceId);
  const handle = useApiErrorHandler();
  useEffect(() => {
    if (source.error) handle(source.error);
  }, [source.error, handle]);
  if (source.isPending) return <LoadingState label="Loading the data source…" />;
  if (source.isError)
    return <ErrorState message={toApiError(source.error).message} onRetry={() => void source.refetch()} />;
  return (
    <ProjectScope projectId={source.data.projectId} loadingLabel="Loading the data source…">
      {({ project, agency, can }) => (
        <DataSourceDetail
          source={source.data}
          project={project}
          agency={agency}
          canManage={can("datasource:manage")}
          canGenerate={can("report:manage")}
        />
      )}
    </ProjectScope>
  );
}

function DataSourceDetail({
  source,
  project,
  agency,
  canManage,
  canGenerate,
}: {
  source: DataSource;
  project: ProjectDetail;
  agency: { _id: string; name: string };
  canManage: boolean;
  canGenerate: boolean;
}) {
  const router = useRouter();
  const alerts = useAlerts();
  const remove = useDeleteDataSource(source._id, project._id);
  const [uploading, setUploading] = useState(false);
  const [wizardKey, setWizardKey] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const upload = storedUpload(source.additional);

  const onDelete = async () => {
    setDeleteError(null);
    try {
      await remove.mutateAsync();
      const to = `/client-projects/${project._id}/data-sources`;
      alerts.success(`${source.name} deleted. A new report reflects the change.`, { on: to });
      router.push(to);
    } catch (raw) {
      setDeleteError(toApiError(raw).message);
    }
  };

  return (
    <div className="space-y-6">
      <ProjectPageHeader
        project={project}
        agency={agency}
        eyebrow={
          <Link href={`/client-projects/${project._id}/data-sources`} className="hover:underline">
            Data sources of {project.name}
          </Link>
        }
        title={source.name}
        badge={<SourceStatusBadge source={source} />}
        description={
          <>
            {sourceKindLabel(source)} · added {formatDate(source.createdAt)}
          </>
        }
        actions={
          canManage ? (
            <>
              {source.sourceName === "upload" && !uploading ? (
                <Button
                  onClick={() => {
                    setWizardKey((k) => k + 1);
                    setUploading(true);
                  }}
                >
                  Upload a file
                </Button>
              ) : null}
              <Button variant="secondary" onClick={() => setDeleting(true)}>
                Delete data source
              </Button>
            </>
          ) : null
        }
      />

      {uploading ? (
        <Card aria-labelledby="upload-heading">
          <div className="flex items-start justify-between gap-3">
            <CardTitle id="upload-heading">Upload a CSV file</CardTitle>
            <Button size="sm" variant="ghost" onClick={() => setUploading(false)}>
              Close
            </Button>
          </div>
          <div className="mt-4">
            <UploadWizard
              key={wizardKey}
              projectId={project._id}
              timeZone={project.timeZone}
              canGenerate={canGenerate}
              source={source}
              onFinished={() => setUploading(false)}
            />
          </div>
        </Card>
      ) : null}

      {canManage && source.kind === "google" && source.subType === "analytic-4" ? (
        <Ga4ChoicesCard source={source} projectId={project._id} />
      ) : null}

      {source.kind === "google" || isImportedPartnerKind(source.kind) ? (
        <SyncPanel source={source} projectId={project._id} canManage={canManage} />
      ) : (
        <Card aria-labelledby="last-upload-heading">
          <CardTitle id="last-upload-heading">Last upload</CardTitle>
          <div className="mt-4">
            {upload ? (
              <UploadSummaryList summary={upload} />
            ) : (
              <p className="text-sm text-slate-600">
                No file uploaded yet.{canManage ? " Choose Upload a file above to add one." : ""}
              </p>
            )}
          </div>
        </Card>
      )}

      <ConfirmDialog
        open={deleting}
        onClose={() => {
          setDeleting(false);
          setDeleteError(null);
        }}
        title={`Delete ${source.name}?`}
        confirmLabel="Delete data source"
        loading={remove.isPending}
        error={deleteError}
        onConfirm={() => void onDelete()}
      >
        The source and all the data imported into it are deleted. Reports already made keep their insights; new reports
        no longer see this data.
      </ConfirmDialog>
    </div>
  );
}
