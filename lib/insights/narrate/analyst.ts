// What an analyst would write about an insight, built from its evidence (the findings and the chart), never from
// the engine's sentences: a headline with the number, the segment and the date; one sentence of why (the driver and
// its share of the change); one next step for the kind of finding. Display names only (catalogue labels), and the
// report's period is left out of a headline that covers exactly that period (the report says it once).
import { daysAround, daysRun } from "../days-in-a-row";
import { weekdaysOf } from "../weekdays";
import { dimensionLabel, dimensionPlural } from "../../catalogue/dimensions";
import { AD_METRICS, isCampaignName } from "../ad-metrics";
import { findMetric, metricLabel, metricUnit, wasOrWere } from "../../catalogue/metrics";
import {
  formatChange,
  formatDay,
  formatFindingValue,
  formatKpiEffect,
  formatMetric,
  formatPct,
  isDailyAmount,
  readsPerDay,
} from "../format-values";
import { beyondSeason, isSeasonallyExpected, seasonOf, type FindingSeason } from "../season";
import type { DataKind, FactorSplit, Results } from "../finding";
import { factorsSentence } from "./factors";
import { seamLine } from "../../catalogue/analytics-generations";
import { dataKindNextStep } from "./data-kind-steps";
import { isSpend, movedWithResults } from "./sense";

export interface NarrativeFinding {
  kind: string;
  metric: string;
  dimension: string | null;
  dimensionValue: string | null;
  periodStart: string;
  periodEnd: string;
  current: number | null;
  baseline: number | null;
  change: number | null;
  changePct: number | null;
  expectedLow: number | null;
  expectedHigh: number | null;
  direction: "up" | "down" | null;
  check?: string;
  issue?: string;
  /** A weekly or monthly source's value is a week's or a month's (absent: a day's). */
  grain?: "day" | "week" | "month";
  count?: number;
  fromMetric?: string;
  shareOfChange?: number;
  /** A segment-watch finding's effect on the primary KPI: the engine already ranks these findings by it. */
  kpiEffect?: number;
  /** Trends: values are growth rates in this unit (server/insights/engine/rate-values.ts). */
  valueUnit?: string;
  /** A total read from one of the project's sources (an ads export's revenue): named, not read as the site's. */
  scope?: string;
  /** A level shift only these weekdays took (0 = Sunday … 6 = Saturday), with their own levels either side of it. */
  weekdays?: number[];
  weekdayBaseline?: number;
  weekdayCurrent?: number;
  /** A level that came back (a stretch): its last day at the new level, and the level after it. */
  until?: string;
  backTo?: number;
  /** A stretch that began before the report's period and ran into it. */
  beforePeriod?: boolean;
  /** Ratio drivers: the contribution's part from the segment's share of the denominator, and from its own rate. */
  mixEffect?: number;
  performanceEffect?: number;
  /** Ratio drivers: the segment's share of the denominator (sessions, clicks…) in each period. */
  shareBefore?: number;
  shareAfter?: number;
  /** The sentence the engine wrote: competitor comparisons and split tests are told in their own words. */
  narrative?: string;
  /** A competitor's visibility move inside its day-to-day variation (server/insights/competition). */
  withinVariation?: boolean;
  /** What the season predicted (the same days a year earlier), when the data has them. */
  season?: FindingSeason;
  /** The KPI `kpiEffect` is in, and the effect the change would have had at the site's rate (a breakdown's total). */
  kpiMetric?: string | null;
  kpiAtSiteRate?: number;
  /** A segment's outcome (or clicks) split into its traffic (or impressions) and its rate (analyses/mix-rate.ts). */
  mixRate?: { volumeMetric: string; volumeEffect: number; rateEffect: number; valueEffect?: number };
  /** A day of extra traffic whose KPI was as usual (engine/analyses/segment-watch.ts). */
  idleTraffic?: { metric: string; actual: number; usual: number };
  /** Segments of its dimension that shifted the same way within a day of it (engine/analyses/sibling-shifts.ts). */
  siblingShifts?: { count: number; watched: number };
  /**
   * Where a segment's lost level went: another segment of its dimension that gained about as much within a day (0
   * before: a new name), server/insights/engine/analyses/moved-segments.ts.
   */
  movedTo?: {
    dimension: string;
    dimensionValue: string;
    before: number;
    after: number;
    date: string;
    same?: boolean;
    /** Another metric of a segment whose traffic (this metric) moved: before and after are that traffic's levels. */
    with?: string;
  };
  /** Where a segment's gained level came from: the segment whose traffic (`with`) moved to it. */
  movedFrom?: { dimension: string; dimensionValue: string; date: string; with: string };
  /** A step of sessions that the KPI did not follow: the KPI (engine/tracking-change.ts). */
  outcomeMetric?: string;
  /** A total's change split by its identity: clicks = impressions × CTR, cost = clicks × CPC (attribute/factors.ts). */
  factors?: FactorSplit;
  /** A cost per result's results over the same two spans (clicks for a cost per click). */
  results?: Results;
  /** The data it was read from, where that decides the next step: Search Console, an ad account. */
  dataKind?: DataKind;
}

export interface NarrativeInput {
  findings: NarrativeFinding[];
  chart?: { type: string; totalChange?: number } | null;
}

export interface AnalystNarrative {
  headline: string;
  why: string | null;
  next: string;
}

export interface NarrativeOptions {
  currency: string;
  /** The report's period: a finding spanning exactly it is not dated again. */
  period?: { start: string; end: string };
}

const finite = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);
const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A segment as a sentence names it: "Paid Search", "mobile devices", "the Generic - Boots campaign", "the landing page
 * /boots" (never the key `landingPage` nor a lower-case `campaign "…"`).
 */
export function segmentName(dimension: string | null, value: string | null): string {
  if (!dimension) return "";
  const v = value === null || value === "" ? "(not set)" : value;
  switch (dimension) {
    case "channel":
    case "source":
    case "medium":
    case "country":
      return v;
    case "device":
      return `${v} devices`;
    case "campaign":
      return isCampaignName(v) ? `the ${v} campaign` : withoutCampaign(v);
    case "query":
    case "keyword":
      return `the search “${v}”`;
    default:
      return `the ${lower(dimensionLabel(dimension))} ${v}`;
  }
}

