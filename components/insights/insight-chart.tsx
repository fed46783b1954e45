import type { Bar } from "@/components/charts/bar-chart";
import { ChartDataTable } from "@/components/charts/chart-data-table";
import { BarChart, LineBandChart, Sparkline } from "@/components/charts/lazy-charts";
import { markLabel } from "@/components/charts/mark-label";
import type { Insight, InsightChart } from "@/lib/api-client/types";
import { wasOrWere } from "@/lib/catalogue/metrics";
import type { ChartLook } from "@/lib/hooks/use-chart-look";
import {
  axisTitle,
  dimensionLabel,
  formatChange,
  formatDay,
  formatMetric,
  formatPct,
  metricLabel,
} from "@/lib/insights/format-values";

type SeriesChart = Extract<InsightChart, { type: "series" }>;
type ContributionsChart = Extract<InsightChart, { type: "contributions" }>;

const known = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/** The series' name: the metric, and its segment for a segment-watch insight ("Sessions, Channel: Email"). */
export function seriesName(chart: SeriesChart): string {
  const metric = metricLabel(chart.metric);
  if (!chart.dimension) return metric;
  return `${metric}, ${dimensionLabel(chart.dimension)}: ${chart.dimensionValue || "(not set)"}`;
}

/** The accessible summary of a series: its span, first and last values, range, expected range and marks. */
export function seriesSummary(chart: SeriesChart, currency: string): string {
  const fmt = (v: number) => formatMetric(chart.metric, v, currency, { unit: chart.unit });
  const values = chart.points.filter((p) => known(p.value));
  if (values.length === 0) return `${seriesName(chart)}: no data in the period`;
  const first = values[0];
  const last = values[values.length - 1];
  const min = values.reduce((a, b) => ((b.value as number) < (a.value as number) ? b : a));
  const max = values.reduce((a, b) => ((b.value as number) > (a.value as number) ? b : a));
  const parts = [
    `${seriesName(chart)} per day, ${formatDay(first.date)} to ${formatDay(last.date)}`,
    `from ${fmt(first.value as number)} to ${fmt(last.value as number)}`,
    `lowest ${fmt(min.value as number)} on ${formatDay(min.date)}, highest ${fmt(max.value as number)} on ${formatDay(max.date)}`,
  ];
  if (chart.periodStart) parts.push(`the report period starts on ${formatDay(chart.periodStart)}`);
  if (chart.points.some((p) => known(p.low) && known(p.high))) parts.push("the expected range is shaded");
  const marks = chart.marks ?? [];
  if (marks.length) {
    parts.push(
      `${marks.length} marked ${marks.length === 1 ? "day" : "days"}: ${marks
        .slice(0, 5)
        .map((m) => `${markLabel(m.kind).toLowerCase()} on ${formatDay(m.date)}`)
        .join(", ")}${marks.length > 5 ? " and more" : ""}`,
    );
  }
  return parts.join("; ");
}

export function contributionBars(chart: ContributionsChart): Bar[] {
  const bars = chart.segments.map((s) => ({ label: s.value || "(not set)", value: s.contribution }));
  if (Math.abs(chart.otherContribution) > 1e-9)
    bars.push({ label: "All other values", value: chart.otherContribution });
  return bars;
}

export function contributionsSummary(chart: ContributionsChart, currency: string): string {
  const fmt = (v: number) => formatChange(chart.metric, v, currency, chart.unit);
  const top = [...chart.segments].sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution)).slice(0, 3);
  return `Contribution of each ${dimensionLabel(chart.dimension).toLowerCase() || "segment"} to the change in ${metricLabel(chart.metric).toLowerCase()} (total ${fmt(chart.totalChange)}, ${formatPct(chart.totalBaseline ? chart.totalChange / Math.abs(chart.totalBaseline) : null)}): ${top.map((s) => `${s.value || "(not set)"} ${fmt(s.contribution)}`).join(", ")}`;
}

/** The card's small chart: a sparkline of the series, or the top contributions as compact bars. */
export function InsightMiniChart({ insight, look, currency }: { insight: Insight; look: ChartLook; currency: string }) {
  const chart = insight.chart;
  if (!chart) return null;
  if (chart.type === "series") {
    if (!chart.points.some((p) => known(p.value))) return null;
    return <Sparkline points={chart.points} marks={chart.marks} look={look} label={seriesSummary(chart, currency)} />;
  }
  if (chart.type === "contributions") {
    const bars = contributionBars(chart).slice(0, 5);
    if (!bars.length) return null;
    return (
      <BarChart
        bars={bars}
        look={look}
        compact
        label={contributionsSummary(chart, currency)}
        formatValue={(v) => formatChange(chart.metric, v, currency, chart.unit)}
        className="w-full"
      />
    );
  }
  if (chart.type === "funnel") {
    const bars = chart.steps.map((s) => ({ label: metricLabel(s.metric), value: s.current }));
    return (
      <BarChart
        bars={bars}
        look={look}
        compact
        diverging={false}
        label={`Funnel: ${chart.steps.map((s) => `${metricLabel(s.metric)} ${formatMetric(s.metric, s.current, currency)}`).join(", ")}`}
        formatValue={(v) => v.toLocaleString("en")}
        className="w-full"
      />
    );
  }
  return null;
}

