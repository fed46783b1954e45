// How the insight screens show numbers: every metric with its unit (currency in the project's
// currency, rates as percentages, ranks with one decimal), changes signed, relative changes as %.
import { dimensionLabel } from "../catalogue/dimensions";
import {
  findMetric,
  metricLabel as catalogueLabel,
  metricUnit as catalogueUnit,
  type MetricUnit,
} from "../catalogue/metrics";
import { formatIsoDate, isIsoDate } from "../dates";
import { FUNNEL_STAGES, NO_SIGNIFICANT_RESULTS } from "./intentions";

export { dimensionLabel, NO_SIGNIFICANT_RESULTS };

/** Figures of the competitive analysis, which are not stored metrics (server/insights/competition). */
const COMPARISON_FIGURES: Record<string, { label: string; unit: MetricUnit }> = {
  visibility: { label: "Search visibility", unit: "percent" },
  trafficShare: { label: "Traffic share", unit: "percent" },
  sharedKeywords: { label: "Shared keywords", unit: "count" },
  missingKeywords: { label: "Missing keywords", unit: "count" },
  top3Keywords: { label: "Top-3 keywords won", unit: "count" },
};
export const metricLabel = (key: string): string => COMPARISON_FIGURES[key]?.label ?? catalogueLabel(key);
export const metricUnit = (key: string): MetricUnit => COMPARISON_FIGURES[key]?.unit ?? catalogueUnit(key);

export const INSIGHT_GROUPS = [
  { key: "most_impactful", label: "Most Impactful Insights", dismissPopUp: false },
  { key: "data_quality", label: "Data Quality Audit", dismissPopUp: false },
  { key: "other", label: "Other Insights", dismissPopUp: true },
] as const;

export const stageLabel = (stage: string) =>
  stage === "audit" ? "Data Quality Audit" : (FUNNEL_STAGES.find((s) => s.key === stage)?.label ?? stage);

const finite = (value: number | null | undefined): value is number =>
  typeof value === "number" && Number.isFinite(value);

function currencyFormat(currency: string, compact: boolean, value = 0): Intl.NumberFormat {
  try {
    // The currency's own minor units when not compact: ¥106,862, never ¥106,861.58 (yen has none).
    return new Intl.NumberFormat("en", {
      style: "currency",
      currency,
      ...(compact ? { notation: "compact", maximumFractionDigits: 1 } : smallAmountDigits(value, currency)),
    });
  } catch {
    return new Intl.NumberFormat("en", { maximumFractionDigits: 2 });
  }
}

/**
 * An amount under 10 of a currency without minor units keeps up to two decimals: a cost per click that rose by
 * ¥0.42 reads "+¥0.42", not "+¥0". Other amounts take the currency's own digits (none for the format to add).
 */
export function smallAmountDigits(value: number, currency: string): { maximumFractionDigits?: number } {
  if (!(Math.abs(value) < 10) || value === 0) return {};
  let own = minorUnits.get(currency);
  if (own === undefined) {
    try {
      own = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      own = 2;
    }
    minorUnits.set(currency, own);
  }
  return own === 0 ? { maximumFractionDigits: 2 } : {};
}
const minorUnits = new Map<string, number>();

/** Ratios read as a multiple of their base ("2.18× return on ad spend"); other ratios (pages per session) are plain. */
const MULTIPLES = new Set(["roas"]);

/** A metric's value in its unit. Rates arrive as fractions (0.034 → 3.4 %). */
export function formatMetric(
  metric: string,
  value: number | null | undefined,
  currency = "USD",
  { compact = false, unit }: { compact?: boolean; unit?: string } = {},
): string {
  if (!finite(value)) return "–";
  switch ((unit as MetricUnit | undefined) ?? metricUnit(metric)) {
    case "currency":
      return currencyFormat(currency, compact, value).format(value);
    case "percent":
      return `${(value * 100).toLocaleString("en", { maximumFractionDigits: 2 })} %`;
    case "rank":
      return value.toLocaleString("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    case "ratio": {
      const shown = value.toLocaleString("en", { maximumFractionDigits: 2 });
      // A return is a multiple of what was spent: "2.18×", not a bare "2.18" a client cannot read.
      return MULTIPLES.has(metric) ? `${shown}×` : shown;
    }
    default:
      return value.toLocaleString("en", {
        notation: compact ? "compact" : "standard",
        maximumFractionDigits: compact ? 1 : Math.abs(value) < 10 ? 2 : 0,
      });
  }
}

