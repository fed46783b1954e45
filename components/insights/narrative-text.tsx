import { cn } from "@/components/ui/cn";
import type { Insight } from "@/lib/api-client/types";
import { analystNarrative } from "@/lib/insights/analyst-narrative";

/** The analyst's three sentences: the headline (bold), why, and the recommended next step. */
export function NarrativeText({
  insight,
  currency,
  period,
  className,
  size = "sm",
}: {
  insight: Pick<Insight, "findings" | "chart" | "summary">;
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
    </div>
  );
}
