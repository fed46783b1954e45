import { cn } from "@/components/ui/cn";
import type { Insight } from "@/lib/api-client/types";

/**
 * The analyst's sentences as the narrator wrote them when the report was generated (stored with the insight): the
 * headline (bold), why, the recommended next step and the estimated effect; with `tested`, how the lead finding was
 * tested. A report generated before the narration was stored shows its summary.
 */
export function NarrativeText({
  insight,
  className,
  size = "sm",
  tested = false,
}: {
  insight: Pick<Insight, "narration" | "summary">;
  /** Kept for callers that pass them: the stored text is already in the project's currency and the report's period. */
  currency?: string;
  period?: { start: string; end: string };
  className?: string;
  size?: "sm" | "base";
  /** Show the "how it was tested" line (the insight's own page). */
  tested?: boolean;
}) {
  const narration = insight.narration;
  const text = cn(size === "sm" ? "text-sm" : "text-base", "space-y-1 text-slate-800", className);
  if (!narration)
    return (
      <div className={text}>
        <p data-testid="insight-headline">{insight.summary}</p>
      </div>
    );
  return (
    <div className={text}>
      <p className="font-semibold text-slate-900" data-testid="insight-headline">
        {narration.headline}
      </p>
      {narration.why ? <p>{narration.why}</p> : null}
      {narration.next ? (
        <p>
          <span className="font-medium text-slate-900">Next step: </span>
          {narration.next}
        </p>
      ) : null}
      {narration.effect ? (
        <p className="text-slate-700" data-testid="insight-kpi-effect">
          {narration.effect}
        </p>
      ) : null}
      {tested && narration.tested ? (
        <p className="text-xs text-slate-600" data-testid="insight-tested">
          How it was tested: {narration.tested}.
        </p>
      ) : null}
    </div>
  );
}