/**
 * The rows of the campaign dimension that no campaign brought (GA's "(direct)", "(organic)", "(not set)"): "direct
 * traffic (no campaign)", never "the (direct) campaign".
 */
export function withoutCampaign(value: string): string {
  const kind = /^\((direct|organic|referral)\)$/i.exec(value.trim())?.[1];
  return kind ? `${kind.toLowerCase()} traffic (no campaign)` : "traffic without a campaign";
}

function when(f: NarrativeFinding, options: NarrativeOptions): string {
  if (options.period && f.periodStart === options.period.start && f.periodEnd === options.period.end) return "";
  if (f.periodStart === f.periodEnd) return ` on ${formatDay(f.periodStart)}`;
  return ` from ${formatDay(f.periodStart)} to ${formatDay(f.periodEnd)}`;
}

/** What choosing the lead reads of a finding (the card, the detail and shared pages and the exports choose with it). */
type LeadCandidate = Pick<NarrativeFinding, "kind" | "dimension" | "changePct"> & {
  kpiEffect?: number;
  beforePeriod?: boolean;
};

/**
 * The finding the headline is about: the total change; else, for segment-watch insights (ranked by their effect on
 * the KPI, the one their chart and key numbers show), the first; else the largest non-audit finding; else the first.
 * Findings the season predicts lead only when nothing else is there.
 */
export function leadFinding<F extends LeadCandidate>(findings: readonly F[]): F | null {
  // A comparison with competitors, or a split test, comes in the order it is told: its headline first.
  if (findings[0] && OWN_WORDS.has(findings[0].kind)) return findings[0];
  const total = findings.find((f) => f.kind === "change" && !f.dimension);
  if (total) return total;
  const all = findings.filter((f) => f.kind !== "audit" && f.kind !== "driver");
  // What the season predicts is not the news, when there is news beside it.
  const news = all.filter((f) => !isSeasonallyExpected(f));
  // A shift that began before the period is its context: the news is what the period itself did, when it did any
  // (on Search Console, "impressions shifted down from Jun 11, just before this period" led a month they rose).
  const within = news.filter((f) => !f.beforePeriod);
  const others = within.length ? within : news.length ? news : all;
  if (others.length && others.every((f) => typeof f.kpiEffect === "number")) return others[0];
  const byImpact = (f: LeadCandidate) => Math.abs(f.changePct ?? 0);
  const best = [...others].sort((a, b) => byImpact(b) - byImpact(a))[0];
  return best ?? findings.find((f) => f.kind === "driver") ?? findings[0] ?? null;
}

/** Findings written in their own words where their figures are computed (analyse-competition.ts, split tests). */
const OWN_WORDS: ReadonlySet<string> = new Set(["competitor", "split_test"]);

const isUp = (f: NarrativeFinding) => f.direction === "up" || (f.change ?? 0) > 0;
/** A search position that grows in number falls down the results: it "worsened" (see server/insights/narrative.ts). */
const verbOf = (f: NarrativeFinding) =>
  f.metric === "position" ? (isUp(f) ? "worsened" : "improved") : isUp(f) ? "rose" : "fell";

function headline(f: NarrativeFinding, options: NarrativeOptions): string {
  if (OWN_WORDS.has(f.kind) && f.narrative) return f.narrative;
  return findingHeadline(f, options) + seasonSentence(f, options.currency);
}

/**
 * What the season predicted, after a headline whose finding was checked against it: a move the same days made a
 * year earlier is expected; a period's change beyond or short of the season's says by how much.
 */
function seasonSentence(f: NarrativeFinding, currency: string): string {
  const season = seasonOf(f);
  if (!season || !finite(season.lastYearChangePct)) return "";
  const days = f.kind === "change" ? "weeks" : "days";
  const lastYear = `the same ${days} last year moved ${formatPct(season.lastYearChangePct)}`;
  if (season.expected) {
    if (f.kind === "trend") return " Expected for the season: the same days last year showed the same trend.";
    if (season.sameCourse) return " Expected for the season: the same weeks last year followed the same course.";
    return ` Expected for the season: ${lastYear}.`;
  }
  const beyond = beyondSeason(f);
  if (beyond === null || !finite(season.expectedCurrent)) return "";
  const predicted = formatMetric(f.metric, season.expectedCurrent, currency);
  const gap = formatMetric(f.metric, Math.abs(beyond), currency);
  return ` The season alone predicted ${predicted} (${lastYear}): ${gap} ${beyond < 0 ? "short of" : "beyond"} it.`;
}

