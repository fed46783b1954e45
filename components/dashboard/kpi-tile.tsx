import { formatMetric, formatPct } from "@/lib/insights/format-values";
import { figureReading, seasonNote } from "@/lib/insights/headline-kpis";
import type { DashboardKpi } from "@/lib/api-client/dashboard-types";
import { cn } from "@/components/ui/cn";
import { KpiSparkline } from "./lazy-kpi-sparkline";

/**
 * Good news is a rise for most metrics and a fall for cost-like ones; null when nothing moved, there is no comparison,
 * the change is within the days' ordinary variation, the season predicts it, or a cost per result moved with what it
 * bought (then neither good nor bad news): the report's key figures' rule (figureReading), on the same fields.
 */
export function isGoodChange(kpi: DashboardKpi): boolean | null {
  const { tone } = figureReading({
    metric: kpi.key,
    current: kpi.current,
    change: kpi.previous === null ? null : kpi.current - kpi.previous,
    changePct: kpi.changePct,
    significant: kpi.significant,
    season: kpi.season,
    results: kpi.results,
  });
  return tone === "neutral" ? null : tone === "good";
}

/** One KPI of a project: the period's total in its unit, the change against the previous period, and its daily line. */
export function KpiTile({ kpi, currency }: { kpi: DashboardKpi; currency: string }) {
  const good = isGoodChange(kpi);
  const value = formatMetric(kpi.key, kpi.current, currency, { unit: kpi.unit });
  const previous = kpi.previous === null ? null : formatMetric(kpi.key, kpi.previous, currency, { unit: kpi.unit });
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
      <p className="truncate text-xs font-medium text-slate-600" title={kpi.label}>
        {kpi.label}
      </p>
      <p className="mt-0.5 text-lg font-semibold tabular-nums text-slate-900" data-testid="kpi-value">
        {value}
      </p>
      <p
        className={cn(
          "text-xs font-medium tabular-nums",
          good === null ? "text-slate-600" : good ? "text-green-800" : "text-red-800",
        )}
      >
        {kpi.changePct === null ? (
          previous === null ? (
            "No previous period to compare"
          ) : (
            `Previous: ${previous}`
          )
        ) : (
          <>
            <span aria-hidden="true">{kpi.changePct > 0 ? "▲ " : kpi.changePct < 0 ? "▼ " : ""}</span>
            {formatPct(kpi.changePct)}
            <span className="font-normal text-slate-600"> vs {previous}</span>
          </>
        )}
      </p>
      {kpi.changePct !== null && kpi.changePct !== 0 && kpi.significant === false ? (
        <p className="text-xs text-slate-600" data-testid="kpi-noise">
          Within normal variation
        </p>
      ) : kpi.changePct ? (
        <SeasonLine kpi={kpi} />
      ) : null}
      <KpiSparkline kpi={kpi} currency={currency} good={good} />
    </div>
  );
}

/** What the season did to the change, when the project's data has the same days a year earlier. */
function SeasonLine({ kpi }: { kpi: DashboardKpi }) {
  const note = seasonNote({ current: kpi.current, season: kpi.season });
  return note ? (
    <p className="text-xs text-slate-600" data-testid="kpi-season">
      {note}
    </p>
  ) : null;
}
