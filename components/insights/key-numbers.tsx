import type { ReactNode } from "react";
import type { InsightFinding } from "@/lib/api-client/types";
import type { Results } from "@/lib/insights/finding";
import { cn } from "@/components/ui/cn";
import {
  dimensionLabel,
  formatDay,
  formatFindingChange,
  formatFindingPct,
  formatFindingValue,
  metricLabel,
} from "@/lib/insights/format-values";
import { changeSense } from "@/lib/insights/headline-kpis";
import { changeIsNews } from "@/lib/insights/season";
import { auditIssueLabel, auditIssueName, leadFinding } from "@/lib/insights/narrate/analyst";
import { withItsRun } from "@/lib/insights/days-in-a-row";

/**
 * The headline finding of an insight: the one its card leads with (leadFinding), audits included; of days in a row,
 * their means over their days, as the headline tells them (withItsRun).
 */
export function headlineFinding(findings: InsightFinding[]): InsightFinding | null {
  const lead = leadFinding(findings);
  return lead ? withItsRun(lead, findings) : null;
}

/**
 * Good news or bad: a rise in cost or position is bad, a rise in revenue good; neither for a move inside its
 * variation, one the season predicts, or one short of the season's.
 */
export function changeTone(
  finding: Pick<InsightFinding, "metric" | "change" | "current" | "withinVariation"> & { results?: Results },
): "good" | "bad" | "neutral" {
  return finding.withinVariation || !changeIsNews(finding)
    ? "neutral"
    : changeSense(finding.metric, finding.change, finding.results);
}

const TONE = { good: "text-green-800", bad: "text-red-700", neutral: "text-slate-700" } as const;

/** Current vs baseline, the change and the change % of one finding, in the metric's unit. */
export function KeyNumbers({
  finding,
  currency,
  className,
}: {
  finding: InsightFinding;
  currency: string;
  className?: string;
}) {
  if (finding.kind === "audit") {
    return (
      <dl className={cn("grid grid-cols-2 gap-3 text-sm", className)}>
        <Figure label="Issue">{auditIssueName(finding.issue) || auditIssueLabel(finding.check)}</Figure>
        <Figure label="Affected">{typeof finding.count === "number" ? finding.count.toLocaleString("en") : "–"}</Figure>
      </dl>
    );
  }
  const baselineLabel = finding.kind === "anomaly" ? "Expected" : "Baseline";
  const subject = [
    metricLabel(finding.metric),
    finding.dimensionValue ? `${dimensionLabel(finding.dimension)} ${finding.dimensionValue}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  const tone = TONE[changeTone(finding)];
  return (
    <div className={className}>
      <p className="text-xs font-medium text-slate-600">
        {subject}
        <span className="font-normal text-slate-500">
          {" "}
          ·{" "}
          {finding.periodStart === finding.periodEnd
            ? formatDay(finding.periodStart)
            : `${formatDay(finding.periodStart, true)} – ${formatDay(finding.periodEnd)}`}
        </span>
      </p>
      <dl className="mt-1.5 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Figure label="Current">{formatFindingValue(finding, finding.current, currency)}</Figure>
        <Figure label={baselineLabel}>{formatFindingValue(finding, finding.baseline, currency)}</Figure>
        <Figure label="Change" className={tone}>
          {formatFindingChange(finding, finding.change, currency)}
        </Figure>
        <Figure label="Change %" className={tone}>
          {formatFindingPct(finding)}
        </Figure>
      </dl>
    </div>
  );
}

function Figure({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={cn("font-semibold break-words tabular-nums text-slate-900", className)}>{children}</dd>
    </div>
  );
}
