// Which native chart an insight gets, and the numbers in it, for the deck's slide and the workbook's Charts sheet
// alike (each writes it with chart-xml.ts): a line with its expected range as a shaded band for unusual days, a line
// with its levels for a level shift, bars of the period's days for a period change, horizontal bars of each segment's
// contribution for drivers, each funnel step's rate (this period and the comparison) for a funnel, and affected rows
// per issue for an audit of several issues.
import { contrastingColor } from "@/components/charts/colors";
import { auditIssueName } from "@/lib/insights/narrate/analyst";
import { formatDay, metricLabel } from "@/lib/insights/format-values";
import type { MetricUnit } from "@/lib/insights/metrics";
import { currencySymbol, finite, hexColor } from "../export-format";
import type { ExportInsight, ExportTheme } from "../export-model";

/** What a series is, so each writer knows where its numbers live (the workbook's data sheets name them by role). */
export type SeriesRole = "value" | "expected" | "level" | "contribution" | "rows" | "rate" | "comparisonRate";

export interface PlannedSeries {
  role: SeriesRole;
  name: string;
  values: (number | null)[];
  color: string;
  dashed?: boolean;
  /** Bars below zero in this colour (a driver's negative contributions). */
  negativeColor?: string;
}

/** The expected range, drawn as a shaded band between its two edges behind the lines. */
export interface PlannedBand {
  name: string;
  low: (number | null)[];
  high: (number | null)[];
  color: string;
}

export interface ChartPlan {
  type: "line" | "bar";
  /** Bars drawn sideways, for named segments whose labels need the room. */
  horizontal?: boolean;
  title: string;
  /** The categories as people read them ("Nov 3", "Paid Search", "Sessions → Conversions"). */
  labels: string[];
  /** The categories' calendar days, when they are days (the workbook writes them as dates). */
  days?: string[];
  series: PlannedSeries[];
  band?: PlannedBand;
  /** The value axis' unit. */
  unit: MetricUnit;
}

const EXPECTED = "475569";
const num = (v: number | null | undefined) => (finite(v) ? v : null);

function dayLabels(dates: string[]): string[] {
  const first = dates[0] ?? "";
  const last = dates[dates.length - 1] ?? "";
  // Within one calendar year the year is noise on the axis; across years it is needed.
  const short = first.slice(0, 4) === last.slice(0, 4);
  return dates.map((d) => formatDay(d, short));
}

/** A driver's bars: each segment with a contribution, then the rest of the change when there is any. */
export function contributionBars(
  chart: Extract<NonNullable<ExportInsight["chart"]>, { type: "contributions" }>,
): { label: string; value: number; current: number | null; baseline: number | null }[] {
  const bars = chart.segments
    .filter((s) => finite(s.contribution))
    .map((s) => ({ label: s.value, value: s.contribution, current: num(s.current), baseline: num(s.baseline) }));
  if (finite(chart.otherContribution) && chart.otherContribution !== 0)
    bars.push({ label: "Other", value: chart.otherContribution, current: null, baseline: null });
  return bars;
}

/**
 * A funnel's steps as rates: each step's share of the one before it ("Sessions → Conversions 2.1 %"). Drawn as
 * counts, 3.5 million impressions flattened every later step to nothing; rates read at every scale. The first step has
 * no rate and is not a bar.
 */
export function funnelRates(
  chart: Extract<NonNullable<ExportInsight["chart"]>, { type: "funnel" }>,
): { label: string; rate: number | null; comparisonRate: number | null }[] {
  const ratio = (a: number, b: number) => (finite(a) && finite(b) && b > 0 ? a / b : null);
  return chart.steps.slice(1).map((step, k) => {
    const before = chart.steps[k];
    return {
      label: `${metricLabel(before.metric)} → ${metricLabel(step.metric)}`,
      rate: ratio(step.current, before.current),
      comparisonRate: ratio(step.baseline, before.baseline),
    };
  });
}