/** A signed difference in the metric's unit: "+1,204", "−€312.50", "+0.4 pp" for rates. */
export function formatChange(
  metric: string,
  change: number | null | undefined,
  currency = "USD",
  unit?: string,
): string {
  if (!finite(change)) return "–";
  const sign = change > 0 ? "+" : change < 0 ? "−" : "";
  const u = (unit as MetricUnit | undefined) ?? metricUnit(metric);
  if (u === "percent") {
    const shown = (Math.abs(change) * 100).toLocaleString("en", { maximumFractionDigits: 2 });
    return `${shown === "0" ? "" : sign}${shown} pp`;
  }
  let shown = formatMetric(metric, Math.abs(change), currency, { unit: u });
  // A ratio's change under a hundredth to a thousandth: pages per session 1.80 → 1.796 is "−0.004" beside its
  // −0.2 %, not "0".
  if (u === "ratio" && !/[1-9]/.test(shown))
    shown = Math.abs(change).toLocaleString("en", { maximumFractionDigits: 3 });
  // A change that rounds to nothing has no sign ("−0" reads as a typo).
  return `${/[1-9]/.test(shown) ? sign : ""}${shown}`;
}

/** What a count of one is called: "+1 lead", "−1 engaged session"; other amounts keep the plural label (lower case). */
export function countedLabel(metric: string, amount: string): string {
  const label = catalogueLabel(metric).toLowerCase();
  if (!/^[+\-−]?1$/.test(amount) || catalogueUnit(metric) !== "count") return label;
  // The counted noun comes first in "deals won", "orders from new customers", last in "engaged sessions".
  const first = /^(\S+)s( (?:won|created|sold|from .+))$/.exec(label);
  return first ? `${first[1]}${first[2]}` : label.replace(/s$/, "");
}

/**
 * An insight's estimated effect on the primary KPI in the KPI's unit, as the exports show it beside the insight:
 * "−1.4 deals won", "−€9,037.04 revenue". A few deals or leads are told to the tenth, as the insight's text tells
 * them; "–" when there is none or it rounds to nothing.
 */
export function formatKpiEffect(
  effect: number | null | undefined,
  kpiMetric: string | null | undefined,
  currency = "USD",
): string {
  if (!finite(effect) || !kpiMetric) return "–";
  const count = metricUnit(kpiMetric) === "count";
  const shown =
    count && Math.abs(effect) < 10
      ? `${effect < 0 ? "−" : "+"}${Math.abs(effect).toLocaleString("en", { maximumFractionDigits: 1 })}`
      : formatChange(kpiMetric, effect, currency);
  if (!/[1-9]/.test(shown)) return "–";
  return `${shown} ${countedLabel(kpiMetric, shown)}`;
}

/**
 * After the effect of a rate whose move came mostly from traffic moving between segments (server/insights/engine/
 * analyses/drivers.ts counts only the segments' own rates): where the rest went. Empty for any other finding.
 */
export function ownRatesClause(finding: object): string {
  const dimension = (finding as { effectByOwnRates?: unknown }).effectByOwnRates;
  if (typeof dimension !== "string" || !dimension) return "";
  const one = dimensionLabel(dimension).toLowerCase();
  const many = one.endsWith("y") ? `${one.slice(0, -1)}ies` : `${one}s`;
  return `, at each ${one}'s own rate (the rest of the change is traffic moving between ${many})`;
}

/** Trends carry growth rates in this unit (server/insights/engine/rate-values.ts), not the metric's unit. */
const RATE_UNITS: Record<string, string> = { percent_per_week: "per week", percent_per_month: "per month" };

interface ValueOf {
  metric: string;
  valueUnit?: string | null;
  /** A funnel step's values are the share that moved on to `metric` (a rate), not a count of it. */
  kind?: string;
  /** Days in a row taken together (days-in-a-row.ts `withItsRun`): their values are a day's means. */
  daysInARow?: number;
}

/**
 * A level shift's values are daily levels: of a count or an amount they read "a day" ("€2,350.83 a day", not a
 * period's revenue of €2,350.83); a rate or a position is the same on any day and takes no "a day". The screens
 * and the deck (below) and the workbook's number formats (server/exports/xlsx/number-formats.ts) ask this.
 */
export const readsPerDay = (kind: string | undefined, unit: MetricUnit, metric?: string): boolean =>
  kind === "level_shift" && isDailyAmount(unit, metric);

/** Whether a metric's value is a day's count or amount (a rate, a position or an average order value is not). */
export const isDailyAmount = (unit: MetricUnit, metric?: string): boolean =>
  (unit === "count" || unit === "currency") &&
  // An average order value is in money but the same on any day.
  (metric === undefined || findMetric(metric)?.kind !== "ratio");

/** Whether a finding's values read "a day": a level shift's daily levels, or the means of days in a row. */
export const valuesPerDay = (
  f: Omit<ValueOf, "metric"> & { metric?: string },
  unit = metricUnit(f.metric ?? ""),
): boolean => readsPerDay(f.kind, unit, f.metric) || ((f.daysInARow ?? 0) > 1 && isDailyAmount(unit, f.metric));

const perDay = (f: ValueOf, text: string) => (text !== "–" && valuesPerDay(f) ? `${text} a day` : text);

/**
 * A finding's value in its own unit: a trend's "−6.5 % per week", a funnel step's rate "6.46 %", a level shift's
 * "€2,350.83 a day", any other finding's in its metric's unit.
 */
