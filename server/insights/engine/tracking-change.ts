import { findMetric } from "@/lib/catalogue/metrics";
import type { Dimension } from "@/lib/insights/metrics";
import { addDays, dayNumber, dayOfWeek } from "@/lib/dates";
import { metricParts } from "../data/project-data";
import { segmentSeries } from "../data/segment-daily";
import type { AuditFinding } from "../detectors/data-quality";
import type { DailyPoint, Finding } from "../types";
import { takeLeadEffect } from "./analyses/segment-watch";
import { totalChangePoints } from "./analyses/total-change-points";
import type { EngineContext, IntentionOutcome } from "./types";
import { nearSeam } from "./analytics-seam";

// A step in the site's sessions that its outcomes did not take: sessions doubled overnight in every channel and device
// while revenue stayed where it was. Visitors do not arrive like that; a second analytics tag, a removed filter or a
// consent banner changes what is counted. Reported once, by the Data Quality Audit ("Tracking gaps"), and the findings
// that read sessions across that day (their level, a rate per session) carry no effect on the KPI: without it, a
// report credited the doubled sessions with "+€26,786 revenue" and the halved conversion rate with "-€29,892" for a
// month whose revenue did not move.

/** Sessions' step of at least a quarter up (or a fifth down) ... */
const MIN_STEP = Math.log(1.25);
/** ... that the scan is sure of (its p-value, Bonferroni-corrected over its candidate days). */
const CLEAR_P = 1e-3;
/**
 * The KPI within this many standard errors of its level before (not clearly moved; at 2 the doubled-sessions file of
 * seed 7 was missed: its revenue 11 % down by chance, 2.04 standard errors) ... */
const KPI_STILL = 3;
/** ... and this many short of where the step would have put it at the same rate per session. */
const KPI_SHORT = 4;
/** Days before the step its weekday levels are read from. */
const BEFORE_DAYS = 28;
/** In each dimension, the segments that took the step hold at least this share of its sessions: a broad step. */
const BROAD_SHARE = 0.8;
/** A segment took the step when it moved the same way by at least half as much (in log terms). */
const SEGMENT_PART = 0.5;
/** A finding on sessions dated this close to the step is the step. */
const NEAR_DAYS = 2;

/** Metrics the check cannot judge by: they are traffic themselves, and a tag counted twice counts them twice. */
const TRAFFIC_KPIS: ReadonlySet<string> = new Set(["sessions", "engagedSessions", "pageviews", "users", "impressions"]);

export interface TrackingChange {
  /** First day at the new level. */
  date: string;
  /** Sessions a day before and from the step (the scan's deseasonalised levels). */
  before: number;
  after: number;
  pValue: number;
  /** The KPI over the same days, against its weekday levels before: its relative change. */
  kpiMetric: string;
  kpiChangePct: number;
  /** The dimensions whose segments all took the step (channel, device…). */
  dimensions: Dimension[];
  /** Days from the step to the period end. */
  days: number;
}

const cache = new WeakMap<EngineContext, TrackingChange[]>();

/** The sessions' steps in the period that look like a change of tracking, once per report. */
export function trackingChanges(ctx: EngineContext): TrackingChange[] {
  let found = cache.get(ctx);
  // A step on the day a project switched from Universal Analytics to GA4 is the switch (analytics-seam.ts says so).
  if (!found) cache.set(ctx, (found = findTrackingChanges(ctx).filter((c) => !nearSeam(ctx, c.date))));
  return found;
}