/**
 * The expected range in numbers, not only as a band: over the period, and on the most unexpected day (the one
 * farthest outside its range) when there is one.
 */
function ExpectedRangeNote({ chart, currency }: { chart: SeriesChart; currency: string }) {
  const full = (v: number) => formatMetric(chart.metric, v, currency, { unit: chart.unit });
  const ranged = chart.points.filter((p) => known(p.low) && known(p.high));
  if (!ranged.length) return null;
  const lows = ranged.map((p) => p.low as number);
  const highs = ranged.map((p) => p.high as number);
  const outside = ranged
    .filter((p) => known(p.value))
    .map((p) => ({
      p,
      by: Math.max((p.low as number) - (p.value as number), (p.value as number) - (p.high as number)),
    }))
    .filter((o) => o.by > 0)
    .sort((a, b) => b.by - a.by)[0];
  return (
    <p className="mt-2 text-sm text-slate-700">
      Expected range: {full(Math.min(...lows))} to {full(Math.max(...highs))} a day over the period.
      {outside ? (
        <>
          {" "}
          On {formatDay(outside.p.date)}, {metricLabel(chart.metric).toLowerCase()} {wasOrWere(chart.metric)}{" "}
          <strong className="font-semibold">{full(outside.p.value as number)}</strong> against an expected{" "}
          {full(outside.p.low as number)} to {full(outside.p.high as number)}.
        </>
      ) : null}
    </p>
  );
}

/** The detail page's series chart with its data table. */
export function SeriesChartFigure({
  chart,
  look,
  currency,
}: {
  chart: SeriesChart;
  look: ChartLook;
  currency: string;
}) {
  const fmt = (v: number) => formatMetric(chart.metric, v, currency, { compact: true, unit: chart.unit });
  const full = (v: number | null | undefined) =>
    known(v) ? formatMetric(chart.metric, v, currency, { unit: chart.unit }) : "–";
  const marks = new Map((chart.marks ?? []).map((m) => [m.date, markLabel(m.kind)]));
  const hasRange = chart.points.some((p) => known(p.low) && known(p.high));
  return (
    <div>
      <LineBandChart
        points={chart.points}
        marks={chart.marks}
        periodStart={chart.periodStart}
        look={look}
        label={seriesSummary(chart, currency)}
        formatValue={fmt}
        formatFull={(v) => formatMetric(chart.metric, v, currency, { unit: chart.unit })}
        formatDate={(d) => formatDay(d, true)}
        axisLabel={axisTitle(chart.metric, currency, chart.unit)}
        seriesLabel={seriesName(chart)}
      />
      {hasRange ? <ExpectedRangeNote chart={chart} currency={currency} /> : null}
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-5" style={{ backgroundColor: look.chartColor }} aria-hidden="true" />
          {seriesName(chart)}
        </li>
        {hasRange ? (
          <li className="flex items-center gap-1.5">
            <span
              className="inline-block h-3 w-5 rounded-sm"
              style={{ backgroundColor: look.chartColor, opacity: 0.2 }}
              aria-hidden="true"
            />
            Expected range
          </li>
        ) : null}
        {marks.size ? (
          <li className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-full border-2 border-red-700 bg-white" aria-hidden="true" />
            Marked day (anomaly or change)
          </li>
        ) : null}
      </ul>
      <ChartDataTable
        caption={`${seriesName(chart)} per day`}
        columns={
          hasRange
            ? ["Date", metricLabel(chart.metric), "Expected", "Expected low", "Expected high", "Mark"]
            : ["Date", metricLabel(chart.metric), "Mark"]
        }
        rows={chart.points.map((p) =>
          hasRange
            ? [formatDay(p.date), full(p.value), full(p.expected), full(p.low), full(p.high), marks.get(p.date) ?? ""]
            : [formatDay(p.date), full(p.value), marks.get(p.date) ?? ""],
        )}
      />
    </div>
  );
}

/** The detail page's drivers chart: each segment's contribution to the change, up and down. */
export function DriversChartFigure({
  bars,
  metric,
  unit,
  look,
  currency,
  label,
  dimension,
}: {
  bars: Bar[];
  metric: string;
  unit?: string;
  look: ChartLook;
  currency: string;
  label: string;
  dimension: string;
}) {
  const fmt = (v: number) => formatChange(metric, v, currency, unit);
  return (
    <div>
      <BarChart bars={bars} look={look} label={label} formatValue={fmt} valueLabel="Contribution to the change" />
      <ChartDataTable
        caption={`Contribution by ${dimension}`}
        columns={[dimension || "Segment", "Contribution"]}
        rows={bars.map((b) => [b.label, fmt(b.value)])}
      />
    </div>
  );
}
