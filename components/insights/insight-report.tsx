"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useReducer, useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { queryKeys } from "@/lib/api-client/query-keys";
import type { Insight, InsightTag, ProjectDetail, Report } from "@/lib/api-client/types";
import { matchesText } from "@/lib/format";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useChartLook, type ChartLook } from "@/lib/hooks/use-chart-look";
import { useDataSources } from "@/lib/hooks/use-data-sources";
import {
  masterReport,
  useInsights,
  useReport,
  useReports,
  useSaveInsights,
  useSavedInsights,
  useTags,
} from "@/lib/hooks/use-insights";
import { isReportActive } from "@/lib/report-status";
import { COMPARE_TO_LABELS, INSIGHT_GROUPS, formatPeriod } from "@/lib/insights/format-values";
import { FUNNEL_STAGES } from "@/lib/insights/intentions";
import { selectionReducer } from "@/lib/insights/selection";
import { ExportButtons } from "./export-buttons";
import { InsightCard } from "./insight-card";
import { GenerateReportForm, ReportProgress } from "./report-generation";
import { ReportHistory, reportTitle } from "./report-history";
import { ShareLinksPanel } from "./share-links-panel";
import { TagDialog } from "./tag-dialog";

/** Has the project any data a report can read? Upload sources say so with their last upload's summary. */
function hasData(sources: { sourceName: string; additional: Record<string, unknown> }[]): boolean {
  return sources.some(
    (s) => s.sourceName !== "upload" || Boolean((s.additional?.upload as { rows?: number } | undefined)?.rows),
  );
}

/**
 * The project's insight reports: generation with live progress, the report being viewed (the
 * master report, the newest ready one, unless a past one is opened) in its three groups with
 * filters, selection, save and tag, the report history and the project's tags.
 */