function findingHeadline(f: NarrativeFinding, options: NarrativeOptions): string {
  const { currency } = options;
  const value = (v: number | null) => formatMetric(f.metric, v, currency);
  const metric = metricLabel(f.metric);
  const segment = segmentName(f.dimension, f.dimensionValue);
  const subject = subjectOf(f);
  const pct = finite(f.changePct) ? ` ${formatPct(Math.abs(f.changePct)).replace(/^[+−]/, "")}` : "";
  switch (f.kind) {
    case "change":
      // A position moves by places, and a larger number is lower in the results: never "worsened 11.3 %".
      if (metricUnit(f.metric) === "rank" && finite(f.change))
        return `${subject} ${verbOf(f)} from ${value(f.baseline)} to ${value(f.current)}${when(f, options)} (${formatMetric(f.metric, Math.abs(f.change), currency)} places ${f.change > 0 ? "lower" : "higher"} in the results).`;
      return `${subject} ${verbOf(f)}${pct} to ${value(f.current)}${when(f, options)} (${formatChange(f.metric, f.change, currency)} against ${value(f.baseline)}).`;
    case "anomaly": {
      const side = f.direction === "up" ? "above" : "below";
      return `${subject} ${wasOrWere(f.metric)} ${value(f.current)}${when(f, options)}, ${side} the expected ${value(f.expectedLow)} to ${value(f.expectedHigh)}.`;
    }
    case "level_shift": {
      // "About" a daily level: whole counts, one decimal under 10 ("about 8.3", never "about 8.27").
      const about = (v: number | null) =>
        finite(v) && metricUnit(f.metric) === "count"
          ? v.toLocaleString("en", { maximumFractionDigits: Math.abs(v) < 10 ? 1 : 0 })
          : value(v);
      const aDay = readsPerDay(f.kind, metricUnit(f.metric), f.metric) ? " a day" : "";
      if (f.movedFrom) {
        const other = segmentName(f.movedFrom.dimension, f.movedFrom.dimensionValue);
        return `${subject} shifted${pct} up to about ${about(f.current)}${aDay} from ${formatDay(f.periodStart)} (from about ${about(f.baseline)}); its ${lower(metricLabel(f.movedFrom.with))} came from ${other}.`;
      }
      if (f.movedTo?.with) {
        const other = segmentName(f.movedTo.dimension, f.movedTo.dimensionValue);
        return `${subject} shifted${pct} ${f.direction === "up" ? "up" : "down"} to about ${about(f.current)}${aDay} from ${formatDay(f.periodStart)} (from about ${about(f.baseline)}); its ${lower(metricLabel(f.movedTo.with))} went to ${other}.`;
      }
      if (f.movedTo) {
        const other = segmentName(f.movedTo.dimension, f.movedTo.dimensionValue);
        return f.movedTo.before === 0
          ? `${subject} moved to ${other} from ${formatDay(f.periodStart)}: about ${about(f.baseline)}${aDay} before, ${f.movedTo.same ? "about as much" : about(f.movedTo.after)} since under the new name.`
          : `${subject} moved to ${other} from ${formatDay(f.periodStart)}: it lost about ${about((f.baseline ?? 0) - (f.current ?? 0))}${aDay}, ${other} gained about ${about(f.movedTo.after - f.movedTo.before)}.`;
      }
      const days = weekdaysOf(f);
      if (days)
        return `${subject} on ${days} shifted${pct} ${f.direction === "up" ? "up" : "down"} to about ${about(f.weekdayCurrent ?? null)}${aDay} from ${formatDay(f.periodStart)} (from about ${about(f.weekdayBaseline ?? null)}); the other days did not move.`;
      // A segment that began in the window (none before it): its level while it ran, not a rise from "about $0.00".
      if (f.dimension && f.baseline === 0 && f.changePct === null && f.direction === "up") {
        const segment = segmentName(f.dimension, f.dimensionValue);
        const level = `about ${about(f.current)} ${lower(metricLabel(f.metric))}${aDay}`;
        if (!f.until) return `${segment} started on ${formatDay(f.periodStart)}: ${level} since, from none before.`;
        const after =
          finite(f.backTo) && f.backTo >= 0.5 ? ` and about ${about(f.backTo)}${aDay} after` : " or after it";
        return `${segment} ran from ${formatDay(f.periodStart)}${f.beforePeriod ? " (before this period)" : ""} to ${formatDay(f.until)}, with none before${after.startsWith(" and") ? " it" : ""}${after}: ${level} while it ran.`;
      }
      if (f.until && finite(f.backTo))
        return `${subject} ${f.direction === "up" ? "rose" : "fell"}${pct} to about ${about(f.current)}${aDay} from ${formatDay(f.periodStart)}${f.beforePeriod ? " (before this period)" : ""} to ${formatDay(f.until)} (from about ${about(f.baseline)}), then came back to about ${about(f.backTo)}${aDay}.`;
      // A level that held until a later change (a new trend from the next day) says until when.
      const until =
        options.period && f.periodEnd < options.period.end && f.periodEnd > f.periodStart
          ? ` to ${formatDay(f.periodEnd)}`
          : "";
      return `${subject} shifted${pct} ${f.direction === "up" ? "up" : "down"} to about ${about(f.current)}${aDay} from ${formatDay(f.periodStart)}${f.beforePeriod ? `, just before this period${until ? "," : ""}` : ""}${until} (from about ${about(f.baseline)}).`;
    }
    case "trend": {
      if (f.valueUnit && f.baseline === null) {
        // The period's growth rate with its confidence interval.
        const rate = (v: number | null) => formatFindingValue(f, v, currency);
        const size = rate(f.current).replace(/^[+−]/, "");
        const interval =
          finite(f.expectedLow) && finite(f.expectedHigh)
            ? ` (95 % confidence: ${rate(f.expectedLow)} to ${rate(f.expectedHigh)})`
            : "";
        return `${subject} ${(f.current ?? 0) >= 0 ? "grew" : "declined"} ${size}${when(f, options)}${interval}.`;
      }
      // A slope change: as growth rates when stored so, else (older reports) per day.
      const slope = (v: number | null) =>
        f.valueUnit ? formatFindingValue(f, v, currency) : `${formatChange(f.metric, v, currency)} a day`;
      return `The trend in ${lower(subject)} turned on ${formatDay(f.periodStart)}: ${slope(f.current)}, against ${slope(f.baseline)} before.`;
    }
    case "funnel": {
      const from = f.fromMetric ? lower(metricLabel(f.fromMetric)) : "the previous step";
      const rate = (v: number | null) => formatMetric("conversionRate", v, currency);
      return `The step from ${from} to ${lower(metric)}${segment ? ` for ${segment}` : ""} converted ${rate(f.current)}${when(f, options)}, against ${rate(f.baseline)} before (${formatChange("conversionRate", f.change, currency)}).`;
    }
    case "driver":
      return `${upper(segment || "One segment")} changed ${lower(metric)} by ${formatChange(f.metric, f.change, currency)}${when(f, options)}.`;
    case "audit":
      return auditHeadline(f, options);
    default:
      return `${metric}: ${value(f.current)}${when(f, options)}.`;
  }
}

const AUDIT_ISSUES: Record<string, string> = {
  tracking_gaps: "Tracking gap",
  not_set_share: "Unattributed traffic",
  self_referrals: "Self-referrals",
  case_variants: "Duplicate spellings",
  impossible_values: "Impossible values",
  duplicate_rows: "Duplicated rows",
  personal_data_in_urls: "Personal data in URLs",
  ads_clicks_vs_sessions: "Ads clicks and paid sessions disagree",
};
export const auditIssueLabel = (check: string | undefined, issue?: string) =>
  (issue === "analytics_seam" ? "Change of analytics source" : undefined) ??
  (check && AUDIT_ISSUES[check]) ??
  upper((issue ?? check ?? "Data quality issue").replaceAll("_", " "));
/** An audit finding's issue in words ("sessions_above_clicks" → "Sessions above clicks"), never its code. */
export const auditIssueName = (issue: string | undefined) => (issue ? upper(issue.replaceAll("_", " ")) : "");

