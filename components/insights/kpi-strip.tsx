"use client";

import { Sparkline } from "@/components/charts/lazy-charts";
import type { ReportKpi, ReportKpis } from "@/lib/api-client/types";
import type { ChartLook } from "@/lib/hooks/use-chart-look";
import { useReportKpis } from "@/lib/hooks/use-insights";
import { formatChange, formatDay, formatMetric, formatPct, metricLabel } from "@/lib/insights/format-values";
import { figureReading } from "@/lib/insights/headline-kpis";
import { estimatedDaysClause } from "@/lib/insights/period-estimate";
import { mixedGrainNote } from "@/lib/insights/figure-grains";
import { GRAIN_WORDS } from "@/lib/csv-import/grain";

const TONE = { good: "text-green-800", bad: "text-red-700", neutral: "text-slate-700" } as const;
const ARROW = { up: "▲", down: "▼" } as const;

/**
 * The report's headline figures: three to five KPIs of the site type, each with its total over the period in full,
 * its change against the comparison period (green when good news, red when bad, with an arrow and a sign so colour is
 * not the only cue) and a sparkline of its days.
 */
export function KpiStrip({ reportId, look }: { reportId: string; look: ChartLook }) {
  const kpis = useReportKpis(reportId);
  if (kpis.isPending)
    return (
      <div
        role="status"
        data-loading=""
        className="h-[7.5rem] animate-pulse rounded-xl bg-slate-100"
        aria-label="Loading the key figures"
      />
    );
  if (kpis.isError) return null;
  return <KpiFigures figures={kpis.data} look={look} />;
}

/** The figures themselves, from the report page's request or a shared report's answer. */
export function KpiFigures({ figures, look }: { figures: ReportKpis; look: ChartLook }) {
  if (figures.kpis.length === 0) return null;
  const { currency, comparisonStart, comparisonEnd } = figures;
  const estimated = [...new Set(figures.kpis.flatMap((k) => k.estimatedDays))].sort();
  const grains = mixedGrainNote(figures.kpis, metricLabel);
  return (
    <div>
      <ul
        aria-label="Key figures"
        className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5"
        data-testid="kpi-strip"
        title={`Compared with ${formatDay(comparisonStart)} – ${formatDay(comparisonEnd)}`}
      >
        {figures.kpis.map((kpi) => (
          <KpiTile key={kpi.metric} kpi={kpi} currency={currency} look={look} />
        ))}
      </ul>
      {estimated.length > 0 ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="kpi-estimated">
          {estimatedNote(estimated)}
        </p>
      ) : null}
      {grains ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="kpi-grains">
          {grains}
        </p>
      ) : null}
    </div>
  );
}

function KpiTile({ kpi, currency, look }: { kpi: ReportKpi; currency: string; look: ChartLook }) {
  const label = metricLabel(kpi.metric);
  const { tone: sense, direction, note } = figureReading(kpi);
  const tone = TONE[sense];
  const value = (v: number | null) => formatMetric(kpi.metric, v, currency, { unit: kpi.unit });
  const known = kpi.points.filter((p) => typeof p.value === "number");
  return (
    <li className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <p className="mt-0.5 text-xl font-semibold break-words text-slate-900 tabular-nums" data-testid="kpi-value">
        {value(kpi.current)}
      </p>
      <p className={`text-sm font-medium tabular-nums ${tone}`}>
        {direction ? <span aria-hidden="true">{ARROW[direction]} </span> : null}
        {formatPct(kpi.changePct)}{" "}
        <span className="font-normal text-slate-600">
          ({formatChange(kpi.metric, kpi.change, currency, kpi.unit)} vs {value(kpi.baseline)})
        </span>
      </p>
      {note ? (
        <p className="text-xs text-slate-600" data-testid="kpi-noise">
          {note}
        </p>
      ) : null}

      {known.length > 1 ? (
        <Sparkline
          points={kpi.points}
          look={look}
          height={36}
          className="mt-1 w-full"
          label={`${label} per ${GRAIN_WORDS[kpi.grain ?? "day"].noun}, ${formatDay(kpi.points[0].date)} to ${formatDay(kpi.points[kpi.points.length - 1].date)}: from ${value(known[0].value)} to ${value(known[known.length - 1].value)}, lowest ${value(Math.min(...known.map((p) => p.value as number)))}, highest ${value(Math.max(...known.map((p) => p.value as number)))}`}
        />
      ) : null}
    </li>
  );
}

/** Days without data the totals estimate (a tracking gap): said, so the figures are not read as counts. */
function estimatedNote(days: string[]): string {
  const each = days.length === 1 ? "it" : "each";
  return `${estimatedDaysClause(days, (d) => formatDay(d))}: these figures count ${each} at the average of the same weekday in its period.`;
}
