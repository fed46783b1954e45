// Which native chart an insight gets on its slide, and the numbers in it: a line with the
// expected band for anomalies (actual, expected, and the band's low and high edges), bars for
// period changes (the period's daily values), drivers (each segment's contribution), funnels
// (each step, this period and the comparison) and audits (affected rows per issue).
import { auditIssueName } from "@/lib/insights/analyst-narrative";
import { formatDay, metricLabel } from "@/lib/insights/format-values";
import type { MetricUnit } from "@/lib/insights/metrics";
import { finite, hexColor } from "../export-format";
import type { ExportInsight, ExportTheme } from "../export-model";

export interface PlannedSeries {
  name: string;
  values: (number | null)[];
  color: string;
}

export interface ChartPlan {
  type: "line" | "bar";
  title: string;
  labels: string[];
  series: PlannedSeries[];
  unit: MetricUnit;
}

const BAND = "94A3B8";
const EXPECTED = "475569";
const num = (v: number | null | undefined) => (finite(v) ? v : null);

function dayLabels(dates: string[]): string[] {
  const first = dates[0] ?? "";
  const last = dates[dates.length - 1] ?? "";
  // Within one calendar year the year is noise on the axis; across years it is needed.
  const short = first.slice(0, 4) === last.slice(0, 4);
  return dates.map((d) => formatDay(d, short));
}

export function chartPlan(insight: ExportInsight, theme: ExportTheme): ChartPlan | null {
  const chart = insight.chart;
  if (!chart) return null;
  const main = hexColor(theme.chartColor);
  const second = hexColor(theme.palette[1], "94A3B8");
  switch (chart.type) {
    case "series": {
      if (chart.points.length === 0) return null;
      const labels = dayLabels(chart.points.map((p) => p.date));
      const label = metricLabel(chart.metric);
      const unit = chart.unit as MetricUnit;
      const values = chart.points.map((p) => num(p.value));
      const isChange = insight.findings[0]?.kind === "change";
      if (isChange)
        return { type: "bar", title: `${label} per day`, labels, unit, series: [{ name: label, values, color: main }] };
      const hasBand = chart.points.some((p) => finite(p.low) && finite(p.high));
      const series: PlannedSeries[] = [{ name: label, values, color: main }];
      if (hasBand) {
        series.push(
          { name: "Expected", values: chart.points.map((p) => num(p.expected)), color: EXPECTED },
          { name: "Expected low", values: chart.points.map((p) => num(p.low)), color: BAND },
          { name: "Expected high", values: chart.points.map((p) => num(p.high)), color: BAND },
        );
      }
      // A level shift's chart carries the levels before and after it as its expected values, as on the insight's page.
      const hasLevels = !hasBand && chart.points.some((p) => finite(p.expected));
      if (hasLevels)
        series.push({
          name: "Level before and after",
          values: chart.points.map((p) => num(p.expected)),
          color: EXPECTED,
        });
      const title = hasBand ? `${label} and its expected range` : hasLevels ? `${label} and its level` : label;
      return { type: "line", title, labels, unit, series };
    }
    case "contributions": {
      const segments = chart.segments.filter((s) => finite(s.contribution));
      const labels = segments.map((s) => s.value);
      const values: (number | null)[] = segments.map((s) => s.contribution);
      if (finite(chart.otherContribution) && chart.otherContribution !== 0) {
        labels.push("Other");
        values.push(chart.otherContribution);
      }
      if (labels.length === 0) return null;
      return {
        type: "bar",
        title: `Contribution to the change in ${metricLabel(chart.metric)}`,
        labels,
        unit: chart.unit as MetricUnit,
        series: [{ name: "Contribution", values, color: main }],
      };
    }
    case "funnel":
      if (chart.steps.length === 0) return null;
      return {
        type: "bar",
        title: "Funnel steps",
        labels: chart.steps.map((s) => metricLabel(s.metric)),
        unit: "count",
        series: [
          { name: "This period", values: chart.steps.map((s) => num(s.current)), color: main },
          { name: "Comparison period", values: chart.steps.map((s) => num(s.baseline)), color: second },
        ],
      };
    case "audit":
      // One issue's one bar says no more than the sentence beside it.
      if (chart.items.length < 2) return null;
      return {
        type: "bar",
        title: "Affected rows per issue",
        labels: chart.items.map((i) => auditIssueName(i.issue)),
        unit: "count",
        series: [{ name: "Affected rows", values: chart.items.map((i) => num(i.count)), color: main }],
      };
  }
}
