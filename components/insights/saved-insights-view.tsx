"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { ProjectPageHeader } from "@/components/projects/project-page-header";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import type { ProjectDetail } from "@/lib/api-client/types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useReportLook } from "@/lib/hooks/use-chart-look";
import { ReportBrandStrip, ReportFooter } from "./report-brand";
import { savedInsightId, savedInsightOf, useSavedInsights, useUnsaveInsight } from "@/lib/hooks/use-insights";
import { ExportButtons } from "./export-buttons";
import { InsightCard } from "./insight-card";
import { ProjectScope } from "./project-scope";

/** /client-projects/{id}/saved: the insights the user saved on this project. */
export function SavedInsightsView({ projectId }: { projectId: string }) {
  return (
    <ProjectScope projectId={projectId} loadingLabel="Loading saved insights…">
      {({ project, agency }) => <SavedInsights project={project} agency={agency} />}
    </ProjectScope>
  );
}

function SavedInsights({ project, agency }: { project: ProjectDetail; agency: { _id: string; name: string } }) {
  const alerts = useAlerts();
  const saved = useSavedInsights(project._id);
  const unsave = useUnsaveInsight(project._id);
  const look = useReportLook(project._id);
  const [removingId, setRemovingId] = useState<string | null>(null);

  const remove = async (insightId: string, title: string) => {
    setRemovingId(insightId);
    try {
      await unsave.mutateAsync(insightId);
      alerts.success(`${title} removed from saved insights`);
    } catch (raw) {
      alerts.error(toApiError(raw).message);
    } finally {
      setRemovingId(null);
    }
  };

  return (
    <div className="space-y-6">
      <ProjectPageHeader
        project={project}
        agency={agency}
        eyebrow={project.name}
        title="Saved insights"
        description={saved.data ? `${saved.data.total} saved` : null}
        actions={
          saved.data && saved.data.docs.length > 0 ? (
            <ExportButtons
              projectId={project._id}
              selection={{ insightIds: saved.data.docs.map((entry) => savedInsightOf(entry)._id) }}
            />
          ) : null
        }
      />
      <ReportBrandStrip look={look}>{project.name}</ReportBrandStrip>
      {saved.isPending ? (
        <LoadingState label="Loading saved insights…" />
      ) : saved.isError ? (
        <ErrorState message={toApiError(saved.error).message} onRetry={() => void saved.refetch()} />
      ) : saved.data.docs.length === 0 ? (
        <EmptyState title="No saved insights">
          Select insights on{" "}
          <Link href={`/client-projects/${project._id}`} className="text-brand-700 underline underline-offset-2">
            the project&apos;s report
          </Link>{" "}
          and choose Save.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Saved insights">
          {saved.data.docs.map((entry) => {
            const insight = savedInsightOf(entry);
            const id = savedInsightId(entry);
            return (
              <li key={id}>
                <InsightCard
                  insight={insight}
                  projectId={project._id}
                  look={look}
                  currency={project.currency}
                  headingLevel="h2"
                  actions={
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={removingId === id}
                      aria-label={`Unsave ${insight.title}`}
                      onClick={() => void remove(id, insight.title)}
                    >
                      Unsave
                    </Button>
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
      <ReportFooter look={look} />
    </div>
  );
}
