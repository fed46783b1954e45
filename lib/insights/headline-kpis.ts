import type { SiteType } from "../constants/site-types";
import { findMetric, type MetricKey } from "../catalogue/metrics";
import { formatPct, isNegligiblePct } from "./format-values";
import { beyondSeason, changeIsNews, type FindingSeason } from "./season";
import { isSpend, movedWithResults } from "./narrate/sense";
import type { Results } from "./finding";

/**
 * The figures a reader of each kind of site checks first, in order: the report's header shows the first three to
 * five the project's data holds (return on ad spend before sessions when the data has ad cost). Users are left out:
 * a person is counted once per row, so they cannot be summed over a period.
 */
export const HEADLINE_KPIS: Record<SiteType, MetricKey[]> = {
  // The store's own orders fill the header of a store connected without analytics.
  ecommerce: [
    "revenue",
    "transactions",
    "ecommerceConversionRate",
    "averageOrderValue",
    "roas",
    "sessions",
    "orderRevenue",
    "storeOrders",
    "averageOrderRevenue",
    "newCustomerOrders",
  ],
  // Deals won and their value first when the CRM is connected: the KPI such a report ranks by (engine/kpi.ts).
  lead_generation: [
    "dealsWon",
    "wonValue",
    "leads",
    "leadRate",
    "cpl",
    "conversions",
    "conversionRate",
    "sessions",
    "cpa",
  ],
  content: ["engagedSessions", "pageviews", "engagementRate", "pagesPerSession", "sessions"],
  brand: ["impressions", "sessions", "ctr", "engagedSessions", "engagementRate", "clicks", "position"],
};

/**
 * Figures after the site type's own, for data that holds few of those: a shop's Google Ads export has revenue and
 * return on ad spend but no orders or sessions, and its header showed two figures without the spend behind them. An
 * ad account's daily export (clicks, impressions, cost) shows its cost per click; Search Console's its average
 * position, whatever the site type.
 */
export const FALLBACK_HEADLINE_KPIS: MetricKey[] = [
  "conversions",
  "cost",
  "cpa",
  "clicks",
  "impressions",
  "ctr",
  "cpc",
  "position",
];

/** The candidates of a site type's header, in order: its own figures, then the fallbacks. */
export function headlineCandidates(siteType: SiteType): MetricKey[] {
  return [...new Set([...(HEADLINE_KPIS[siteType] ?? HEADLINE_KPIS.ecommerce), ...FALLBACK_HEADLINE_KPIS])];
}

export const MAX_HEADLINE_KPIS = 5;

/**
 * How a key figure's change reads, wherever it is shown (the report page, a shared report, the deck and workbook):
 * a change that rounds to 0 % is flat (no arrow, no colour); one within the days' ordinary variation keeps its arrow
 * but no colour, and says so (a red −11 % the report's tests do not back would read as bad news); one the season
 * predicts, or one short of the season's move, has no colour either and says what the season did; otherwise green for
 * good news and red for bad, where a fall in a cost is good.
 */
export function figureReading(figure: {
  metric: string;
  current?: number | null;
  change: number | null;
  changePct: number | null;
  significant: boolean | null;
  season?: FindingSeason | null;
  /** A cost per result's results over the two periods (report-kpis.ts). */
  results?: Pick<Results, "changePct"> | null;
}): { tone: "good" | "bad" | "neutral"; direction: "up" | "down" | null; note: string | null } {
  const negligible = isNegligiblePct(figure.changePct);
  const withinNoise = figure.significant === false && !negligible;
  const direction = negligible || !figure.change ? null : figure.change > 0 ? "up" : "down";
  const news = changeIsNews(figure);
  const tone =
    negligible || figure.significant === false || !news
      ? "neutral"
      : changeSense(figure.metric, figure.change, figure.results);
  const note = withinNoise ? WITHIN_NOISE : negligible ? null : seasonNote(figure);
  return { tone, direction, note };
}

/** What the season did to a figure that was checked against it: "Expected for the season (+8.3 % a year ago)". */
export function seasonNote(figure: { current?: number | null; season?: FindingSeason | null }): string | null {
  const season = figure.season;
  if (!season || typeof season.lastYearChangePct !== "number") return null;
  const lastYear = `${formatPct(season.lastYearChangePct)} a year ago`;
  if (season.expected) return `Expected for the season (${lastYear})`;
  const beyond = beyondSeason(figure);
  if (beyond === null) return null;
  return `${beyond < 0 ? "Short of" : "Beyond"} the season (${lastYear})`;
}

/**
 * Good news or bad by the metric's sense: a rise in revenue is good, a rise in a cost or a position bad; neither for
 * a cost per result that moved with its `results` (cheaper clicks, but fewer: narrate/sense.ts movedWithResults).
 */
export function changeSense(
  metric: string,
  change: number | null | undefined,
  results?: Pick<Results, "changePct"> | null,
): "good" | "bad" | "neutral" {
  // Ad spend's move is neither (narrate/sense.ts): more or less budget, not better or worse.
  if (!change || isSpend(metric)) return "neutral";
  if (movedWithResults(metric, change > 0 ? "up" : "down", results)) return "neutral";
  return change > 0 === (findMetric(metric)?.higherIsBetter ?? true) ? "good" : "bad";
}

export const WITHIN_NOISE = "Within normal day-to-day variation";

/** The arrow before a figure's change, so colour is not the only cue: "▲ ", "▼ ", or nothing when flat. */
export const changeArrow = (direction: "up" | "down" | null): string =>
  direction === "up" ? "▲ " : direction === "down" ? "▼ " : "";
