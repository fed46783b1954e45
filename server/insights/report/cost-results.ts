import { addDays, dayOfWeek, daysBetween } from "@/lib/dates";
import type { Results } from "@/lib/insights/finding";
import { resultsBetween } from "@/lib/insights/cost-results";
import { metricDefinition } from "@/lib/insights/metrics";
import { isCostPerResult } from "@/lib/insights/narrate/sense";
import { PART_INDEX, type PartKey } from "../data/parts";
import { metricParts, type ProjectData } from "../data/project-data";
import { segmentSeries, type SegmentDaily } from "../data/segment-daily";
import type { SourceDays } from "../data/source-days";
import type { ReportWindow } from "../data/window";
import type { DailyPoint } from "../types";

// A report stage, pure: each cost-per-result finding with what it bought over the days it compares (ADR 0033), before
// the narrator tells it. A cost per click that fell while its clicks fell is fewer, cheaper clicks (a budget cut, a
// campaign winding down), which the narrator tells as such, not as "An improvement" (lib/insights/narrate/sense.ts
// movedWithResults). Every ads source alike: the ratio's own denominator (clicks, conversions) from the source and the
// segment its finding reads. Both engines call it on the findings they are about to narrate (engine/run-engine.ts,
// report/build.ts): the findings are new objects, the data is only read.

/** What the stage reads: the data without its unknown days, the watched segments' days, and the report's window. */
export interface ResultsData {
  data: ProjectData;
  segmentDaily: SegmentDaily;
  excludedDays: SourceDays;
  window: ReportWindow;
}

/** The fields of a finding (either engine's) the stage reads. */
export interface CostFinding {
  kind: string;
  metric: string;
  dimension: string | null;
  dimensionValue: string | null;
  direction: string | null;
  periodStart: string;
  periodEnd: string;
}

/** A day's span, both ends included. */
type Span = readonly [string, string];

interface Spans {
  before: Span;
  after: Span;
  /** One day against the same weekday of the weeks before it. */
  weekday?: number;
}

/** Weeks a day's results are compared with (the same weekday), and the days a level's results are, at most. */
const DAY_WEEKS = 4;
const LEVEL_DAYS = 28;
const MIN_LEVEL_DAYS = 7;

/** The two spans a finding compares: its periods, a day and the same weekday before, a level and the days before. */
function spansOf(f: CostFinding, ctx: ResultsData): Spans | null {
  const w = ctx.window;
  switch (f.kind) {
    case "change":
      return { before: [w.comparisonStart, w.comparisonEnd], after: [w.periodStart, w.periodEnd] };
    case "anomaly":
      return {
        before: [addDays(f.periodStart, -7 * DAY_WEEKS), addDays(f.periodStart, -1)],
        after: [f.periodStart, f.periodStart],
        weekday: dayOfWeek(f.periodStart),
      };
    case "level_shift": {
      const days = Math.min(LEVEL_DAYS, Math.max(MIN_LEVEL_DAYS, daysBetween(f.periodStart, f.periodEnd)));
      return {
        before: [addDays(f.periodStart, -days), addDays(f.periodStart, -1)],
        after: [f.periodStart, f.periodEnd],
      };
    }
    case "trend": {
      // A trend's first and last fortnight (or halves of a shorter span), as its direction is read.
      const half = Math.min(14, Math.floor(daysBetween(f.periodStart, f.periodEnd) / 2));
      if (half < 1) return null;
      return {
        before: [f.periodStart, addDays(f.periodStart, half - 1)],
        after: [addDays(f.periodEnd, 1 - half), f.periodEnd],
      };
    }
    default:
      return null;
  }
}

/** The mean of a series' known days (of one weekday when given); null without one. */
function meanOf(points: readonly DailyPoint[], weekday?: number): number | null {
  let sum = 0;
  let n = 0;
  for (const p of points)
    if (p.value !== null && (weekday === undefined || dayOfWeek(p.date) === weekday)) {
      sum += p.value;
      n++;
    }
  return n > 0 ? sum / n : null;
}

/** The results' days over [from, to]: the total's from the ratio's source, or the finding's watched segment's. */
function resultDays(ctx: ResultsData, f: CostFinding, part: PartKey, span: Span): DailyPoint[] | null {
  const [from, to] = span;
  if (f.dimension === null) {
    const source = ctx.data.sourceFor(metricParts(f.metric));
    return source ? ctx.data.series(part, from, to, source) : null;
  }
  const s = ctx.segmentDaily.series.find(
    (x) => x.dimension === f.dimension && x.value === f.dimensionValue && ctx.data.hasPart(part, x.sourceId),
  );
  if (!s || from < ctx.segmentDaily.from) return null;
  return segmentSeries(s, part, from, to, ctx.data.unknownDays(s.sourceId, ctx.excludedDays));
}

/** A segment's period change: its results a day from the periods' totals by value (the watch covers neither). */
function segmentPeriods(ctx: ResultsData, f: CostFinding, part: PartKey): [number, number] | null {
  const split = ctx.data.segments(f.metric, f.dimension as Parameters<ProjectData["segments"]>[1]);
  const seg = split?.segments.find((s) => s.value === f.dimensionValue);
  const before = seg?.baseline?.[PART_INDEX[part]];
  const after = seg?.current?.[PART_INDEX[part]];
  if (before == null || after == null) return null;
  const w = ctx.window;
  return [before / daysBetween(w.comparisonStart, w.comparisonEnd), after / daysBetween(w.periodStart, w.periodEnd)];
}

/** A cost-per-result finding's results over its two spans; null for any other finding or without the days. */
export function resultsOf(ctx: ResultsData, f: CostFinding): Results | null {
  if (!isCostPerResult(f.metric) || f.direction === null) return null;
  const spans = spansOf(f, ctx);
  if (!spans) return null;
  const def = metricDefinition(f.metric);
  if (def.kind !== "ratio") return null;
  const part = def.denominator as PartKey;
  let levels: [number | null, number | null];
  const days = (span: Span) => resultDays(ctx, f, part, span);
  const before = days(spans.before);
  const after = days(spans.after);
  if (before && after) levels = [meanOf(before, spans.weekday), meanOf(after)];
  else if (f.kind === "change" && f.dimension !== null) levels = segmentPeriods(ctx, f, part) ?? [null, null];
  else return null;
  const [b, a] = levels;
  if (b === null || a === null) return null;
  return resultsBetween(part, b, a);
}

/** The findings, each of a cost per result carrying its results (a copy); the others as they were. */
export function withCostResults<F extends CostFinding>(ctx: ResultsData, findings: readonly F[]): F[] {
  return findings.map((f) => {
    const results = resultsOf(ctx, f);
    return results ? { ...f, results } : f;
  });
}
