// A URL split test's answer, computed from the two variants' daily totals (pure: no database).
// Rates are tested on sessions with the two-proportion z test; sessions per day and revenue per
// session are tested on the daily values with Welch's t test, because the store holds daily
// aggregates, not sessions (docs/decisions/0013-split-test-statistics.md).
import type { Finding } from "../types";
import {
  sampleSizeForMean,
  sampleSizeForRate,
  twoProportionTest,
  welchTest,
  type Comparison,
} from "../stats/split-test";
import { standardDeviation } from "../stats/descriptive";

export const SPLIT_METRICS = ["sessions", "engagementRate", "conversionRate", "revenuePerSession"] as const;
export type SplitMetric = (typeof SPLIT_METRICS)[number];

/** One variant's totals on one day (0 when the store holds no row for it that day). */
export interface VariantDay {
  date: string;
  sessions: number;
  engagedSessions: number | null;
  conversions: number | null;
  revenue: number | null;
}

/** Below this many sessions on either side, the normal approximations are not trusted. */
export const MIN_SESSIONS_PER_VARIANT = 100;

export type Verdict = "winner" | "no_difference" | "not_enough_data";

export interface MetricResult extends Comparison {
  metric: SplitMetric;
  test: "two_proportion" | "welch";
  significant: boolean;
  /** Sessions (rates) or days (sessions, revenue per session) each variant needs for the MDE. */
  neededPerVariant: number | null;
  /** What is still missing: needed minus what the smaller variant has (0 when reached). */
  remainingPerVariant: number | null;
  unit: "sessions" | "days";
}

export interface SplitTestResult {
  verdict: Verdict;
  winner: "a" | "b" | null;
  headline: string;
  primaryMetric: SplitMetric;
  totals: { a: VariantTotals; b: VariantTotals };
  metrics: MetricResult[];
  series: { date: string; a: VariantDay; b: VariantDay }[];
}

export interface VariantTotals {
  sessions: number;
  engagedSessions: number | null;
  conversions: number | null;
  revenue: number | null;
  days: number;
}

export interface SplitTestQuestion {
  urlA: string;
  urlB: string;
  primaryMetric: SplitMetric;
  minimumDetectableEffect: number;
  confidence: number;
}

const sumOf = (days: readonly VariantDay[], key: "engagedSessions" | "conversions" | "revenue") =>
  days.some((d) => d[key] !== null) ? days.reduce((s, d) => s + (d[key] ?? 0), 0) : null;

function totalsOf(days: readonly VariantDay[]): VariantTotals {
  return {
    sessions: days.reduce((s, d) => s + d.sessions, 0),
    engagedSessions: sumOf(days, "engagedSessions"),
    conversions: sumOf(days, "conversions"),
    revenue: sumOf(days, "revenue"),
    days: days.filter((d) => d.sessions > 0).length,
  };
}

const remaining = (needed: number, have: number) => Math.max(0, needed - have);

function rateResult(
  metric: SplitMetric,
  xA: number,
  xB: number,
  t: { a: VariantTotals; b: VariantTotals },
  q: SplitTestQuestion,
): MetricResult {
  // A row can report more conversions than sessions (several goals per session): cap at sessions.
  const r = twoProportionTest(
    Math.min(xA, t.a.sessions),
    t.a.sessions,
    Math.min(xB, t.b.sessions),
    t.b.sessions,
    q.confidence,
  );
  const needed = sampleSizeForRate(r.a, q.minimumDetectableEffect, q.confidence);
  const finite = Number.isFinite(needed);
  return {
    ...r,
    metric,
    test: "two_proportion",
    significant: r.pValue !== null && r.pValue < 1 - q.confidence,
    neededPerVariant: finite ? needed : null,
    remainingPerVariant: finite ? remaining(needed, Math.min(t.a.sessions, t.b.sessions)) : null,
    unit: "sessions",
  };
}

