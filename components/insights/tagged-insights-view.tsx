"use client";

import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ProjectPageHeader } from "@/components/projects/project-page-header";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import type { InsightTag, ProjectDetail } from "@/lib/api-client/types";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useReportLook } from "@/lib/hooks/use-chart-look";
import { ReportBrandStrip, ReportFooter } from "./report-brand";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { useDeleteTag, useInsights, useTag, useUpdateTag } from "@/lib/hooks/use-insights";
import { tagFormSchema } from "@/lib/validation/insight-forms";
import { ExportButtons } from "./export-buttons";
import { InsightCard } from "./insight-card";
import { ProjectScope } from "./project-scope";

/** /client-projects/{id}/insight-tags/{tagId}: a tag's insights (a custom report): rename, remove insights, delete. */
export function TaggedInsightsView({ projectId, tagId }: { projectId: string; tagId: string }) {
  return (
    <ProjectScope projectId={projectId} loadingLabel="Loading the tag…">
      {({ project, agency, can }) => (
        <TaggedInsights project={project} agency={agency} tagId={tagId} canManage={can("report:manage")} />
      )}
    </ProjectScope>
  );
}

function TaggedInsights({
  project,
  agency,
  tagId,
  canManage,
}: {
  project: ProjectDetail;
  agency: { _id: string; name: string };
  tagId: string;
  canManage: boolean;
}) {
  const router = useRouter();
  const alerts = useAlerts();
  const handle = useApiErrorHandler();
  const tag = useTag(tagId);
  const insights = useInsights(project._id, null, tagId);
  const look = useReportLook(project._id);
  const update = useUpdateTag(project._id, tagId);
  const remove = useDeleteTag(project._id, tagId);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);

  useEffect(() => {
    if (tag.error) handle(tag.error);
  }, [tag.error, handle]);

  if (tag.isPending) return <LoadingState label="Loading the tag…" />;
  if (tag.isError) return <ErrorState message={toApiError(tag.error).message} onRetry={() => void tag.refetch()} />;
  if (tag.data.projectId && tag.data.projectId !== project._id)
    return (
      <EmptyState title="We couldn't find the page you were looking for">
        <Link
          href={`/client-projects/${project._id}/insight-tags`}
          className="text-brand-700 underline underline-offset-2"
        >
          Back to the tags of {project.name}
        </Link>
      </EmptyState>
    );

  const docs = insights.data?.docs ?? [];
  const removeInsight = async (insightId: string, title: string) => {
    setRemovingId(insightId);
    try {
      const ids = (tag.data.insightIds ?? docs.map((i) => i._id)).filter((id) => id !== insightId);
      await update.mutateAsync({ insightIds: ids });
      alerts.success(`${title} removed from ${tag.data.name}`);
    } catch (raw) {
      alerts.error(toApiError(raw).message);
    } finally {
      setRemovingId(null);
    }
  };

  const deleteTag = async () => {
    setDeleteError(null);
    try {
      await remove.mutateAsync();
      alerts.success(`Tag ${tag.data.name} deleted`, { on: `/client-projects/${project._id}` });
      router.push(`/client-projects/${project._id}`);
    } catch (raw) {
      setDeleteError(toApiError(raw).message);
    }
  };

  return (
    <div className="space-y-6">
      <ProjectPageHeader
        project={project}
        agency={agency}
        eyebrow={`Tag · ${project.name}`}
        title={tag.data.name}
        description={
          insights.data ? `${insights.data.total} ${insights.data.total === 1 ? "insight" : "insights"}` : null
        }
        actions={
          <>
            <ExportButtons projectId={project._id} selection={{ tag: tagId }} disabled={!docs.length} />
            {canManage ? (
              <>
                <Button variant="secondary" onClick={() => setRenaming(true)}>
                  Rename tag
                </Button>
                <Button variant="danger" onClick={() => setDeleting(true)}>
                  Delete tag
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <ReportBrandStrip look={look}>{project.name}</ReportBrandStrip>

      {insights.isPending ? (
        <LoadingState label="Loading the tag's insights…" />
      ) : insights.isError ? (
        <ErrorState message={toApiError(insights.error).message} onRetry={() => void insights.refetch()} />
      ) : docs.length === 0 ? (
        <EmptyState title="No insights under this tag">
          Select insights on the project&apos;s report and choose Tag to add them here.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={`Insights tagged ${tag.data.name}`}>
          {docs.map((insight) => (
            <li key={insight._id}>
              <InsightCard
                insight={insight}
                projectId={project._id}
                look={look}
                currency={project.currency}
                headingLevel="h2"
                actions={
                  canManage ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={removingId === insight._id}
                      aria-label={`Remove ${insight.title} from the tag`}
                      onClick={() => void removeInsight(insight._id, insight.title)}
                    >
                      Remove from tag
                    </Button>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}

      <Dialog open={renaming} onClose={() => setRenaming(false)} title="Rename tag">
        <RenameTagForm
          tag={tag.data}
          onCancel={() => setRenaming(false)}
          onSave={async (name) => {
            await update.mutateAsync({ name });
            setRenaming(false);
            alerts.success(`Tag renamed to ${name}`);
          }}
        />
      </Dialog>
      <ConfirmDialog
        open={deleting}
        onClose={() => {
          setDeleting(false);
          setDeleteError(null);
        }}
        title={`Delete the tag ${tag.data.name}?`}
        confirmLabel="Delete tag"
        loading={remove.isPending}
        error={deleteError}
        onConfirm={() => void deleteTag()}
      >
        The tag goes; its insights stay in their reports.
      </ConfirmDialog>
      <ReportFooter look={look} />
    </div>
  );
}

function RenameTagForm({
  tag,
  onCancel,
  onSave,
}: {
  tag: InsightTag;
  onCancel: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    applyServerErrors,
    formState: { errors, isSubmitting },
  } = useServerForm(tagFormSchema, { serverFields: ["name"], defaultValues: { name: tag.name } });
  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await onSave(name);
    } catch (raw) {
      const error = toApiError(raw);
      const unmatched = applyServerErrors(error);
      if (!error.errors || Object.keys(unmatched).length) setError("root", { message: error.message });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError message={errors.root?.message} />
      <FormField
        label="Tag name"
        required
        autoFocus
        autoComplete="off"
        error={errors.name?.message}
        {...register("name")}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save name
        </Button>
      </div>
    </form>
  );
}
