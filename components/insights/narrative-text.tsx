import { cn } from "@/components/ui/cn";
import type { Insight } from "@/lib/api-client/types";
import { analystNarrative, leadFinding } from "@/lib/insights/analyst-narrative";
import { formatKpiEffect, ownRatesClause } from "@/lib/insights/format-values";

/** The analyst's three sentences: the headline (bold), why, and the recommended next step. */
export function NarrativeText({
  insight,
  currency,
  period,
  className,
  size = "sm",
}: {
  insight: Pick<Insight, "findings" | "chart" | "summary"> & Partial<Pick<Insight, "kpiEffect" | "kpiMetric">>;
  currency: string;
  period?: { start: string; end: string };
  className?: string;
  size?: "sm" | "base";
}) {
  const narrative = analystNarrative(
    { findings: insight.findings, chart: insight.chart as { type: string; totalChange?: number } | null },
    { currency, period },
  );
  if (!narrative) return null;
  // What the insight is ranked by, in the KPI's unit (the engine's statedKpiEffect), said where it has one and the
  // headline does not already give it (a change of the KPI's own total is its effect).
  const lead = leadFinding(insight.findings);
  const ownTotal = lead !== null && !lead.dimension && lead.metric === insight.kpiMetric;
  const effect = ownTotal ? "–" : formatKpiEffect(insight.kpiEffect, insight.kpiMetric, currency);
  return (
    <div className={cn(size === "sm" ? "text-sm" : "text-base", "space-y-1 text-slate-800", className)}>
      <p className="font-semibold text-slate-900" data-testid="insight-headline">
        {narrative.headline}
      </p>
      {narrative.why ? <p>{narrative.why}</p> : null}
      <p>
        <span className="font-medium text-slate-900">Next step: </span>
        {narrative.next}
      </p>
      {effect !== "–" ? (
        <p className="text-slate-700" data-testid="insight-kpi-effect">
          Estimated effect over the period: {effect}
          {lead ? ownRatesClause(lead) : null}
        </p>
      ) : null}
    </div>
  );
}
