// "The drivers of a change sum to the change." Read on the insight's contributions chart (every segment's
// contribution, the rest as one "other"), on its driver findings (each the chart's segment, a ratio's mix and
// performance effects adding up to its contribution) and on the data: the chart's totals are the metric's period
// totals where the data holds them, and its change is the change its insight's change finding states.
import { daysBetween } from "@/lib/dates";
import { fmt, violation, type CheckContext } from "../context";
import { totalOver } from "../series-data";
import type { CheckedInsight, Violation } from "../types";

interface ContributionChart {
  type: "contributions";
  metric: string;
  dimension: string;
  totalCurrent: number;
  totalBaseline: number;
  totalChange: number;
  segments: { value: string; contribution: number }[];
  otherContribution: number;
}

function chartOf(insight: CheckedInsight): ContributionChart | null {
  const c = insight.chart as Partial<ContributionChart> | null;
  return c && c.type === "contributions" && Array.isArray(c.segments) ? (c as ContributionChart) : null;
}

const close = (a: number, b: number, scale: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(scale));
const closeData = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.5, 0.002 * Math.abs(b));

export function checkDrivers(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  const insightViolation = (insight: CheckedInsight, text: string): Violation => ({
    property: "drivers",
    insight: insight.intentionKey,
    finding: null,
    text: `insight ${insight.intentionKey}: ${text}`,
  });
  for (const insight of ctx.report.insights) {
    const chart = chartOf(insight);
    if (!chart) continue;
    const scale = Math.max(Math.abs(chart.totalCurrent), Math.abs(chart.totalBaseline));
    const sum = chart.segments.reduce((s, x) => s + x.contribution, 0) + chart.otherContribution;
    if (!close(sum, chart.totalChange, scale))
      out.push(
        insightViolation(
          insight,
          `its ${chart.dimension} contributions sum to ${fmt(sum)}, but the change is ${fmt(chart.totalChange)}`,
        ),
      );
    if (!close(chart.totalCurrent - chart.totalBaseline, chart.totalChange, scale))
      out.push(
        insightViolation(
          insight,
          `its change ${fmt(chart.totalChange)} is not ${fmt(chart.totalCurrent)} − ${fmt(chart.totalBaseline)}`,
        ),
      );
    const s = ctx.series(chart.metric, null);
    const r = ctx.report;
    const current = s && totalOver(s, chart.metric, r.periodStart, r.periodEnd);
    const baseline = s && totalOver(s, chart.metric, r.comparisonStart, r.comparisonEnd);
    const whole = (t: { days: number } | null, from: string, to: string) =>
      t !== null && t.days === daysBetween(from, to);
    // A period with unknown days has them estimated (data/period-estimate.ts): its totals are not the known days' sums.
    if (
      current &&
      baseline &&
      whole(current, r.periodStart, r.periodEnd) &&
      whole(baseline, r.comparisonStart, r.comparisonEnd) &&
      (!closeData(chart.totalCurrent, current.value) || !closeData(chart.totalBaseline, baseline.value))
    )
      out.push(
        insightViolation(
          insight,
          `its totals are ${fmt(chart.totalBaseline)} → ${fmt(chart.totalCurrent)}, but the data's ${chart.metric} totals are ${fmt(baseline.value)} → ${fmt(current.value)}`,
        ),
      );
  }
  for (const p of ctx.views) {
    const v = p.view;
    if (v.shape !== "driver") continue;
    const contribution = typeof v.raw.contribution === "number" ? v.raw.contribution : null;
    const mix = typeof v.raw.mixEffect === "number" ? v.raw.mixEffect : null;
    const performance = typeof v.raw.performanceEffect === "number" ? v.raw.performanceEffect : null;
    if (
      contribution !== null &&
      mix !== null &&
      performance !== null &&
      !close(mix + performance, contribution, contribution)
    )
      out.push(
        violation(
          p,
          "drivers",
          `its mix ${fmt(mix)} and performance ${fmt(performance)} effects do not add up to its contribution ${fmt(contribution)}`,
        ),
      );
    const chart = chartOf(p.insight);
    const segment =
      chart?.metric === v.metric && chart.dimension === v.segment?.dimension
        ? chart.segments.find((x) => x.value === v.segment?.value)
        : undefined;
    if (segment && contribution !== null && !close(segment.contribution, contribution, contribution))
      out.push(
        violation(
          p,
          "drivers",
          `its contribution ${fmt(contribution)} is not its chart segment's ${fmt(segment.contribution)}`,
        ),
      );
    const share = typeof v.raw.shareOfChange === "number" ? v.raw.shareOfChange : null;
    if (
      chart &&
      chart.metric === v.metric &&
      share !== null &&
      contribution !== null &&
      chart.totalChange !== 0 &&
      !close(share, contribution / chart.totalChange, 1)
    )
      out.push(
        violation(
          p,
          "drivers",
          `its share of the change ${fmt(share)} is not its contribution over the change (${fmt(contribution / chart.totalChange)})`,
        ),
      );
  }
  return out;
}