function auditHeadline(f: NarrativeFinding, options: NarrativeOptions): string {
  const count = finite(f.count) ? f.count.toLocaleString("en") : null;
  const metric = lower(metricLabel(f.metric));
  switch (f.check) {
    case "tracking_gaps":
      if (f.issue === "analytics_seam") return `${seamLine(f, (d) => formatDay(d))}.`;
      if (f.issue === "tracking_change" && finite(f.changePct))
        return `${upper(metric)} ${f.changePct > 0 ? "rose" : "fell"} ${formatPct(Math.abs(f.changePct)).replace(/^[+−]/, "")} overnight on ${formatDay(f.periodStart)} while ${lower(metricLabel(f.outcomeMetric ?? ""))} did not follow: most likely a change in tracking, not in visitors.`;
      if (f.issue === "frozen_values")
        return f.current === 0
          ? `Tracking looks broken${when(f, options)}: ${metric}${f.dimension ? ` from ${segmentName(f.dimension, f.dimensionValue)}` : ""} recorded none${count ? ` (${count} ${f.count === 1 ? "day" : "days"})` : ""}.`
          : `Tracking looks frozen${when(f, options)}: the same ${formatMetric(f.metric, f.current, options.currency)} ${metric}${f.dimension ? ` from ${segmentName(f.dimension, f.dimensionValue)}` : ""} every day.`;
      if (f.issue === "partial") {
        const [current, usual] = [
          formatMetric(f.metric, f.current, options.currency),
          formatMetric(f.metric, f.baseline, options.currency),
        ];
        const look = wasOrWere(f.metric) === "were" ? "look" : "looks";
        // A weekly or monthly export's last row is a week's or a month's, never a day's.
        if (f.grain === "week" || f.grain === "month")
          return `${upper(metric)} in the ${f.grain} of ${formatDay(f.periodStart)}, the last ${f.grain} of the data, ${look} partial: ${current} against about ${usual} in a usual ${f.grain}.`;
        return `${upper(metric)} on ${formatDay(f.periodStart)}, the last day of the data, ${look} partial: ${current} against about ${usual} on that weekday.`;
      }
      return `${metric ? upper(metric) : "Data"} ${wasOrWere(f.metric)} near zero${when(f, options)}${count ? ` (${count} ${f.count === 1 ? "day" : "days"})` : ""}: ${f.dataKind === "ads" ? "the ads served almost nothing" : f.dataKind === "organic_search" ? "Search Console shows almost nothing" : "a tracking gap"}.`;
    case "not_set_share":
      return `${formatPct(f.current).replace(/^[+−]/, "")} of ${metric} have no ${lower(dimensionLabel(f.dimension))} recorded.`;
    case "self_referrals":
      return `${formatMetric("sessions", f.current, options.currency)} ${metric} came from the site's own domain as referrals.`;
    case "case_variants":
      return `The ${lower(dimensionLabel(f.dimension))} ${f.dimensionValue ?? ""} is spelt ${count ?? "several"} ways, splitting its ${metric}.`;
    case "duplicate_rows":
      return `${count ?? "Some"} ${f.count === 1 ? "day repeats" : "days repeat"} another day's totals exactly: probably imported twice.`;
    case "ads_clicks_vs_sessions": {
      if (!finite(f.current) || !finite(f.baseline) || !finite(f.changePct)) break;
      const visits = formatMetric("sessions", f.current, options.currency);
      const clicks = formatMetric("clicks", f.baseline, options.currency);
      const apart = formatPct(Math.abs(f.changePct)).replace(/^[+−]/, "");
      return f.changePct < 0
        ? `Paid visits (${visits}) were ${apart} fewer than ad clicks (${clicks})${when(f, options)}: ad clicks may be losing their tracking on the way to the site.`
        : `Paid visits (${visits}) were ${apart} more than ad clicks (${clicks})${when(f, options)}: other traffic may be counted as paid.`;
    }
    case "missing_conversions":
      return f.issue === "no_conversion_metric"
        ? "The data holds no conversions, leads or transactions."
        : `Conversions, leads and transactions were all zero${when(f, options)} although the site had visits.`;
  }
  return `${auditIssueLabel(f.check, f.issue)}${count ? `: ${count} affected` : ""} in ${metric}${when(f, options)}.`;
}

/** The driver with the largest contribution, as a share of the total change: "Paid Search accounts for 85 % of it". */
function why(
  findings: NarrativeFinding[],
  lead: NarrativeFinding,
  input: NarrativeInput,
  currency: string,
): string | null {
  if (lead.kind === "audit") return null;
  if (lead.kind === "competitor") return competitorWhy(findings, lead);
  // A total's change split by its identity says why it moved ("because the click-through rate fell …"); the segment
  // that carried it, where a breakdown found one, follows.
  const factors = lead.kind === "change" && !lead.dimension ? factorsSentence(lead, factorFormat(currency)) : null;
  const driver = driverWhy(findings, lead, input, currency);
  return factors && driver ? `${factors} ${driver}` : (factors ?? driver);
}

/** How the analyst writes a split's numbers: "0.31 %", "−1,101", "+8.0 %". */
const factorFormat = (currency: string) => ({
  value: (metric: string, v: number) => formatMetric(metric, v, currency),
  change: (metric: string, v: number) => formatChange(metric, v, currency),
  pct: formatPct,
});

/** The driver with the largest contribution, as a share of the total change. */
function driverWhy(
  findings: NarrativeFinding[],
  lead: NarrativeFinding,
  input: NarrativeInput,
  currency: string,
): string | null {
  const drivers = findings
    .filter((f) => f.kind === "driver" && f.metric === lead.metric && finite(f.change) && f !== lead)
    .sort((a, b) => Math.abs(b.change!) - Math.abs(a.change!));
  const top = drivers[0];
  if (!top) return null;
  const total =
    lead.kind === "change" && !lead.dimension && finite(lead.change)
      ? lead.change
      : finite(input.chart?.totalChange)
        ? input.chart.totalChange
        : null;
  const share = finite(top.shareOfChange)
    ? top.shareOfChange
    : total && Math.sign(total) === Math.sign(top.change!)
      ? top.change! / total
      : null;
  const name = upper(segmentName(top.dimension, top.dimensionValue));
  const amount = formatChange(top.metric, top.change, currency);
  if (share !== null && share > 0) {
    const pct = formatPct(Math.min(share, 9.99)).replace(/^[+−]/, "");
    const up = (total ?? top.change!) >= 0;
    const movement = lead.metric === "position" ? (up ? "worsening" : "improvement") : up ? "rise" : "fall";
    // "Desktop devices account", "Paid Search accounts": the device's name is a plural.
    const verb = top.dimension === "device" ? "account" : "accounts";
    return `${name} ${verb} for ${pct} of the ${movement} (${amount})${through(top, currency)}.`;
  }
  return `${name} moved against the total (${amount}).`;
}

