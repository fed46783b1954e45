"use client";

import { Link } from "@/components/ui/link";
import { useEffect, useRef } from "react";
import { useAlerts } from "@/components/alerts/alerts-context";
import { ProjectPageHeader } from "@/components/projects/project-page-header";
import { BarChart } from "@/components/charts/lazy-charts";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import type { Insight, InsightChart, ProjectDetail } from "@/lib/api-client/types";
import { toApiError, useApiErrorHandler } from "@/lib/hooks/use-api-error-handler";
import { useReportLook, type ReportLook } from "@/lib/hooks/use-chart-look";
import {
  savedInsightId,
  useInsight,
  useSaveInsights,
  useSavedInsights,
  useUnsaveInsight,
} from "@/lib/hooks/use-insights";
import { auditIssueName } from "@/lib/insights/narrate/analyst";
import { csvFileName, findingsToCsv } from "@/lib/insights/findings-csv";
import {
  INSIGHT_GROUPS,
  NO_SIGNIFICANT_RESULTS,
  dimensionLabel,
  formatChange,
  formatDay,
  formatMetric,
  formatPct,
  formatPeriod,
  metricLabel,
  stageLabel,
} from "@/lib/insights/format-values";
import { EvidenceTable } from "./evidence-table";
import { NarrativeText } from "./narrative-text";
import { ReportBrandStrip, ReportFooter } from "./report-brand";
import { DriversChartFigure, SeriesChartFigure, contributionBars, contributionsSummary } from "./insight-chart";
import { KeyNumbers, headlineFinding } from "./key-numbers";
import { ProjectScope } from "./project-scope";