export function formatFindingValue(f: ValueOf, value: number | null | undefined, currency = "USD"): string {
  if (f.kind === "funnel") return formatMetric(f.metric, value, currency, { unit: "percent" });
  const per = f.valueUnit ? RATE_UNITS[f.valueUnit] : undefined;
  if (!per) return perDay(f, formatMetric(f.metric, value, currency));
  return finite(value) ? `${formatPct(value)} ${per}` : "–";
}

/**
 * A finding's expected range as its two ends, the unit said once: "8.85 – 9.61 a day", "2.0 % – 4.5 % per week"
 * (not "8.85 a day – 9.61 a day"). Null when either end is unknown.
 */
export function formatFindingRange(
  f: ValueOf,
  low: number | null | undefined,
  high: number | null | undefined,
  currency = "USD",
): [string, string] | null {
  if (!finite(low) || !finite(high)) return null;
  const from = formatFindingValue(f, low, currency);
  const to = formatFindingValue(f, high, currency);
  const said = [" a day", ...Object.values(RATE_UNITS).map((u) => ` ${u}`)].find(
    (u) => from.endsWith(u) && to.endsWith(u),
  );
  return [said ? from.slice(0, -said.length) : from, to];
}

/** A finding's change in its own unit: a trend's in points of growth ("−8.5 pp per week"), a funnel step in points. */
export function formatFindingChange(f: ValueOf, change: number | null | undefined, currency = "USD"): string {
  if (f.kind === "funnel") return formatChange(f.metric, change, currency, "percent");
  const per = f.valueUnit ? RATE_UNITS[f.valueUnit] : undefined;
  if (!per) return perDay(f, formatChange(f.metric, change, currency));
  return finite(change) ? `${formatChange(f.metric, change, currency, "percent")} ${per}` : "–";
}

/**
 * A finding's relative change: none for a trend, whose values are already rates (its "−6.5 % per week" beside a
 * "Change % −6.5 %" would say the same number twice, as if it were another).
 */
export function formatFindingPct(f: ValueOf & { changePct: number | null }): string {
  return f.valueUnit && RATE_UNITS[f.valueUnit] ? "–" : formatPct(f.changePct);
}

/** A relative change (a fraction) as a signed percentage: 0.123 → "+12.3 %". */
export function formatPct(fraction: number | null | undefined): string {
  if (!finite(fraction)) return "–";
  const shown = Math.abs(fraction * 100).toLocaleString("en", { maximumFractionDigits: 1 });
  // A change that rounds to nothing is shown as "0 %", not "−0 %".
  if (shown === "0") return "0 %";
  return `${fraction > 0 ? "+" : "−"}${shown} %`;
}

/** Whether a relative change is too small to show (it rounds to 0 % at one decimal). */
export const isNegligiblePct = (fraction: number | null | undefined) =>
  !finite(fraction) || Math.abs(fraction) < 0.0005;

export const formatConfidence = (confidence: number | null | undefined) =>
  finite(confidence) ? `${Math.round(confidence * 100)} %` : "–";

/**
 * The confidence a finding was judged at, or null for a comparison that states figures without a test (a competitor's
 * keywords, visibility and traffic share): "95 %" beside those claimed a test that was not run.
 */
export const findingConfidence = (f: { kind?: string; confidence?: number | null }): number | null =>
  f.kind === "competitor" ? null : (f.confidence ?? null);

/** A calendar day (YYYY-MM-DD) for people, read as a date, not a moment (no time-zone shift). */
export function formatDay(value: string | null | undefined, short = false): string {
  if (!value) return "";
  const date = value.slice(0, 10);
  if (!isIsoDate(date)) return value;
  return formatIsoDate(
    date,
    short ? { day: "numeric", month: "short" } : { day: "numeric", month: "short", year: "numeric" },
  );
}

export function formatPeriod(start: string | null | undefined, end: string | null | undefined): string {
  if (!start || !end) return formatDay(start ?? end);
  if (start.slice(0, 10) === end.slice(0, 10)) return formatDay(start);
  return `${formatDay(start)} – ${formatDay(end)}`;
}

export const COMPARE_TO_LABELS = { previous_period: "Previous period", previous_year: "Previous year" } as const;

const FINDING_KIND_LABELS: Record<string, string> = {
  anomaly: "Anomaly",
  change: "Change",
  driver: "Driver",
  trend: "Trend change",
  level_shift: "Level shift",
  funnel: "Funnel step",
  audit: "Audit",
  split_test: "Split test",
  competitor: "Competitor",
};

/** A finding's kind as screens, exports and emails name it. */
export const kindLabel = (kind: string): string => FINDING_KIND_LABELS[kind] ?? kind;

/** A metric's name with its unit, for a chart's value axis: "Revenue (USD)", "Conversion rate (%)", "Sessions". */
export function axisTitle(metric: string, currency = "USD", unit?: string): string {
  switch ((unit as MetricUnit | undefined) ?? metricUnit(metric)) {
    case "currency":
      return `${metricLabel(metric)} (${currency})`;
    case "percent":
      return `${metricLabel(metric)} (%)`;
    default:
      return metricLabel(metric);
  }
}
