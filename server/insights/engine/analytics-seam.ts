import { GENERATION_NAMES } from "@/lib/catalogue/analytics-generations";
import { findMetric } from "@/lib/catalogue/metrics";
import type { Dimension } from "@/lib/insights/metrics";
import { addDays, dayNumber } from "@/lib/dates";
import type { AnalyticsSeam } from "../data/analytics-seam";
import { metricParts } from "../data/project-data";
import type { AuditFinding } from "../detectors/data-quality";
import type { Finding } from "../types";
import { takeLeadEffect } from "./analyses/segment-watch";
import type { EngineContext, IntentionOutcome } from "./types";

// The switch from Universal Analytics to Google Analytics 4 in a report (the loader reads the two as one source,
// data/analytics-seam.ts). GA4 counts otherwise: a session no longer restarts at midnight or when the campaign
// changes, users are counted from its own identifiers, key events are not UA's goals (a goal counted once a
// session, a key event each time it fires). So the same site's sessions, users and conversions step on the day of
// the switch with no visitor gained or lost: a report whose compared days lie on both sides says which days come
// from which generation, once, in its Data Quality Audit, and tells no finding of that step (a level shift on the
// day, a period's change against days of the other generation) as news.

/** A level shift, trend change or unusual day this close to the switch (in days) is read as the switch. */
const NEAR_DAYS = 14;
/** Days either side of the switch its levels are read over (its finding's "about X a day before, Y after"). */
const LEVEL_DAYS = 28;

/** The seams the report's compared days lie across: compared from before GA4's first day, to it or later. */
export function crossedSeams(ctx: EngineContext): AnalyticsSeam[] {
  const w = ctx.window;
  return ctx.data.seams.filter((s) => w.comparisonStart < s.from && s.from <= w.periodEnd);
}

/** The audit's finding for a seam: which days come from which generation, and sessions' levels either side. */
export function seamFinding(ctx: EngineContext, seam: AnalyticsSeam): AuditFinding {
  const w = ctx.window;
  const metric = ctx.rawData.hasPart("sessions", seam.currentId) ? "sessions" : "users";
  const first = w.comparisonStart > seam.legacyFirst ? w.comparisonStart : seam.legacyFirst;
  const level = (from: string, to: string) => {
    const values = ctx.rawData
      .series(metric, from, to, seam.currentId)
      .flatMap((p) => (p.value === null ? [] : [p.value]));
    return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null;
  };
  const before = level(addDays(seam.from, -LEVEL_DAYS), addDays(seam.from, -1));
  const after = level(
    seam.from,
    addDays(seam.from, LEVEL_DAYS - 1) < w.periodEnd ? addDays(seam.from, LEVEL_DAYS - 1) : w.periodEnd,
  );
  const changePct = before && after !== null ? after / before - 1 : null;
  return {
    kind: "audit",
    check: "tracking_gaps",
    issue: "analytics_seam",
    severity: "low",
    metric,
    dimension: null,
    dimensionValue: null,
    periodStart: seam.from,
    periodEnd: w.periodEnd,
    current: after,
    baseline: before,
    change: before !== null && after !== null ? after - before : null,
    changePct,
    expectedLow: null,
    expectedHigh: null,
    confidence: 1,
    direction: changePct === null ? null : changePct > 0 ? "up" : "down",
    count: dayNumber(w.periodEnd) - dayNumber(seam.from) + 1,
    examples: [],
    legacySource: GENERATION_NAMES.ua,
    currentSource: GENERATION_NAMES.ga4,
    legacyFrom: first,
    legacyTo: addDays(seam.from, -1),
  } as AuditFinding;
}

/**
 * Takes out the findings the switch alone makes: of a metric read from a stitched source, a level shift, trend change
 * or unusual day near its first GA4 day, and a period's change whose compared days lie on both sides of it. The
 * audit's seam finding says why they are not told.
 */
export function dropSeamFindings(ctx: EngineContext, outcomes: IntentionOutcome[]): void {
  const seams = crossedSeams(ctx);
  const near = ctx.data.seams.filter(
    (s) => dayNumber(s.from) + NEAR_DAYS >= dayNumber(ctx.window.periodStart) && s.from <= ctx.window.periodEnd,
  );
  if (seams.length === 0 && near.length === 0) return;
  for (const o of outcomes) {
    if (o.intention.stage === "audit" || o.findings.length === 0) continue;
    const kept = o.findings.filter((f) => !ofSwitch(ctx, f, seams, near));
    if (kept.length === o.findings.length) continue;
    const leadGone = kept[0] !== o.findings[0];
    o.findings = kept;
    if (kept.length === 0) {
      o.kpiEffect = 0;
      o.indirectEffect = 0;
      o.chart = o.localised ? null : o.chart;
    } else if (o.localised && leadGone) takeLeadEffect(o);
  }
}

/** Whether a day is within NEAR_DAYS of a seam of the data (a step that day is the switch's). */
export function nearSeam(ctx: Pick<EngineContext, "data">, date: string): boolean {
  return ctx.data.seams.some((s) => Math.abs(dayNumber(date) - dayNumber(s.from)) <= NEAR_DAYS);
}

function ofSwitch(ctx: EngineContext, f: Finding, crossed: AnalyticsSeam[], near: AnalyticsSeam[]): boolean {
  const extra = f as Finding & { fromMetric?: string; date?: string };
  const metrics = [f.metric, ...(extra.fromMetric ? [extra.fromMetric] : [])].filter((m) => findMetric(m));
  const reads = (seam: AnalyticsSeam) =>
    metrics.some((m) => {
      const parts = metricParts(m);
      return (
        ctx.data.sourceFor(parts) === seam.currentId ||
        (f.dimension ? ctx.data.sourceFor(parts, f.dimension as Dimension) === seam.currentId : false)
      );
    });
  if (f.kind === "level_shift" || f.kind === "anomaly" || f.kind === "trend") {
    const day = extra.date ?? f.periodStart;
    return near.some((s) => Math.abs(dayNumber(day) - dayNumber(s.from)) <= NEAR_DAYS && reads(s));
  }
  return crossed.some(reads);
}
