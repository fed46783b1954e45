"use client";

import { useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useReducer, useState } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { queryKeys } from "@/lib/api-client/query-keys";
import type { Insight, InsightTag, ProjectDetail, Report } from "@/lib/api-client/types";
import { matchesText } from "@/lib/format";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useReportLook, type ChartLook } from "@/lib/hooks/use-chart-look";
import { useDataSources } from "@/lib/hooks/use-data-sources";
import {
  invalidateLastReport,
  masterReport,
  useDeleteReport,
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
import { useDismissedGroups } from "@/lib/hooks/use-report-dismissals";
import { ExportButtons } from "./export-buttons";
import { DismissibleGroupHeading } from "./group-dismissal";
import { InsightCard } from "./insight-card";
import { InsightRow } from "./insight-row";
import { KpiStrip } from "./kpi-strip";
import { NothingNotable } from "./nothing-notable";
import { ReportBrandHeader, ReportFooter } from "./report-brand";
import { ReportProgress } from "./report-generation";
import { ownReportName, projectCoverage } from "@/lib/insights/report-period";
import { ReportHistory, reportTitle } from "./report-history";
import { fontStack } from "@/lib/font-stack";

// The forms (and their validation) load after the report: they only show in their dialogs, and the
// share links sit below it.
const TagDialog = dynamic(() => import("./tag-dialog").then((m) => m.TagDialog));
const GenerateReportForm = dynamic(() => import("./generate-report-form").then((m) => m.GenerateReportForm));
const ShareLinksPanel = dynamic(() => import("./share-links-panel").then((m) => m.ShareLinksPanel));

/** Has the project any data a report can read? Upload sources say so with their last upload's summary. */
function hasData(sources: { sourceName: string; additional: Record<string, unknown> }[]): boolean {
  return sources.some(
    (s) => s.sourceName !== "upload" || Boolean((s.additional?.upload as { rows?: number } | undefined)?.rows),
  );
}

/** The report to show after `deleted` is gone: the next older ready one with data, else the next newer, else none. */
export function reportAfterDeletion(list: Report[], deleted: string): Report | null {
  const index = list.findIndex((r) => r._id === deleted);
  const readable = (r: Report) => r._id !== deleted && r.status === "ready" && r.hasData !== false;
  return (
    list.slice(index + 1).find(readable) ?? [...list.slice(0, Math.max(index, 0))].reverse().find(readable) ?? null
  );
}

/**
 * The project's insight report screen: the report being viewed (the master report, the newest ready one with data,
 * unless a past one is opened) first, in the project's look: the period said once, the headline KPIs, the most
 * impactful findings, then the rest. Generating a report and the history are secondary: buttons opening dialogs.
 */
export function InsightReport({ project, reportParam }: { project: ProjectDetail; reportParam: string | null }) {
  const projectId = project._id;
  const router = useRouter();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const canManage = project.client.actions.includes("report:manage");
  const canManageData = project.client.actions.includes("datasource:manage");
  const look = useReportLook(projectId);
  const reports = useReports(projectId);
  const sources = useDataSources(projectId);
  const tags = useTags(projectId);
  const [generating, setGenerating] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteReport(projectId);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const list = reports.data?.docs ?? [];
  const master = masterReport(reports.data);
  const opened = reportParam ? (list.find((r) => r._id === reportParam && r.status === "ready") ?? null) : null;
  const viewing = opened ?? master;
  const newestReady = list.find((r) => r.status === "ready");
  const emptyNewest =
    newestReady && newestReady.hasData === false && newestReady._id !== viewing?._id ? newestReady : null;

  // The report being made: the one just asked for, else any still queued or running (e.g. after a reload).
  const [trackedId, setTrackedId] = useState<string | null>(null);
  const activeInList = list.find(isReportActive)?._id ?? null;
  const followId = trackedId ?? activeInList;
  const tracked = useReport(followId);
  const trackedStatus = tracked.data?.status;

  useEffect(() => {
    if (!followId || !trackedStatus || isReportActive({ status: trackedStatus })) return;
    // The list says whether the new report read data (the master only changes if it did) and the project its
    // last report date: both are read again now, not on the next visit.
    void queryClient.invalidateQueries({ queryKey: queryKeys.reports(projectId) });
    invalidateLastReport(queryClient, projectId);
    if (trackedStatus === "ready") {
      alerts.success("Your report is ready");
      if (reportParam) router.replace(`/client-projects/${projectId}`, { scroll: false });
    }
  }, [followId, trackedStatus, queryClient, projectId, alerts, reportParam, router]);

  const noData = sources.isSuccess && !hasData(sources.data.docs);
  const canGenerate = canManage && !noData && project.status === "active";

  /** After a report is deleted, the screen moves on to the next report (or the empty state), never a dead page. */
  const moveOn = (deleted: Report) => {
    if (deleted._id !== viewing?._id) return;
    const remaining = list.filter((r) => r._id !== deleted._id);
    const nextMaster = masterReport({ docs: remaining, total: remaining.length });
    const next = reportAfterDeletion(list, deleted._id);
    router.replace(
      !next || next._id === nextMaster?._id
        ? `/client-projects/${projectId}`
        : `/client-projects/${projectId}?report=${next._id}`,
      { scroll: false },
    );
  };

  const deleteViewing = async () => {
    if (!viewing) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(viewing._id);
      alerts.success(`${reportTitle(viewing)} deleted`);
      setConfirmDelete(false);
      moveOn(viewing);
    } catch (raw) {
      setDeleteError(toApiError(raw).message);
    }
  };

  const isMaster = viewing && viewing._id === master?._id;
  const period = viewing ? { start: viewing.periodStart, end: viewing.periodEnd } : undefined;

  return (
    <div className="space-y-5" style={{ fontFamily: fontStack(look.font) }}>
      {followId && tracked.data ? (
        <ReportProgress
          report={tracked.data}
          onDismiss={() => setTrackedId(null)}
          onRetry={canGenerate ? () => setGenerating(true) : undefined}
        />
      ) : null}

      <section aria-labelledby="master-heading" className="space-y-4">
        <ReportBrandHeader
          look={look}
          headingId="master-heading"
          subtitle={viewing ? (isMaster ? "Master report" : reportTitle(viewing)) : null}
          meta={
            viewing ? (
              <p data-testid="report-period">
                <span className="font-medium">{formatPeriod(viewing.periodStart, viewing.periodEnd)}</span> compared
                with the {COMPARE_TO_LABELS[viewing.compareTo].toLowerCase()}
                {isMaster && ownReportName(viewing, project.name) ? ` · ${ownReportName(viewing, project.name)}` : ""}
                {!isMaster && master ? (
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
            ) : null
          }
          actions={
            <>
              {canGenerate ? <Button onClick={() => setGenerating(true)}>Generate report</Button> : null}
              <Button variant="secondary" onClick={() => setBrowsing(true)} disabled={reports.isPending}>
                Reports{reports.data ? ` (${reports.data.total})` : ""}
              </Button>
              {viewing && canManage ? (
                <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
                  Delete this report
                </Button>
              ) : null}
            </>
          }
        />

        {emptyNewest ? (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
            {reportTitle(emptyNewest)} found no data for {formatPeriod(emptyNewest.periodStart, emptyNewest.periodEnd)},
            so it is not the master report. Check the period against the data sources, or open it from Reports.
          </p>
        ) : null}

        {noData ? (
          <EmptyState title="This project has no data yet">
            <p>
              Reports read the project&apos;s data sources.{" "}
              {canManageData
                ? "Connect Google Analytics, Search Console or Google Ads, or upload a CSV export, then generate a report."
                : "Ask a Data Creator or admin to add a data source."}
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
        ) : reports.isError ? (
          <ErrorState message={toApiError(reports.error).message} onRetry={() => void reports.refetch()} />
        ) : !viewing ? (
          followId ? null : (
            <EmptyState title="No report yet">
              {canGenerate ? (
                <>
                  <p>Generate the first report: every question of the catalogue, answered for a period in seconds.</p>
                  <Button className="mt-3" onClick={() => setGenerating(true)}>
                    Generate the first report
                  </Button>
                </>
              ) : (
                "A Data Creator or admin can generate the first report."
              )}
            </EmptyState>
          )
        ) : (
          <ReportInsights
            key={viewing._id}
            projectId={projectId}
            report={viewing}
            period={period}
            look={look}
            currency={project.currency}
            tags={tags.data?.docs ?? []}
            canTag={canManage}
          />
        )}
        <ReportFooter look={look} />
      </section>

      <Dialog
        open={generating}
        onClose={() => setGenerating(false)}
        title="Generate a report"
        description="Every question of the catalogue, answered for the period in seconds."
      >
        <GenerateReportForm
          projectId={projectId}
          timeZone={project.timeZone}
          coverage={projectCoverage(sources.data?.docs ?? [])}
          onQueued={(r) => {
            setTrackedId(r._id);
            setGenerating(false);
          }}
        />
      </Dialog>

      <Dialog open={browsing} onClose={() => setBrowsing(false)} title="Reports" className="sm:max-w-2xl">
        <div className="space-y-3">
          {reports.data ? (
            <ReportHistory
              projectId={projectId}
              reports={list}
              total={reports.data.total}
              viewingId={viewing?._id ?? null}
              masterId={master?._id ?? null}
              canManage={canManage}
              onOpen={() => setBrowsing(false)}
              onDeleted={moveOn}
            />
          ) : null}
        </div>
      </Dialog>

      <ConfirmDialog
        open={confirmDelete}
        onClose={() => {
          setConfirmDelete(false);
          setDeleteError(null);
        }}
        title={`Delete ${viewing ? reportTitle(viewing) : "report"}?`}
        confirmLabel="Delete report"
        loading={remove.isPending}
        error={deleteError}
        onConfirm={() => void deleteViewing()}
      >
        The report and its insights are deleted, and they leave any tag or saved list that held them. This cannot be
        undone. The next report is shown instead.
      </ConfirmDialog>
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

/** How many of the most impactful findings are shown as full cards; the rest of the group follows as rows. */
const TOP_CARDS = 4;

function ReportInsights({
  projectId,
  report,
  period,
  look,
  currency,
  tags,
  canTag,
}: {
  projectId: string;
  report: Report;
  period?: { start: string; end: string };
  look: ChartLook;
  currency: string;
  tags: InsightTag[];
  canTag: boolean;
}) {
  const alerts = useAlerts();
  const insights = useInsights(projectId, report._id);
  const dismissals = useDismissedGroups(report._id);
  const saved = useSavedInsights(projectId);
  const save = useSaveInsights(projectId);
  const [stage, setStage] = useState("");
  const [query, setQuery] = useState("");
  const [selection, dispatch] = useReducer(selectionReducer, []);
  const [tagging, setTagging] = useState(false);

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
  const filtering = Boolean(stage || query.trim());

  const kpis = <KpiStrip reportId={report._id} look={look} />;
  // The reader's dismissed groups come with the insights, so a dismissed group never shows for a moment first.
  if (insights.isPending || dismissals.isPending)
    return (
      <>
        {kpis}
        <LoadingState label="Loading insights…" />
      </>
    );
  if (insights.isError)
    return <ErrorState message={toApiError(insights.error).message} onRetry={() => void insights.refetch()} />;
  if (all.length === 0)
    return (
      <EmptyState title="This report holds no insights">
        The data did not cover any question of the catalogue for this period. Check the data sources, then generate a
        report for a period they cover.
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

  const dismissed = new Set<string>(dismissals.data?.dismissedGroups ?? []);
  const significant = shown.filter((i) => i.findings.length > 0 || i.isWaitForGenerating);
  /** What "Select all shown" takes: not the insights of a group the reader dismissed. */
  const selectable = shown.filter((i) => !dismissed.has(i.group) || !significant.includes(i));
  const quiet = shown.filter((i) => i.findings.length === 0 && !i.isWaitForGenerating);
  const select = (id: string) => (on: boolean) => dispatch({ type: on ? "select" : "deselect", ids: [id] });

  return (
    <div className="space-y-5">
      {kpis}

      <div
        role="toolbar"
        aria-label="Selected insights"
        className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white/95 p-2 shadow-sm backdrop-blur"
      >
        <Label htmlFor="insight-stage" className="sr-only">
          Funnel stage
        </Label>
        <div className="w-40 shrink-0">
          <Select id="insight-stage" value={stage} onChange={(e) => setStage(e.target.value)}>
            <option value="">All stages</option>
            {FUNNEL_STAGES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </Select>
        </div>
        <Label htmlFor="insight-search" className="sr-only">
          Search insights
        </Label>
        {/* 14rem at least: on a phone it takes a line of its own beside the count rather than shrink beside the stage
            filter (a 390 px screen has room for one of them at a usable width); 14rem fixed from 640 px. */}
        <div className="min-w-0 grow basis-56 sm:w-56 sm:flex-none">
          <Input
            id="insight-search"
            type="search"
            placeholder="Search: channel, campaign…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <p className="text-sm text-slate-700" aria-live="polite">
          {shown.length === all.length ? `${all.length} insights` : `${shown.length} of ${all.length} insights`}
        </p>
        {selection.length ? (
          <p className="text-sm font-medium text-slate-900" aria-live="polite">
            {selection.length} selected
          </p>
        ) : null}
        {typeof savedCount === "number" ? (
          <Link
            href={`/client-projects/${projectId}/saved`}
            className="text-sm text-brand-700 underline underline-offset-2"
          >
            {savedCount} saved
          </Link>
        ) : null}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {selection.length ? (
            <>
              <Button size="sm" variant="ghost" onClick={() => dispatch({ type: "clear" })}>
                Clear selection
              </Button>
              <Button size="sm" variant="secondary" loading={save.isPending} onClick={() => void saveSelected()}>
                Save
              </Button>
              {canTag ? (
                <Button size="sm" onClick={() => setTagging(true)}>
                  Tag
                </Button>
              ) : null}
            </>
          ) : (
            <Button
              size="sm"
              variant="ghost"
              disabled={selectable.length === 0}
              onClick={() => dispatch({ type: "select", ids: selectable.map((i) => i._id) })}
            >
              Select all shown
            </Button>
          )}
          <ExportButtons
            projectId={projectId}
            label={selection.length ? "Selected as" : "Report as"}
            selection={selection.length ? { insightIds: selection } : { reportId: report._id }}
          />
        </div>
      </div>

      {INSIGHT_GROUPS.map((group) => {
        const inGroup = significant.filter((i) => i.group === group.key);
        const headingId = `group-${group.key}`;
        const hidden = group.dismissPopUp && dismissed.has(group.key);
        const cards = group.key === "most_impactful" ? inGroup.slice(0, TOP_CARDS) : [];
        const rows = hidden ? [] : group.key === "most_impactful" ? inGroup.slice(TOP_CARDS) : inGroup;
        const heading = (
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {group.label} <span className="text-sm font-normal text-slate-600">({inGroup.length})</span>
          </h3>
        );
        return (
          <section key={group.key} aria-labelledby={headingId} className="space-y-2">
            {group.dismissPopUp ? (
              <DismissibleGroupHeading
                reportId={report._id}
                group={group}
                dismissed={hidden}
                count={inGroup.length}
                heading={heading}
              />
            ) : (
              heading
            )}
            {hidden ? null : inGroup.length === 0 ? (
              <p className="text-sm text-slate-600">
                {filtering
                  ? "No insight of this group matches the filters. Clear a filter to see more."
                  : group.key === "data_quality"
                    ? "No data quality issue found: the data can be trusted for this period."
                    : "Nothing significant in this group for the period."}
              </p>
            ) : null}
            {cards.length ? (
              <ul className="grid gap-3 lg:grid-cols-2" aria-label={group.label}>
                {cards.map((insight: Insight) => (
                  <li key={insight._id}>
                    <InsightCard
                      insight={insight}
                      projectId={projectId}
                      look={look}
                      currency={currency}
                      period={period}
                      selected={selection.includes(insight._id)}
                      onSelectedChange={select(insight._id)}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            {rows.length ? (
              <ul
                className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
                aria-label={cards.length ? `More of ${group.label}` : group.label}
              >
                {rows.map((insight) => (
                  <li key={insight._id}>
                    <InsightRow
                      insight={insight}
                      projectId={projectId}
                      currency={currency}
                      period={period}
                      selected={selection.includes(insight._id)}
                      onSelectedChange={select(insight._id)}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}

      <NothingNotable projectId={projectId} insights={quiet} />
      <TagLinks projectId={projectId} tags={tags} />
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