/**
 * For a ratio's driver, which part of its contribution is larger: its share of the denominator moving
 * (traffic moved to or from it) or its own rate. ", mostly through its share of sessions (9.4 % →
 * 33.6 %)" says a weaker channel grew; ", mostly through its own conversion rate (3.5 % → 2.9 %)"
 * says the channel got worse.
 */
function through(driver: NarrativeFinding, currency: string): string {
  const def = findMetric(driver.metric);
  const { mixEffect: mix, performanceEffect: performance, shareBefore, shareAfter } = driver;
  if (def?.kind !== "ratio" || !finite(mix) || !finite(performance) || !finite(shareBefore) || !finite(shareAfter))
    return "";
  if (Math.abs(mix) >= Math.abs(performance)) {
    // No denominator in either period (cost without a conversion): no share moved, the spend did.
    if (shareBefore === 0 && shareAfter === 0)
      return `, ${lower(metricLabel(def.numerator))} without ${lower(metricLabel(def.denominator))}`;
    return `, mostly through its share of ${lower(metricLabel(def.denominator))} (${mixShare(driver)!.text})`;
  }
  if (!finite(driver.baseline) || !finite(driver.current)) return "";
  const rate = (x: number) => formatMetric(driver.metric, x, currency);
  return `, mostly through its own ${lower(metricLabel(driver.metric))} (${rate(driver.baseline)} → ${rate(driver.current)})`;
}

/** One recommended next step per kind of finding, aimed at the driver when there is one. */
/** The CRM's deal metrics (lib/catalogue/metrics.ts), whose next step is in the CRM's pipeline. */
const CRM_METRICS: ReadonlySet<string> = new Set(["dealsCreated", "dealsWon", "wonValue", "averageDealValue"]);

function nextStep(lead: NarrativeFinding, findings: NarrativeFinding[], currency: string): string {
  const driver = findings.find((f) => f.kind === "driver" && f.metric === lead.metric);
  const where = driver
    ? segmentName(driver.dimension, driver.dimensionValue)
    : segmentName(lead.dimension, lead.dimensionValue);
  const metric = lower(metricLabel(lead.metric));
  if (isSeasonallyExpected(lead))
    return `Nothing to fix: the season explains it (the same ${lead.kind === "change" ? "weeks" : "days"} last year moved the same way). Plan for ${metric} to move like this again next year.`;
  // Beside a season, the news is the part it did not predict: a rise smaller than last year's fell short.
  const beyond = beyondSeason(lead);
  const up = beyond !== null ? beyond >= 0 : (lead.change ?? 0) >= 0 || lead.direction === "up";
  const good = (findMetric(lead.metric)?.higherIsBetter ?? true) === up;
  if (beyond !== null && Math.sign(beyond) !== Math.sign(lead.change ?? 0))
    return `Compare ${metric} segment by segment with the same weeks last year to find what ${good ? "did better than" : "fell behind"} the season, and ${good ? "keep it going" : "restore it if it was not intended"}.`;
  // A cost per result that moved with what it bought is how much was bought, not how well (sense.ts).
  if (movedWithResults(lead.metric, lead.direction, lead.results)) return boughtNextStep(lead, where);
  // Organic search results and ad accounts have their own levers (titles and positions; bids, budgets and ads).
  const ownData = dataKindNextStep(lead, good, where);
  if (ownData) return ownData;
  switch (lead.kind) {
    case "change":
    case "driver":
      if (good && weakTraffic(lead))
        return `The extra ${metric}${where ? ` from ${where}` : ""} brought ${formatKpiEffect(lead.kpiEffect, lead.kpiMetric, currency)}, where the site's usual rate would have brought ${formatKpiEffect(lead.kpiAtSiteRate, lead.kpiMetric, currency)}: check the quality of this traffic (targeting, placements, landing page) before adding budget to it.`;
      if (good) return improvementNextStep(lead, driver, where, metric);
      // The CRM's deals move with the sales pipeline, not with bids or landing pages.
      if (CRM_METRICS.has(lead.metric))
        return `Open ${where ? possessive(where) : "the"} deals in the CRM and compare them with the comparison period (the leads' quality, how fast sales followed up, the stage deals stop at), and fix what changed if it was not intended.`;
      // A change no segment carries (a store's daily totals have none): when it began is the first clue, and ad
      // spend's own levers only for ad metrics.
      if (!where && !AD_METRICS.has(lead.metric))
        return `Find on the chart when ${metric} began to ${lead.direction === "up" ? "rise" : "fall"} and what changed then (a campaign, a price or an offer, the site, tracking), and restore it if it was not intended.`;
      return `Compare ${where || "the channels"} with the comparison period (budget, bids, targeting, landing page) and restore what changed if it was not intended.`;
    case "anomaly":
      if (lead.idleTraffic)
        return `Look at ${where ? possessive(where) : "the site's"} visits on ${formatDay(lead.periodStart)} by source, landing page and location for bots or a crawler, and exclude them in the analytics (a filter or a bot rule), so the reports count real visitors.`;
      // A day's revenue carried by what its orders were worth, not by more of them: one or a few orders to look at.
      if (lead.mixRate && valueLed(lead.mixRate))
        return up
          ? `Look at ${where ? possessive(where) : "the"} orders of ${formatDay(lead.periodStart)} for one or a few large ones (a business buyer, a test or fraudulent order) before counting the day as growth.`
          : `Look at ${where ? possessive(where) : "the"} orders of ${formatDay(lead.periodStart)} for what made them worth less (a discount code, a price error, refunds) and correct it if it was not intended.`;
      return `Check what happened on ${formatDay(lead.periodStart)} (a release, a campaign launch, a tracking change) and note it, so the next report reads it as known.`;
    case "level_shift":
      // Less spend is no level to reset targets to (sense.ts): a campaign cut, paused or stopped; a campaign's ads
      // shown or clicked about never again stopped serving (no tag records impressions or ad clicks).
      if (!up && !lead.until && (isSpend(lead.metric) || stoppedDelivery(lead))) return spendCutNextStep(lead, where);
      if (!good && lead.movedTo) return movedLevelNextStep(lead, where, metric);
      if (good && lead.movedFrom) {
        const from = segmentName(lead.movedFrom.dimension, lead.movedFrom.dimensionValue);
        return `Check what moved ${lower(metricLabel(lead.movedFrom.with))} from ${from} to ${where} on ${formatDay(lead.movedFrom.date)} (tags or the channel grouping changed, a campaign paused while ${where} took its visitors) before counting ${possessive(where)} rise as growth: ${from} lost what ${where} gained.`;
      }
      if (lead.until) return stretchNextStep(lead, good, where, metric);
      if (weekdaysOf(lead)) return weekdayStepNextStep(lead, good);
      if (!good && lead.siblingShifts) return siteWideStepNextStep(lead);
      if (!good) return lostLevelNextStep(lead, where, metric);
      return `Confirm the cause of the new level (search update, pricing, tracking) and reset ${metric} targets from ${formatDay(lead.periodStart)}.`;
    case "trend":
      return `Project the new trend to the end of the month and adjust budget or content plans before the gap to target grows.`;
    case "funnel":
      return `Review the page and form of this step on mobile and desktop: it is where people drop out.`;
    case "audit":
      return auditNextStep(lead.check, lead.issue, lead.grain, lead.dataKind);
    case "competitor":
      return competitorNextStep(lead, findings);
    default:
      return `Look into ${metric} before the next report.`;
  }
}