function findTrackingChanges(ctx: EngineContext): TrackingChange[] {
  const kpi = ctx.kpi?.metric;
  if (!kpi || TRAFFIC_KPIS.has(kpi) || !ctx.data.hasMetric("sessions")) return [];
  const w = ctx.window;
  const out: TrackingChange[] = [];
  for (const step of totalChangePoints(ctx, "sessions").found) {
    // A stretch that began before the period is the trend's: its first day is not the period's to explain.
    if (
      step.kind !== "level_shift" ||
      step.date < w.periodStart ||
      !(step.baseline > 0) ||
      !(step.current > 0) ||
      step.pValue > CLEAR_P
    )
      continue;
    if (Math.abs(Math.log(step.current / step.baseline)) < MIN_STEP) continue;
    const from = addDays(step.date, -BEFORE_DAYS) < w.historyStart ? w.historyStart : addDays(step.date, -BEFORE_DAYS);
    const sessions = stepRatio(ctx.data.series("sessions", from, w.periodEnd), step.date);
    const outcome = stepRatio(ctx.data.series(kpi, from, w.periodEnd), step.date);
    if (!sessions || !outcome || !(sessions.ratio > 0)) continue;
    const logStep = Math.log(sessions.ratio);
    if (Math.abs(logStep) < MIN_STEP) continue;
    // The KPI stayed: within noise of its level before, far from what the step would have brought at the same rate per
    // session (a count's spread grows with it), and by far less than the sessions moved.
    const still = Math.abs(outcome.ratio - 1) <= KPI_STILL * outcome.standardError;
    const dueSpread = outcome.standardError * Math.max(1, Math.sqrt(sessions.ratio));
    const short = Math.abs(sessions.ratio - outcome.ratio) >= KPI_SHORT * dueSpread;
    const lesser = outcome.ratio > 0 && Math.abs(Math.log(outcome.ratio)) < Math.abs(logStep) / 3;
    if (!still || !short || !lesser) continue;
    const dimensions = broadIn(ctx, step.date, logStep);
    if (dimensions === null) continue;
    out.push({
      date: step.date,
      before: step.baseline,
      after: step.current,
      pValue: step.pValue,
      kpiMetric: kpi,
      kpiChangePct: outcome.ratio - 1,
      dimensions,
      days: dayNumber(w.periodEnd) - dayNumber(step.date) + 1,
    });
  }
  return out;
}

interface StepRatio {
  /** The days from the step against their weekdays' means over the weeks before. */
  ratio: number;
  /** Its standard error: the days' spread around their weekday's mean, on both sides' means. */
  standardError: number;
}

/**
 * A series' level from `date` on against the same weekdays before it: Σ after / Σ their weekdays' means before, so a
 * step dated mid-week is not read off a weekend's level. Null with fewer than two of each weekday before, or no day
 * after.
 */
function stepRatio(series: readonly DailyPoint[], date: string): StepRatio | null {
  const sums = new Array<number>(7).fill(0);
  const counts = new Array<number>(7).fill(0);
  for (const p of series)
    if (p.date < date && p.value !== null) {
      sums[dayOfWeek(p.date)] += p.value;
      counts[dayOfWeek(p.date)]++;
    }
  if (counts.some((n) => n < 2)) return null;
  const means = sums.map((s, d) => s / counts[d]);
  let squares = 0;
  let before = 0;
  let actual = 0;
  let expected = 0;
  let after = 0;
  for (const p of series) {
    if (p.value === null) continue;
    const mean = means[dayOfWeek(p.date)];
    if (p.date < date) {
      squares += (p.value - mean) ** 2;
      before++;
    } else {
      actual += p.value;
      expected += mean;
      after++;
    }
  }
  if (after === 0 || !(expected > 0)) return null;
  const spread = Math.sqrt(squares / Math.max(1, before - 7));
  // The after-days' sum varies by its days' noise (after·σ²), and the weekday means it is held against by theirs: each
  // weekday's mean of before/7 days, counted after/7 times, over 7 weekdays (after²·σ²/before).
  const standardError = (spread * Math.sqrt(after + (after * after) / before)) / expected;
  return { ratio: actual / expected, standardError };
}

/**
 * The dimensions whose watched segments took the step: in each, those holding 80 % of its sessions before moved the
 * same way by at least half as much. Null when a dimension's step sits in a few segments (real visitors: a campaign, a
 * viral page); [] when the data has no segments to tell.
 */