function meanResult(metric: SplitMetric, a: number[], b: number[], q: SplitTestQuestion): MetricResult {
  const r = welchTest(a, b, q.confidence);
  const needed = sampleSizeForMean(
    r.a,
    standardDeviation(a),
    standardDeviation(b),
    q.minimumDetectableEffect,
    q.confidence,
  );
  const finite = Number.isFinite(needed);
  return {
    ...r,
    metric,
    test: "welch",
    significant: r.pValue !== null && r.pValue < 1 - q.confidence,
    neededPerVariant: finite ? needed : null,
    remainingPerVariant: finite ? remaining(needed, Math.min(a.length, b.length)) : null,
    unit: "days",
  };
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const METRIC_WORDS: Record<SplitMetric, string> = {
  sessions: "sessions per day",
  engagementRate: "engagement rate",
  conversionRate: "conversion rate",
  revenuePerSession: "revenue per session",
};

export function analyseSplitTest(q: SplitTestQuestion, daysA: VariantDay[], daysB: VariantDay[]): SplitTestResult {
  const totals = { a: totalsOf(daysA), b: totalsOf(daysB) };
  const metrics: MetricResult[] = [];
  const byDate = new Map(daysB.map((d) => [d.date, d]));
  const series = daysA.map((a) => ({
    date: a.date,
    a,
    b: byDate.get(a.date) ?? { date: a.date, sessions: 0, engagedSessions: null, conversions: null, revenue: null },
  }));

  metrics.push(
    meanResult(
      "sessions",
      daysA.map((d) => d.sessions),
      daysB.map((d) => d.sessions),
      q,
    ),
  );
  if (totals.a.engagedSessions !== null && totals.b.engagedSessions !== null)
    metrics.push(rateResult("engagementRate", totals.a.engagedSessions, totals.b.engagedSessions, totals, q));
  if (totals.a.conversions !== null && totals.b.conversions !== null)
    metrics.push(rateResult("conversionRate", totals.a.conversions, totals.b.conversions, totals, q));
  if (totals.a.revenue !== null && totals.b.revenue !== null) {
    // One value per day with sessions: that day's revenue per session.
    const perSession = (days: VariantDay[]) =>
      days.filter((d) => d.sessions > 0).map((d) => (d.revenue ?? 0) / d.sessions);
    metrics.push(meanResult("revenuePerSession", perSession(daysA), perSession(daysB), q));
  }

  const primary = metrics.find((m) => m.metric === q.primaryMetric);
  const mde = pct(q.minimumDetectableEffect);
  let verdict: Verdict;
  let winner: "a" | "b" | null = null;
  let headline: string;
  const tooSmall = Math.min(totals.a.sessions, totals.b.sessions) < MIN_SESSIONS_PER_VARIANT;
  if (!primary || primary.pValue === null || tooSmall) {
    verdict = "not_enough_data";
    headline = !primary
      ? `Not enough data: the store holds no ${METRIC_WORDS[q.primaryMetric]} for both pages in this period.`
      : `Not enough data: each page needs at least ${MIN_SESSIONS_PER_VARIANT} sessions in the period.`;
  } else if (primary.significant) {
    verdict = "winner";
    winner = primary.difference > 0 ? "b" : "a";
    const [w, l] = winner === "b" ? [q.urlB, q.urlA] : [q.urlA, q.urlB];
    const rel = primary.relative === null ? "" : ` (${pct(Math.abs(primary.relative))})`;
    headline = `${w} wins: its ${METRIC_WORDS[q.primaryMetric]} is higher than ${l}'s${rel}, p = ${primary.pValue.toPrecision(2)}.`;
  } else if (primary.remainingPerVariant === 0) {
    verdict = "no_difference";
    headline = `No difference yet: with enough ${primary.unit} to detect a ${mde} change, the ${METRIC_WORDS[q.primaryMetric]} of the two pages does not differ (p = ${primary.pValue.toPrecision(2)}).`;
  } else {
    verdict = "not_enough_data";
    headline =
      primary.remainingPerVariant === null
        ? `Not enough data: no difference so far, and the ${METRIC_WORDS[q.primaryMetric]} is too close to zero to size the test.`
        : `Not enough data: no difference so far; about ${primary.remainingPerVariant.toLocaleString("en")} more ${primary.unit} per page are needed to detect a ${mde} change.`;
  }
  return { verdict, winner, headline, primaryMetric: q.primaryMetric, totals, metrics, series };
}

/**
 * The result as engine findings (the evidence every export reads), one per metric: current is B,
 * baseline is A, the interval of B − A is carried as expectedLow/expectedHigh shifted onto B's
 * scale (A + interval), so "expected range" reads as "where B's value plausibly lies relative to A".
 */
export function splitTestFindings(
  q: SplitTestQuestion,
  result: SplitTestResult,
  period: { start: string; end: string },
): Finding[] {
  return result.metrics.map((m) => {
    const fmt = (v: number) =>
      m.metric === "engagementRate" || m.metric === "conversionRate" ? `${(v * 100).toFixed(2)} pts` : v.toFixed(2);
    const ci = Number.isFinite(m.interval.low)
      ? `, ${Math.round(q.confidence * 100)}% interval ${fmt(m.interval.low)} to ${fmt(m.interval.high)}`
      : "";
    const p = m.pValue === null ? "" : `, p = ${m.pValue.toPrecision(2)}`;
    return {
      kind: "split_test",
      metric: m.metric,
      dimension: "landingPage",
      dimensionValue: `${q.urlB} vs ${q.urlA}`,
      periodStart: period.start,
      periodEnd: period.end,
      current: m.b,
      baseline: m.a,
      change: m.difference,
      changePct: m.relative,
      expectedLow: Number.isFinite(m.interval.low) ? m.a + m.interval.low : null,
      expectedHigh: Number.isFinite(m.interval.high) ? m.a + m.interval.high : null,
      confidence: q.confidence,
      direction: m.difference > 0 ? "up" : m.difference < 0 ? "down" : null,
      pValue: m.pValue,
      narrative: `${METRIC_WORDS[m.metric]}: ${q.urlB} minus ${q.urlA} = ${fmt(m.difference)}${ci}${p} (${m.test === "welch" ? "Welch t test on daily values" : "two-proportion z test"}).`,
    };
  });
}