/**
 * After a cost per result moved with its results: cheaper as fewer were bought (a budget cut, bids lowered, a campaign
 * winding down), dearer as more were; what changed the spend, and whether the account's outcome moved with it.
 */
function boughtNextStep(lead: NarrativeFinding, where: string): string {
  const who = where || "the account";
  const what = lower(metricLabel(lead.results!.metric));
  return lead.direction === "down"
    ? `Check what cut ${possessive(who)} spend (a budget, bids, a paused campaign or ad): it bought fewer ${what} at a lower price, not better ones; restore the spend if the cut was not intended.`
    : `Check where ${possessive(who)} added spend went: it bought more ${what} at a higher price; keep the budget where the extra ${what} bring enough, and set it back where they do not.`;
}

/** A campaign's impressions or clicks (the ad platform's counts) that all but stopped. */
const stoppedDelivery = (lead: NarrativeFinding) =>
  lead.dimension === "campaign" &&
  (lead.metric === "impressions" || lead.metric === "clicks") &&
  (lead.baseline ?? 0) > 0 &&
  (lead.current ?? 0) <= STOPPED_SHARE * (lead.baseline ?? 0);

/** After ad spend (or a campaign's delivery) stepped down: what cut or stopped it, and whether the results fell too. */
function spendCutNextStep(lead: NarrativeFinding, where: string): string {
  const day = formatDay(lead.periodStart);
  const who = where || "the account";
  const before = lead.baseline ?? 0;
  if (before > 0 && (lead.current ?? before) <= STOPPED_SHARE * before)
    return `Check why ${who} stopped serving on ${day} (paused, out of budget, ads disapproved, a payment failed) and whether its conversions moved to other campaigns or were lost; restart it if the stop was not intended.`;
  return `Check what cut ${possessive(who)} spend on ${day} (a budget, bids, a paused campaign or ad) and whether its clicks and conversions fell with it; restore it if it was not intended.`;
}

/**
 * The next step after a level lost for the worse, aimed at what the finding says moved: a level that all but stopped
 * is tracking or a stopped source first; a rate that fell while the traffic held is the pages, forms or tracking the
 * traffic meets (a query's click-through rate: its search result); lost traffic is budget, bids or rankings. "Reset
 * leads targets from Nov 15" was the step for a lead form that had stopped.
 */
function lostLevelNextStep(lead: NarrativeFinding, where: string, metric: string): string {
  const day = formatDay(lead.periodStart);
  const subject = where ? `${possessive(where)} ${metric}` : metric;
  const costly = AD_METRICS.has(lead.metric);
  if (allButStopped(lead))
    return `${upperFirst(subject)} all but stopped on ${day}: check its tracking first (the tag, the consent banner, the form or checkout that records it), then whether ${where || "a source"} was paused or lost its budget, and restore it.`;
  // Smaller baskets are prices, discounts and the products the traffic is sent to, not its budget.
  if (lead.metric === "averageOrderValue" || (lead.mixRate && valueLed(lead.mixRate)))
    return `${upperFirst(where ? `${possessive(where)} orders` : "Orders")} are worth less from ${day}: check the discount codes, prices and products ${where ? "its ads and pages lead" : "the site's pages lead"} to since that day, and restore what changed if it was not intended.`;
  const split = lead.mixRate;
  // An ad's cost that rose with the price of its clicks, not their number: bids and the auction.
  if (lead.metric === "cost" && split?.volumeMetric === "clicks" && rateLed(split))
    return `${upperFirst(where || "The account")} pays more for each click from ${day}: check its bids and bid strategy and the auction insights (a new competitor) since that day, and cap the cost per click if it was not intended.`;
  if (!costly && split && rateLed(split)) {
    if (split.volumeMetric === "impressions")
      return `${upperFirst(where || "The site")} was shown as often as before but clicked less from ${day}: check its search result (a new search feature or ad above it, a changed title or snippet) and refresh its title and description.`;
    return `${upperFirst(where ? `${possessive(where)} traffic` : "Traffic")} held while its ${metric} fell from ${day}: check the pages, forms and conversion tracking that traffic meets for a change on or just before that day, and restore what broke.`;
  }
  return `Find what changed for ${where || metric} on ${day} (budget, bids, targeting, rankings, the site, tracking) and restore it if it was not intended.`;
}
/**
 * The next step when only some weekdays took a step (a weekend's ads switched off by an ad schedule, opening hours, a
 * weekend offer): what changed for those days, and whether it was meant.
 */