export function InsightReport({ project, reportParam }: { project: ProjectDetail; reportParam: string | null }) {
  const projectId = project._id;
  const router = useRouter();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const canManage = project.client.actions.includes("report:manage");
  const canManageData = project.client.actions.includes("datasource:manage");
  const look = useChartLook(projectId);
  const reports = useReports(projectId);
  const sources = useDataSources(projectId);
  const tags = useTags(projectId);

  const list = reports.data?.docs ?? [];
  const master = masterReport(reports.data);
  const opened = reportParam ? (list.find((r) => r._id === reportParam && r.status === "ready") ?? null) : null;
  const viewing = opened ?? master;

  // The report being made: the one just asked for, else any still queued or running (e.g. after a reload).
  const [trackedId, setTrackedId] = useState<string | null>(null);
  const activeInList = list.find(isReportActive)?._id ?? null;
  const followId = trackedId ?? activeInList;
  const tracked = useReport(followId);
  const trackedStatus = tracked.data?.status;

  useEffect(() => {
    if (!followId || !trackedStatus || isReportActive({ status: trackedStatus })) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.reports(projectId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });
    if (trackedStatus === "ready") {
      alerts.success("Your report is ready");
      // The new report is the master: show it.
      if (reportParam) router.replace(`/client-projects/${projectId}`, { scroll: false });
    }
  }, [followId, trackedStatus, queryClient, projectId, alerts, reportParam, router]);

  const noData = sources.isSuccess && !hasData(sources.data.docs);

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        {canManage && !noData ? (
          <Card aria-labelledby="generate-heading" id="generate">
            <CardTitle id="generate-heading">Generate a report</CardTitle>
            <CardDescription>Every question of the catalogue, answered for the period in seconds.</CardDescription>
            <div className="mt-4">
              <GenerateReportForm
                projectId={projectId}
                timeZone={project.timeZone}
                onQueued={(r) => setTrackedId(r._id)}
              />
            </div>
          </Card>
        ) : null}
        <Card aria-labelledby="history-heading" className={canManage && !noData ? undefined : "lg:col-span-2"}>
          <CardTitle id="history-heading">Report history</CardTitle>
          <div className="mt-3">
            {reports.isPending ? (
              <LoadingState label="Loading reports…" />
            ) : reports.isError ? (
              <ErrorState message={toApiError(reports.error).message} onRetry={() => void reports.refetch()} />
            ) : (
              <ReportHistory
                projectId={projectId}
                reports={list}
                total={reports.data.total}
                viewingId={viewing?._id ?? null}
                masterId={master?._id ?? null}
                canManage={canManage}
                onDeleted={(r) => {
                  if (r._id === reportParam) router.replace(`/client-projects/${projectId}`, { scroll: false });
                }}
              />
            )}
          </div>
        </Card>
      </div>

      {followId && tracked.data ? (
        <ReportProgress
          report={tracked.data}
          onDismiss={() => setTrackedId(null)}
          onRetry={
            canManage ? () => document.getElementById("generate")?.scrollIntoView({ behavior: "smooth" }) : undefined
          }
        />
      ) : null}

      <section aria-labelledby="master-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h2 id="master-heading" className="text-xl font-semibold text-slate-900">
              {opened && opened._id !== master?._id ? "Insight report" : "Master insight report"}
            </h2>
            {viewing ? (
              <p className="text-sm text-slate-600">
                {reportTitle(viewing)} · {formatPeriod(viewing.periodStart, viewing.periodEnd)} compared with the{" "}
                {COMPARE_TO_LABELS[viewing.compareTo].toLowerCase()}
                {opened && master && opened._id !== master._id ? (
                  <>
                    {" · "}
                    <Link
                      href={`/client-projects/${projectId}`}
                      scroll={false}
                      className="text-brand-700 underline underline-offset-2"
                    >
                      Back to the master report
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
          </div>
          <TagLinks projectId={projectId} tags={tags.data?.docs ?? []} />
        </div>

        {noData ? (
          <EmptyState title="This project has no data yet">
            <p>
              Reports read the project&apos;s data sources.{" "}
              {canManageData ? "Upload a CSV export to begin." : "Ask a Data Creator to add data."}
            </p>
            <Link
              href={`/client-projects/${projectId}/data-sources`}
              className="mt-2 inline-block font-medium text-brand-700 underline underline-offset-2"
            >
              Go to the data sources of {project.name}
            </Link>
          </EmptyState>
        ) : reports.isPending ? (
          <LoadingState label="Loading the report…" />
        ) : !viewing ? (
          followId ? null : (
            <EmptyState title="No report yet">
              {canManage
                ? "Choose a period above and generate the first report."
                : "A Data Creator or admin can generate the first report."}
            </EmptyState>
          )
        ) : (
          <ReportInsights
            key={viewing._id}
            projectId={projectId}
            report={viewing}
            look={look}
            currency={project.currency}
            tags={tags.data?.docs ?? []}
            canTag={canManage}
          />
        )}
      </section>
    </div>
  );
}

function TagLinks({ projectId, tags }: { projectId: string; tags: InsightTag[] }) {
  return (
    <nav aria-label="Tags and saved insights" className="flex flex-wrap items-center gap-2 text-sm">
      <Link
        href={`/client-projects/${projectId}/saved`}
        className="rounded-full border border-slate-300 px-3 py-1 text-slate-800 hover:bg-slate-50"
      >
        Saved insights
      </Link>
      {tags.map((tag) => (
        <Link
          key={tag._id}
          href={`/client-projects/${projectId}/insight-tags/${tag._id}`}
          className="rounded-full bg-brand-50 px-3 py-1 text-brand-800 ring-1 ring-brand-100 hover:bg-brand-100"
        >
          <span className="sr-only">Tag </span>
          {tag.name}
          {typeof tag.count === "number" ? <span className="text-brand-700"> ({tag.count})</span> : null}
        </Link>
      ))}
    </nav>
  );
}

function ReportInsights({
  projectId,
  report,
  look,
  currency,
  tags,
  canTag,
}: {
  projectId: string;
  report: Report;
  look: ChartLook;
  currency: string;
  tags: InsightTag[];
  canTag: boolean;
}) {
  const alerts = useAlerts();
  const insights = useInsights(projectId, report._id);
  const saved = useSavedInsights(projectId);
  const save = useSaveInsights(projectId);
  const [stage, setStage] = useState("");
  const [query, setQuery] = useState("");
  const [selection, dispatch] = useReducer(selectionReducer, []);
  const [tagging, setTagging] = useState(false);
  const [dismissed, setDismissed] = useState<string[]>([]);

  const all = useMemo(() => insights.data?.docs ?? [], [insights.data]);
  const shown = useMemo(
    () =>
      all.filter(
        (i) =>
          (!stage || i.funnelStage === stage) &&
          matchesText([i.title, i.intention.question, i.summary, ...i.findings.map((f) => f.dimensionValue)], query),
      ),
    [all, stage, query],
  );
  const selectedInsights = all.filter((i) => selection.includes(i._id));
  const savedCount = saved.data?.total;

  if (insights.isPending) return <LoadingState label="Loading insights…" />;
  if (insights.isError)
    return <ErrorState message={toApiError(insights.error).message} onRetry={() => void insights.refetch()} />;
  if (all.length === 0)
    return (
      <EmptyState title="This report holds no insights">
        The data did not cover any question of the catalogue for this period.
      </EmptyState>
    );

  const saveSelected = async () => {
    try {
      const fresh = await save.mutateAsync(selectedInsights);
      const already = selectedInsights.length - fresh.length;
      alerts.success(
        fresh.length === 0
          ? "These insights were already saved"
          : `${fresh.length} ${fresh.length === 1 ? "insight" : "insights"} saved${already ? ` (${already} already saved)` : ""}`,
      );
      dispatch({ type: "clear" });
    } catch (raw) {
      alerts.error(toApiError(raw).message);
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:items-end">
        <div className="md:w-56">
          <Label htmlFor="insight-stage">Funnel stage</Label>
          <Select id="insight-stage" className="mt-1.5" value={stage} onChange={(e) => setStage(e.target.value)}>
            <option value="">All stages</option>
            {FUNNEL_STAGES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex-1">
          <Label htmlFor="insight-search">Search insights</Label>
          <Input
            id="insight-search"
            type="search"
            className="mt-1.5"
            placeholder="Channel, campaign, question…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <p className="text-sm text-slate-600 md:pb-2" aria-live="polite">
          {shown.length === all.length ? `${all.length} insights` : `${shown.length} of ${all.length} insights`}
        </p>
      </div>

      <div
        role="toolbar"
        aria-label="Selected insights"
        className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white/95 p-3 shadow-sm backdrop-blur"
      >
        <p className="mr-auto text-sm text-slate-700" aria-live="polite">
          {selection.length === 0 ? "Select insights to save or tag them." : `${selection.length} selected`}
          {typeof savedCount === "number" ? (
            <Link
              href={`/client-projects/${projectId}/saved`}
              className="ml-2 text-brand-700 underline underline-offset-2"
            >
              {savedCount} saved
            </Link>
          ) : null}
        </p>
        <Button
          size="sm"
          variant="ghost"
          disabled={shown.length === 0 || shown.every((i) => selection.includes(i._id))}
          onClick={() => dispatch({ type: "select", ids: shown.map((i) => i._id) })}
        >
          Select all shown
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={selection.length === 0}
          onClick={() => dispatch({ type: "clear" })}
        >
          Clear selection
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={selection.length === 0}
          loading={save.isPending}
          onClick={() => void saveSelected()}
        >
          Save
        </Button>
        {canTag ? (
          <Button size="sm" disabled={selection.length === 0} onClick={() => setTagging(true)}>
            Tag
          </Button>
        ) : null}
        <ExportButtons
          projectId={projectId}
          label={selection.length ? "Selected as" : "Report as"}
          selection={selection.length ? { insightIds: selection } : { reportId: report._id }}
        />
      </div>

      {INSIGHT_GROUPS.map((group) => {
        const inGroup = shown.filter((i) => i.group === group.key);
        const headingId = `group-${group.key}`;
        const popUpId = `${report._id}:${group.key}`;
        return (
          <section key={group.key} aria-labelledby={headingId} className="space-y-3">
            <h3 id={headingId} className="text-lg font-semibold text-slate-900">
              {group.label} <span className="text-sm font-normal text-slate-600">({inGroup.length})</span>
            </h3>
            {group.dismissPopUp && !dismissed.includes(popUpId) ? (
              <div className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
                <p>
                  Questions whose answers moved the primary KPI less, or not at all. Worth a look when the top insights
                  are handled.
                </p>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setDismissed((d) => [...d, popUpId])}
                  aria-label={`Dismiss the note about ${group.label}`}
                >
                  Dismiss
                </Button>
              </div>
            ) : null}
            {inGroup.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 px-4 py-4 text-sm text-slate-600">
                {stage || query.trim() ? "No insight of this group matches the filters." : "No insights in this group."}
              </p>
            ) : (
              <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={group.label}>
                {inGroup.map((insight: Insight) => (
                  <li key={insight._id}>
                    <InsightCard
                      insight={insight}
                      projectId={projectId}
                      look={look}
                      currency={currency}
                      selected={selection.includes(insight._id)}
                      onSelectedChange={(on) => dispatch({ type: on ? "select" : "deselect", ids: [insight._id] })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}

      {canTag ? <ShareLinksPanel reportId={report._id} reportName={reportTitle(report)} /> : null}

      <TagDialog
        open={tagging}
        onClose={() => setTagging(false)}
        projectId={projectId}
        insightIds={selection}
        tags={tags}
        onTagged={(_tag, name) => {
          setTagging(false);
          alerts.success(
            `${selection.length} ${selection.length === 1 ? "insight" : "insights"} added to the tag ${name}`,
          );
          dispatch({ type: "clear" });
        }}
      />
    </div>
  );
}
