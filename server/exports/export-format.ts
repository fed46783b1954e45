// Choices both builders share: the Office font and colours from the theme, and which finding
// carries an insight's headline numbers.
import { COMPARE_TO_LABELS, formatPeriod, metricUnit } from "@/lib/insights/format-values";
import type { MetricUnit } from "@/lib/insights/metrics";
import { leadFinding } from "@/lib/insights/narrate/analyst";
import { withItsRun } from "@/lib/insights/days-in-a-row";
import type { ExportFinding, ExportInsight, ExportModel } from "./export-model";

// Fonts installed with Office on Windows and macOS (and mapped by LibreOffice and Google Slides).
const OFFICE_FONTS = ["Arial", "Verdana", "Tahoma", "Trebuchet MS", "Georgia", "Times New Roman", "Courier New"];

/**
 * The Office font for a CSS font stack: the first family of the stack every viewer has, else the
 * stack's first family. "Inter, Arial, sans-serif" gives Arial: a deck in a font the client's
 * computer lacks is re-flowed in whatever PowerPoint substitutes.
 */
export function officeFont(stack: string): string {
  const families = stack
    .split(",")
    .map((f) => f.trim().replace(/^['"]|['"]$/g, ""))
    .filter(Boolean);
  return families.find((f) => OFFICE_FONTS.includes(f)) ?? families[0] ?? "Arial";
}

/** "#2563eb" → "2563EB": OOXML colours are six hex digits without "#". */
export function hexColor(value: string | null | undefined, fallback = "2563EB"): string {
  const hex = (value ?? "").trim().replace(/^#/, "");
  if (/^[0-9a-f]{6}$/i.test(hex)) return hex.toUpperCase();
  if (/^[0-9a-f]{3}$/i.test(hex))
    return hex
      .split("")
      .map((c) => c + c)
      .join("")
      .toUpperCase();
  return fallback;
}

export const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * The finding an insight's headline numbers come from: the one with the largest absolute change
 * (relative when both have one), else the first. Audit findings have no change: the first.
 */
/** The finding an insight's headline numbers come from: the one its card leads with (leadFinding). */
export function headlineFinding(insight: ExportInsight): (ExportFinding & { daysInARow?: number }) | null {
  const lead = leadFinding(insight.findings);
  return lead ? withItsRun(lead, insight.findings) : null;
}

/**
 * The days a finding covers, for the workbook's period columns: an unusual day is its day; a level shift or a trend's
 * change runs from its date to the end of the period (its `date` alone read "Nov 1 – Nov 1", a one-day event).
 */
export function findingDays(
  f: Pick<ExportFinding, "kind" | "date" | "periodStart" | "periodEnd"> & { daysInARow?: number },
): {
  start: string | undefined;
  end: string | undefined;
} {
  const lasting = f.kind === "level_shift" || f.kind === "trend" || (f.daysInARow ?? 0) > 1;
  return { start: f.date ?? f.periodStart, end: lasting ? (f.periodEnd ?? f.date) : (f.date ?? f.periodEnd) };
}

export function unitOf(finding: Pick<ExportFinding, "metric" | "kind">, chartUnit?: string): MetricUnit {
  // A funnel step's values are rates (the share that moved on), whatever the step's metric counts.
  if (finding.kind === "funnel") return "percent";
  return (chartUnit as MetricUnit | undefined) ?? metricUnit(finding.metric);
}

/** The currency's own symbol ("€", "$", "CA$"), for number formats. */
export function currencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat("en", { style: "currency", currency }).formatToParts(1);
    return parts.find((p) => p.type === "currency")?.value ?? currency;
  } catch {
    return currency;
  }
}

/** The report's own order (the engine ranks through its groups as the page lists them). */
export function byRank(insights: ExportInsight[]): ExportInsight[] {
  return [...insights].sort((a, b) => a.rank - b.rank);
}

/** Whether any number the files show is an amount of money (then, and only then, they say in which currency). */
export function holdsMoney(model: Pick<ExportModel, "insights" | "figures">): boolean {
  if ((model.figures ?? []).some((f) => f.unit === "currency")) return true;
  return model.insights.some(
    (i) =>
      (i.chart && "unit" in i.chart && i.chart.unit === "currency") ||
      (i.kpiMetric !== null && metricUnit(i.kpiMetric) === "currency" && i.kpiEffect !== null) ||
      i.findings.some((f) => f.kind !== "audit" && f.kind !== "funnel" && metricUnit(f.metric) === "currency"),
  );
}

/** The line under a sheet's title: the period, what it is compared with, and the currency when money is shown. */
export function periodLine(model: Pick<ExportModel, "insights" | "figures" | "period" | "project">): string {
  const compared = model.period.compareTo ? ` · compared with: ${COMPARE_TO_LABELS[model.period.compareTo]}` : "";
  const money = holdsMoney(model) ? ` · amounts in ${model.project.currency}` : "";
  return `${formatPeriod(model.period.start, model.period.end)}${compared}${money}`;
}

/**
 * The most impactful insights first (ties: rank), for the summary slide and sheet; the data quality audit after
 * them, as on the report page: an audit's `impact` is its severity (0.5 for a medium issue), not a share of the KPI,
 * and led the "Most impactful findings" slide with "50 %".
 */
export function byImpact(insights: ExportInsight[]): ExportInsight[] {
  const audit = (i: ExportInsight) => (i.group === "data_quality" ? 1 : 0);
  return [...insights].sort((a, b) => audit(a) - audit(b) || b.impact - a.impact || a.rank - b.rank);
}

/**
 * The "Effect on KPI" an insight shows: its estimated change of the primary KPI in the KPI's unit, where the engine
 * quotes one. Not the ranking weight `impact`: a cost's fall ranks by a quarter of its relative change and read
 * "Impact on KPI 7.7 %" beside ad spend, as if spending less had moved the deals won. None for the audit.
 */
export const kpiEffectOf = (insight: ExportInsight): { effect: number; metric: string } | null =>
  insight.group === "data_quality" || insight.kpiEffect === null || !insight.kpiMetric || !finite(insight.kpiEffect)
    ? null
    : { effect: insight.kpiEffect, metric: insight.kpiMetric };

/**
 * The insight told as its card tells it: the narration stored with the report (lib/insights/narrate), its headline
 * (the deck's slide title and the workbook's chart heading), why, and the next step. Null for an insight without
 * findings, or stored before its narration was kept, which keeps its one sentence (`summary`).
 */
export function storyOf(insight: ExportInsight): { headline: string; why: string | null; next: string } | null {
  const story = insight.narration;
  return story ? { headline: story.headline, why: story.why, next: story.next ?? "" } : null;
}