export function chartPlan(insight: ExportInsight, theme: ExportTheme): ChartPlan | null {
  const chart = insight.chart;
  if (!chart) return null;
  const main = hexColor(theme.chartColor);
  const second = hexColor(theme.palette.find((c) => hexColor(c, "") !== main) ?? null, "94A3B8");
  switch (chart.type) {
    case "series": {
      if (chart.points.length === 0) return null;
      const days = chart.points.map((p) => p.date);
      const labels = dayLabels(days);
      const label = metricLabel(chart.metric);
      const unit = chart.unit as MetricUnit;
      const values = chart.points.map((p) => num(p.value));
      const value: PlannedSeries = { role: "value", name: label, values, color: main };
      if (insight.findings[0]?.kind === "change")
        return { type: "bar", title: `${label} per day`, labels, days, unit, series: [value] };
      const hasBand = chart.points.some((p) => finite(p.low) && finite(p.high));
      if (hasBand)
        return {
          type: "line",
          title: `${label} and its expected range`,
          labels,
          days,
          unit,
          band: {
            name: "Expected range",
            low: chart.points.map((p) => num(p.low)),
            high: chart.points.map((p) => num(p.high)),
            color: main,
          },
          series: [
            value,
            {
              role: "expected",
              name: "Expected",
              values: chart.points.map((p) => num(p.expected)),
              color: EXPECTED,
              dashed: true,
            },
          ],
        };
      // A level shift's chart carries the levels before and after it as its expected values, as on the insight's page.
      const hasLevels = chart.points.some((p) => finite(p.expected));
      if (hasLevels)
        return {
          type: "line",
          title: `${label} and its level`,
          labels,
          days,
          unit,
          series: [
            value,
            {
              role: "level",
              name: "Level before and after",
              values: chart.points.map((p) => num(p.expected)),
              color: EXPECTED,
              dashed: true,
            },
          ],
        };
      return { type: "line", title: label, labels, days, unit, series: [value] };
    }
    case "contributions": {
      const bars = contributionBars(chart);
      if (bars.length === 0) return null;
      return {
        type: "bar",
        horizontal: true,
        title: `Contribution to the change in ${metricLabel(chart.metric)}`,
        labels: bars.map((b) => b.label),
        unit: chart.unit as MetricUnit,
        series: [
          {
            role: "contribution",
            name: "Contribution",
            values: bars.map((b) => b.value),
            color: main,
            negativeColor: hexColor(contrastingColor(`#${main}`, theme.palette), "DC2626"),
          },
        ],
      };
    }
    case "funnel": {
      const rates = funnelRates(chart);
      if (rates.length === 0) return null;
      return {
        type: "bar",
        title: "Share of each step that reached the next",
        labels: rates.map((r) => r.label),
        unit: "percent",
        series: [
          { role: "rate", name: "This period", values: rates.map((r) => r.rate), color: main },
          {
            role: "comparisonRate",
            name: "Comparison period",
            values: rates.map((r) => r.comparisonRate),
            color: second,
          },
        ],
      };
    }
    case "audit":
      // One issue's one bar says no more than the sentence beside it.
      if (chart.items.length < 2) return null;
      return {
        type: "bar",
        horizontal: true,
        title: "Affected rows per issue",
        labels: chart.items.map((i) => auditIssueName(i.issue)),
        unit: "count",
        series: [{ role: "rows", name: "Affected rows", values: chart.items.map((i) => num(i.count)), color: main }],
      };
  }
}

/** The value axis' number format (Excel's code): whole amounts in the currency, rates as percentages. */
export function valueAxisFormat(plan: ChartPlan, currency: string): string {
  switch (plan.unit) {
    case "currency":
      return `"${currencySymbol(currency).replace(/"/g, "")}"#,##0`;
    case "percent":
      return "0.0%";
    case "rank":
    case "ratio":
      return "#,##0.0";
    default:
      return "#,##0";
  }
}