function broadIn(ctx: EngineContext, date: string, logStep: number): Dimension[] | null {
  const source = ctx.data.sourceFor(["sessions"]);
  const from =
    addDays(date, -BEFORE_DAYS) < ctx.segmentDaily.from ? ctx.segmentDaily.from : addDays(date, -BEFORE_DAYS);
  const byDimension = new Map<Dimension, { took: number; all: number; segments: number }>();
  for (const s of ctx.segmentDaily.series) {
    if (s.sourceId !== source) continue;
    const series = segmentSeries(
      s,
      "sessions",
      from,
      ctx.window.periodEnd,
      ctx.data.unknownDays(s.sourceId, ctx.excludedDays),
    );
    let volume = 0;
    for (const p of series) if (p.date < date && p.value !== null) volume += p.value;
    const r = stepRatio(series, date);
    if (!r || !(volume > 0)) continue;
    const took = r.ratio > 0 && Math.log(r.ratio) / logStep >= SEGMENT_PART;
    const d = byDimension.get(s.dimension) ?? { took: 0, all: 0, segments: 0 };
    d.all += volume;
    d.took += took ? volume : 0;
    d.segments++;
    byDimension.set(s.dimension, d);
  }
  const told = [...byDimension].filter(([, d]) => d.segments >= 2);
  if (told.some(([, d]) => d.took < BROAD_SHARE * d.all)) return null;
  return told.map(([dimension]) => dimension);
}

/** The audit's finding for a tracking change ("Tracking gaps", issue "tracking_change"; narrative.ts words it). */
export function trackingChangeFinding(change: TrackingChange, periodEnd: string): AuditFinding {
  const changePct = change.after / change.before - 1;
  return {
    kind: "audit",
    check: "tracking_gaps",
    issue: "tracking_change",
    severity: "high",
    metric: "sessions",
    dimension: null,
    dimensionValue: null,
    periodStart: change.date,
    periodEnd,
    current: change.after,
    baseline: change.before,
    change: change.after - change.before,
    changePct,
    expectedLow: null,
    expectedHigh: null,
    confidence: 1 - change.pValue,
    direction: changePct > 0 ? "up" : "down",
    count: change.days,
    examples: [],
    outcomeMetric: change.kpiMetric,
    outcomeChangePct: change.kpiChangePct,
    dimensions: change.dimensions,
  } as AuditFinding;
}

/**
 * The findings that read sessions across a tracking change (their level near its day, a rate per session over a period
 * holding it) say so and carry no effect on the KPI; an outcome whose lead they are is ranked without one.
 */
export function discountTrackingChanges(ctx: EngineContext, outcomes: IntentionOutcome[]): void {
  const changes = trackingChanges(ctx);
  if (changes.length === 0) return;
  for (const o of outcomes) {
    if (o.intention.stage === "audit" || o.findings.length === 0) continue;
    const hit = new Set<Finding>();
    for (const f of o.findings) {
      const change = changes.find((c) => readsAcross(f, c.date));
      if (!change) continue;
      // Said once an outcome, on its first finding that takes the change (its breakdown's are part of it).
      Object.assign(
        f,
        { kpiEffect: 0, indirectEffect: 0 },
        hit.size === 0 ? { trackingChange: { date: change.date } } : {},
      );
      hit.add(f);
    }
    if (hit.size === 0) continue;
    if (o.localised) {
      // The segment watch's outcome is its lead finding's (segment-watch.ts): a segment's own news leads again.
      o.findings = [...o.findings.filter((f) => !hit.has(f)), ...o.findings.filter((f) => hit.has(f))];
      // The findings that take the change already carry no effect.
      takeLeadEffect(o);
    } else if (o.findings.some((f) => typeof f.pValue === "number" && hit.has(f))) {
      o.kpiEffect = 0;
      o.indirectEffect = 0;
    }
  }
}

/** A finding that reads sessions across the change: its level moved near that day, or its period holds it. */
function readsAcross(f: Finding, date: string): boolean {
  const extra = f as Finding & { fromMetric?: string; date?: string };
  const metrics = [f.metric, ...(extra.fromMetric ? [extra.fromMetric] : [])];
  // A segment's average position or order value is not a metric of the catalogue and reads no sessions.
  if (!metrics.some((m) => findMetric(m) && metricParts(m).includes("sessions"))) return false;
  if (f.kind === "level_shift" || f.kind === "anomaly") {
    const day = extra.date ?? f.periodStart;
    return Math.abs(dayNumber(day) - dayNumber(date)) <= NEAR_DAYS;
  }
  return f.periodStart <= date && date <= f.periodEnd;
}