/** Offers the insight's findings as a CSV file built in the browser. */
export function downloadInsightCsv(insight: Insight) {
  const blob = new Blob([findingsToCsv(insight)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = csvFileName(insight.title);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** /client-projects/{id}/insights/{insightId}: one insight with its charts, evidence and narrative. */
export function InsightDetailView({
  projectId,
  insightId,
  download,
}: {
  projectId: string;
  insightId: string;
  download: boolean;
}) {
  return (
    <ProjectScope projectId={projectId} loadingLabel="Loading the insight…">
      {({ project, agency }) => (
        <InsightDetail project={project} agency={agency} insightId={insightId} download={download} />
      )}
    </ProjectScope>
  );
}

function InsightDetail({
  project,
  agency,
  insightId,
  download,
}: {
  project: ProjectDetail;
  agency: { _id: string; name: string };
  insightId: string;
  download: boolean;
}) {
  const insight = useInsight(insightId);
  const handle = useApiErrorHandler();
  const look = useReportLook(project._id);
  const wrongProject = Boolean(insight.data?.projectId && insight.data.projectId !== project._id);

  useEffect(() => {
    if (insight.error) handle(insight.error);
  }, [insight.error, handle]);

  if (insight.isPending) return <LoadingState label="Loading the insight…" />;
  if (insight.isError)
    return <ErrorState message={toApiError(insight.error).message} onRetry={() => void insight.refetch()} />;
  if (wrongProject)
    return (
      <EmptyState title="We couldn't find the page you were looking for">
        <Link href={`/client-projects/${project._id}`} className="text-brand-700 underline underline-offset-2">
          Back to the report of {project.name}
        </Link>
      </EmptyState>
    );

  return (
    <div className="space-y-6">
      <InsightBody
        insight={insight.data}
        project={project}
        agency={agency}
        look={look}
        download={download}
        alertCheck={insight.data.report?.kind === "alert_check" ? insight.data.report : null}
      />
    </div>
  );
}

function InsightBody({
  insight,
  project,
  agency,
  look,
  download,
  alertCheck,
}: {
  insight: Insight;
  project: ProjectDetail;
  agency: { _id: string; name: string };
  look: ReportLook;
  download: boolean;
  /** The alert check that found this insight (the bell links here), or null for a report's insight. */
  alertCheck: { periodStart: string; periodEnd: string } | null;
}) {
  const currency = project.currency;
  const group = INSIGHT_GROUPS.find((g) => g.key === insight.group);
  const headline = headlineFinding(insight.findings);
  const chart = insight.chart;
  const drivers = driverBars(insight, chart, currency);
  const downloadRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (download) downloadRef.current?.focus();
  }, [download]);

  return (
    <>
      <ProjectPageHeader
        project={project}
        agency={agency}
        insight={{ id: insight._id, name: insight.intention.title }}
        eyebrow={`${group?.label ?? insight.group} · ${stageLabel(insight.funnelStage)}`}
        title={insight.title}
        description={<span className="text-base text-slate-700 italic">{insight.intention.question}</span>}
        actions={
          <>
            <SaveToggle projectId={project._id} insight={insight} />
            {!download ? (
              <Button variant="secondary" onClick={() => downloadInsightCsv(insight)}>
                Download CSV
              </Button>
            ) : null}
          </>
        }
      />

      <ReportBrandStrip look={look}>{project.name}</ReportBrandStrip>

      {alertCheck ? (
        <p className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
          An alert found this after the daily sync, reading {formatPeriod(alertCheck.periodStart, alertCheck.periodEnd)}{" "}
          against the period before, as a report does. It is in none of the project&apos;s reports: generate a report
          for these days to share it.
        </p>
      ) : null}

      {download ? (
        <div className="flex flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-800">
            The data of this insight, {insight.findings.length} {insight.findings.length === 1 ? "finding" : "findings"}{" "}
            with every field, as a CSV file.
          </p>
          <Button ref={downloadRef} onClick={() => downloadInsightCsv(insight)}>
            Download CSV
          </Button>
        </div>
      ) : null}

      <Card aria-labelledby="answer-heading">
        <CardTitle id="answer-heading">Answer</CardTitle>
        {insight.findings.length === 0 ? (
          <p className="mt-2 text-slate-800">{NO_SIGNIFICANT_RESULTS}</p>
        ) : (
          <>
            <NarrativeText insight={insight} size="base" tested className="mt-2 max-w-3xl" />
            {headline ? <KeyNumbers finding={headline} currency={currency} className="mt-4" /> : null}
          </>
        )}
      </Card>

      {chart?.type === "series" ? (
        <Card aria-labelledby="series-heading">
          <SeriesHeading chart={chart} />
          <div className="mt-4">
            <SeriesChartFigure chart={chart} look={look} currency={currency} />
          </div>
        </Card>
      ) : null}

      {drivers ? (
        <Card aria-labelledby="drivers-heading">
          <CardTitle id="drivers-heading">What drove the change</CardTitle>
          <p className="mt-1 text-sm text-slate-600">{drivers.caption}</p>
          <div className="mt-4">
            <DriversChartFigure
              bars={drivers.bars}
              metric={drivers.metric}
              unit={drivers.unit}
              look={look}
              currency={currency}
              label={drivers.label}
              dimension={drivers.dimension}
            />
          </div>
        </Card>
      ) : null}

      {chart?.type === "funnel" ? (
        <Card aria-labelledby="funnel-heading">
          <CardTitle id="funnel-heading">Funnel</CardTitle>
          <div className="mt-4">
            <BarChart
              bars={chart.steps.map((s) => ({ label: metricLabel(s.metric), value: s.current }))}
              diverging={false}
              look={look}
              label={`Funnel steps this period: ${chart.steps.map((s) => `${metricLabel(s.metric)} ${formatMetric(s.metric, s.current, currency)} (${formatPct(s.baseline ? (s.current - s.baseline) / Math.abs(s.baseline) : null)})`).join(", ")}`}
              formatValue={(v) => v.toLocaleString("en", { maximumFractionDigits: 0 })}
            />
          </div>
        </Card>
      ) : null}

      {chart?.type === "audit" && chart.items.length ? (
        <Card aria-labelledby="audit-heading">
          <CardTitle id="audit-heading">Issues found</CardTitle>
          <div className="mt-4">
            <BarChart
              bars={chart.items.map((item) => ({
                label: `${auditIssueName(item.issue)} (${item.severity})`,
                value: item.count,
              }))}
              diverging={false}
              look={look}
              label={`Issues found: ${chart.items.map((item) => `${auditIssueName(item.issue)}, ${item.severity} severity, ${item.count}`).join("; ")}`}
              formatValue={(v) => v.toLocaleString("en")}
            />
          </div>
        </Card>
      ) : null}

      <Card aria-labelledby="evidence-heading">
        <CardTitle id="evidence-heading">Evidence</CardTitle>
        <div className="mt-4">
          {insight.findings.length ? (
            <EvidenceTable findings={insight.findings} currency={currency} />
          ) : (
            <p className="text-sm text-slate-700">{NO_SIGNIFICANT_RESULTS}</p>
          )}
        </div>
      </Card>

      <p className="text-sm">
        <Link href={`/client-projects/${project._id}`} className="text-brand-700 underline underline-offset-2">
          Back to the insight report of {project.name}
        </Link>
      </p>
      <ReportFooter look={look} />
    </>
  );
}

/** Drivers from the contributions chart, else from the driver findings. */
function driverBars(insight: Insight, chart: InsightChart | null, currency: string) {
  if (chart?.type === "contributions" && chart.segments.length) {
    const dimension = dimensionLabel(chart.dimension);
    return {
      bars: contributionBars(chart),
      metric: chart.metric,
      unit: chart.unit,
      dimension,
      label: contributionsSummary(chart, currency),
      caption: `Each ${dimension.toLowerCase()}'s contribution to the change in ${metricLabel(chart.metric).toLowerCase()} (${formatChange(chart.metric, chart.totalChange, currency, chart.unit)} in total): mix and performance effects together, summing to the total.`,
    };
  }
  const driverFindings = insight.findings.filter(
    (f) => f.kind === "driver" && f.dimensionValue !== null && typeof f.change === "number",
  );
  if (!driverFindings.length) return null;
  const metric = driverFindings[0].metric;
  const dimension = dimensionLabel(driverFindings[0].dimension);
  return {
    bars: driverFindings.map((f) => ({ label: f.dimensionValue ?? "(not set)", value: f.change as number })),
    metric,
    unit: undefined,
    dimension,
    label: `Change in ${metricLabel(metric).toLowerCase()} by ${dimension.toLowerCase()}: ${driverFindings.map((f) => `${f.dimensionValue} ${formatChange(metric, f.change, currency)}`).join(", ")}`,
    caption: `The ${dimension.toLowerCase()} values that drove the change in ${metricLabel(metric).toLowerCase()}.`,
  };
}

function SaveToggle({ projectId, insight }: { projectId: string; insight: Insight }) {
  const alerts = useAlerts();
  const saved = useSavedInsights(projectId);
  const save = useSaveInsights(projectId);
  const unsave = useUnsaveInsight(projectId);
  const isSaved = Boolean(saved.data?.docs.some((e) => savedInsightId(e) === insight._id));
  if (saved.isPending) return null;
  return isSaved ? (
    <Button
      variant="secondary"
      loading={unsave.isPending}
      onClick={() =>
        unsave.mutate(insight._id, {
          onSuccess: () => alerts.success("Insight removed from saved insights"),
          onError: (e) => alerts.error(toApiError(e).message),
        })
      }
    >
      Unsave
    </Button>
  ) : (
    <Button
      variant="secondary"
      loading={save.isPending}
      onClick={() =>
        save.mutate([insight], {
          onSuccess: () => alerts.success("Insight saved"),
          onError: (e) => alerts.error(toApiError(e).message),
        })
      }
    >
      Save
    </Button>
  );
}

/**
 * The series card's title and caption: a chart with the baseline's range says what the range is; one without (a
 * period's change, a trend's days) says only what is drawn.
 */
function SeriesHeading({ chart }: { chart: Extract<InsightChart, { type: "series" }> }) {
  const ranged = chart.points.some((p) => typeof p.low === "number" && typeof p.high === "number");
  if (ranged)
    return (
      <>
        <CardTitle id="series-heading">{metricLabel(chart.metric)} and its expected range</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Each day against the range the baseline expected (weekly and yearly seasonality); marked days fall outside it
          or start a change.
        </p>
      </>
    );
  // A level shift's chart carries the levels before and after it as its expected values (dashed).
  const levels = chart.points.some((p) => typeof p.expected === "number");
  return (
    <>
      <CardTitle id="series-heading">
        {metricLabel(chart.metric)} by day{levels ? " and its level" : ""}
      </CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        Each day from {formatDay(chart.points[0]?.date)} to {formatDay(chart.points.at(-1)?.date)}
        {chart.periodStart ? ` (the report period from ${formatDay(chart.periodStart)}, dotted line)` : ""}
        {levels ? ", against its level before and after the change (dashed)" : ""}
        {chart.marks?.length ? "; marked days start a change" : ""}
        {/* The findings compare the site with each competitor; the chart with all of them at once. */}
        {chart.metric === "trafficShare" ? ": the site's share of its own and all tracked competitors' visits" : ""}.
      </p>
    </>
  );
}