function weekdayStepNextStep(lead: NarrativeFinding, good: boolean): string {
  const days = weekdaysOf(lead)!;
  const day = formatDay(lead.periodStart);
  const where = segmentName(lead.dimension, lead.dimensionValue);
  const whose = where ? `${possessive(where)} ` : "";
  return good
    ? `Confirm what lifted ${whose}${days} from ${day} (a weekend or day offer, an ad schedule, opening hours) and set those days' targets apart from the other days'.`
    : `Check what changed for ${whose}${days} from ${day} (an ad schedule that leaves them out, opening hours, an offer that ended); if it was meant, weigh what those days brought before against what they cost, else restore it.`;
}
/** The next step when a segment's level went to another segment of its dimension (a new name, or taken by it). */
function movedLevelNextStep(lead: NarrativeFinding, where: string, metric: string): string {
  const day = formatDay(lead.periodStart);
  const other = segmentName(lead.movedTo!.dimension, lead.movedTo!.dimensionValue);
  // Revenue that fell with the visits that went elsewhere: what moved is the visits.
  if (lead.movedTo!.with) metric = lower(metricLabel(lead.movedTo!.with));
  if (lead.movedTo!.before === 0)
    return `Ask who renamed ${where} on ${day} (the channel grouping, the campaign tags, a page's address), and read ${where} and ${other} as one in the client's reports and targets from that day, or restore the old name.`;
  return `Check what moved ${metric} from ${where} to ${other} on ${day} (tags or the channel grouping changed, a campaign paused while ${other} took its visitors): if nothing was meant to change, restore it; if ${where} was paused, count what it saved against what the move cost.`;
}

/** Whether a split's rate carried most of the change (twice its volume's part or more). */
const rateLed = (split: { volumeEffect: number; rateEffect: number }) =>
  Math.abs(split.rateEffect) > 2 * Math.abs(split.volumeEffect);
/** Search results' metrics: a step of most queries or pages at once is the site's standing with the search engine. */
const SEARCH_METRICS: ReadonlySet<string> = new Set(["position", "clicks", "impressions", "ctr"]);

/** The next step when most of a dimension's segments lost their level on the same day: the site, not one segment. */
/** A level that came back: what moved it for those days, and whether to repeat it or keep it from happening again. */
function stretchNextStep(lead: NarrativeFinding, good: boolean, where: string, metric: string): string {
  const days = `from ${formatDay(lead.periodStart)} to ${formatDay(lead.until!)}`;
  const subject = where ? `${possessive(where)} ${metric}` : metric;
  // Weeks of all but none of a count that is no cost (a lead form that recorded nothing): its tracking first.
  if (!good && allButStopped(lead))
    return `${upperFirst(subject)} all but stopped ${days} and came back: check what recorded it over those days (the tag, the consent banner, the form or checkout), then whether ${where || "a source"} was paused, and note the days as lost.`;
  const moved =
    lead.direction === "up"
      ? `lifted ${subject} ${days} (a promotion, a campaign, a larger budget)`
      : `held ${subject} down ${days} (a paused campaign, a budget spent early, an outage, a tracking fault)`;
  return good
    ? `Find what ${moved} and why it ended; if what it brought was worth its cost, plan it again.`
    : `Find what ${moved}: it came back after, so note the cause and guard against it happening again.`;
}

function siteWideStepNextStep(lead: NarrativeFinding): string {
  const day = formatDay(lead.periodStart);
  const label = lower(dimensionLabel(lead.dimension));
  const plural = dimensionPlural(lead.dimension);
  if (SEARCH_METRICS.has(lead.metric) && ["query", "page", "landingPage"].includes(lead.dimension ?? ""))
    return `Most ${plural} moved together on ${day}: check Search Console for a manual action or a security issue, the search engine's updates announced around that day, and changes to the site then (robots.txt, canonical tags, redirects, page speed).`;
  return `Most ${plural} moved together on ${day}: look for a change to the whole site that day (a release, prices, the analytics tag or consent banner) rather than in one ${label}.`;
}

/** Whether revenue's split put most of the change on the order value (twice its traffic's and rate's parts or more). */
const valueLed = (split: { volumeEffect: number; rateEffect: number; valueEffect?: number }) =>
  split.valueEffect !== undefined &&
  Math.abs(split.valueEffect) > 2 * (Math.abs(split.volumeEffect) + Math.abs(split.rateEffect));
/** "Paid Search's", "desktop devices'" (a plural's possessive takes no second s). */
const possessive = (name: string) => (/s$/.test(name) ? `${name}'` : `${name}'s`);
/** A level this share of the one before it or less has all but stopped. */
const STOPPED_SHARE = 0.1;
/** A level of anything but a cost that fell to STOPPED_SHARE of the one before or less: its tracking comes first. */
const allButStopped = (lead: NarrativeFinding) => {
  const before = lead.baseline ?? 0;
  return !AD_METRICS.has(lead.metric) && before > 0 && (lead.current ?? before) <= STOPPED_SHARE * before;
};
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A rise of traffic that brought less than half the KPI the site's usual rate would have: it converts poorly. */
function weakTraffic(lead: NarrativeFinding): boolean {
  const { kpiEffect: own, kpiAtSiteRate: site } = lead;
  return finite(own) && finite(site) && own > 0 && site > 0 && own < 0.5 * site && Boolean(lead.kpiMetric);
}

/**
 * The next step for a change for the better. Not every improvement is something to copy: a ratio that improved
 * because a weak campaign took a smaller share of the spend (ROAS up as the campaign shrank), or a cost that
 * fell, may be a budget cut or a campaign that stopped working, and the step says to check that first.
 */
function improvementNextStep(
  lead: NarrativeFinding,
  driver: NarrativeFinding | undefined,
  where: string,
  metric: string,
): string {
  const def = findMetric(lead.metric);
  const share = driver && def?.kind === "ratio" ? mixShare(driver) : null;
  if (def?.kind === "ratio" && share && share.after < share.before)
    return `Check why ${where} took a smaller share of ${lower(metricLabel(def.denominator))} (${share.text}): the gain comes from it shrinking, not from it doing better, so confirm the shift was intended before moving budget.`;
  if (def && !def.higherIsBetter && def.kind === "additive")
    return `Check that the lower ${metric}${where ? ` of ${where}` : ""} was intended (budget, bids, paused ads or keywords) and that its conversions did not fall with it.`;
  return `Find what lifted ${where || metric} (offer, budget, placement) and apply it to the next channel or campaign.`;
}

/** A ratio driver whose contribution came mostly from its share of the denominator: that share before and after. */
function mixShare(driver: NarrativeFinding): { before: number; after: number; text: string } | null {
  const { mixEffect: mix, performanceEffect: performance, shareBefore, shareAfter } = driver;
  if (!finite(mix) || !finite(performance) || !finite(shareBefore) || !finite(shareAfter)) return null;
  if (Math.abs(mix) < Math.abs(performance) || (shareBefore === 0 && shareAfter === 0)) return null;
  const pct = (x: number) => formatPct(x).replace(/^[+−]/, "");
  return { before: shareBefore, after: shareAfter, text: `${pct(shareBefore)} → ${pct(shareAfter)}` };
}

function auditNextStep(check: string | undefined, issue?: string, grain?: string, dataKind?: string): string {
  switch (check) {
    case "tracking_gaps":
      if (issue === "partial")
        return `Import the ${grain === "week" || grain === "month" ? grain : "day"} again once it is complete, then run the report again.`;
      if (dataKind === "ads")
        return "Check the campaigns' status, budget and billing in the ad platform for those days, then re-import them.";
      if (dataKind === "organic_search")
        return "Search Console fills in its last two or three days late: import them again in a few days; if older days are empty, check the Pages report for pages dropped from the index.";
      if (issue === "analytics_seam")
        return "Compare periods that lie on the same side of the switch to Google Analytics 4 (or a GA4 period against the same one a year later, once GA4 has a year); the step on the day of the switch is the change of counting, not of visitors.";
      if (issue === "tracking_change")
        return "Check what changed in the site's analytics tags that day (a second tag, a consent banner, a filter); until it is fixed, compare rates per session only with days after the change.";
      return "Check the analytics tag on the affected days, then re-import the data once it is fixed.";
    case "not_set_share":
      return "Tag every campaign link with UTM parameters so the channel is recorded.";
    case "self_referrals":
      return "Add the site's own domain to the referral exclusion list of the analytics property.";
    case "case_variants":
      return "Use one spelling (lower case) in the campaign tags, and merge the variants in the source.";
    case "personal_data_in_urls":
      return "Remove email addresses from URLs (forms sending GET parameters) and purge the collected data.";
    case "ads_clicks_vs_sessions":
      return "Check that ads links keep their tracking parameters (auto-tagging) and land on a tagged page.";
    case "missing_conversions":
      return issue === "no_conversion_metric"
        ? "Include conversions (or leads, transactions and revenue) in the export, or connect Google Analytics 4."
        : "Check that the conversion events or goals still fire on the site, then import the days again.";
    default:
      return "Fix the data at its source, then generate the report again.";
  }
}

/** The analyst's three sentences for an insight, or null when it has no findings ("nothing notable"). */
export function analystNarrative(input: NarrativeInput, options: NarrativeOptions): AnalystNarrative | null {
  const lead = leadFinding(input.findings);
  if (!lead) return null;
  const days = daysAround(lead, input.findings);
  const run = days.length > 1 ? days : null;
  return {
    headline: run ? runHeadline(run, options) : headline(lead, options),
    why: why(input.findings, lead, input, options.currency),
    next: run
      ? `Check what happened from ${formatDay(run[0].periodStart)} to ${formatDay(run[run.length - 1].periodStart)} (a promotion, an ad budget spent early, an outage, a tracking change) and note it, so the next report reads those days as known.`
      : nextStep(lead, input.findings, options.currency),
  };
}

/** "Sessions from Paid Search were below the expected range on 5 days in a row, from … (about 237 a day …)". */
function runHeadline(run: readonly NarrativeFinding[], options: NarrativeOptions): string {
  const f = run[0];
  const { current, baseline, from: first, to: last, days: count } = daysRun(run);
  const value = (v: number) => formatMetric(f.metric, v, options.currency);
  const perDay = isDailyAmount(metricUnit(f.metric), f.metric);
  const side = f.direction === "up" ? "above" : "below";
  const days = `from ${formatDay(first)} to ${formatDay(last)}`;
  return `${subjectOf(f)} ${wasOrWere(f.metric)} ${side} the expected range on ${count} days in a row, ${days} (about ${value(current)}${perDay ? " a day" : " on average"} against about ${value(baseline)}).`;
}

/** "Sessions from Channel “Paid Search”", "Clicks in “Brand”", "Sessions": what a headline is about. */
function subjectOf(f: NarrativeFinding): string {
  const metric = metricLabel(f.metric);
  const segment = segmentName(f.dimension, f.dimensionValue);
  return segment ? `${metric} from ${segment}` : f.scope ? `${metric} in “${f.scope}”` : metric;
}

/** Beside a competitor headline, what else the comparison says: the keywords missed, else the traffic share. */
function competitorWhy(findings: NarrativeFinding[], lead: NarrativeFinding): string | null {
  const same = findings.filter((f) => f !== lead && f.dimensionValue === lead.dimensionValue && f.narrative);
  const missing = same.find((f) => f.metric === "missingKeywords" && (f.current ?? 0) > 0);
  return (missing ?? same.find((f) => f.metric === "trafficShare"))?.narrative ?? null;
}

/** What to do about a competitor: win back the top-3 places lost, target the keywords missed, or keep watching. */
function competitorNextStep(lead: NarrativeFinding, findings: NarrativeFinding[]): string {
  const rival = lead.dimensionValue ?? "the competitor";
  if (lead.metric === "top3Keywords" && (lead.change ?? 0) < 0)
    return `Compare ${rival}'s pages for the keywords it took with yours (content, titles, internal links) and update the pages that lost their place.`;
  const missing = findings.find(
    (f) => f.metric === "missingKeywords" && f.dimensionValue === lead.dimensionValue && (f.current ?? 0) > 0,
  );
  if (missing)
    return `Plan pages or content for the keywords where ${rival} ranks in the top 10 and the site does not, starting with the most searched.`;
  const visibility = findings.find((f) => f.metric === "visibility" && f.dimensionValue === lead.dimensionValue);
  if (visibility?.withinVariation)
    return "Nothing to act on yet: the site's visibility moved within its day-to-day variation. The next report tells whether a move holds.";
  return `See which tracked keywords gained or lost places against ${rival}, and keep the pages that gained as they are.`;
}
