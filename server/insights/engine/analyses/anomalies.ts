import { metricDefinition } from "@/lib/insights/metrics";
import { detectAnomalies } from "../../detectors/anomalies";
import { kpiEffectOf } from "../impact";
import { eventsPerDay, FORECAST_HISTORY_DAYS, historyBefore } from "../skip-reason";
import { seasonExpects } from "../seasonal-label";
import { detectCountDays } from "../../detectors/count-days";
import type { PartKey } from "../../data/parts";
import { COUNT_BEHIND, MIN_COUNT_PER_DAY } from "../count-floor";
import { totalChangePoints, totalLevelShifts } from "./total-change-points";
import { withoutWeekdayShiftDays } from "../../detectors/weekday-shift";
import type { EngineContext, IntentionOutcome } from "../types";
import type { ChangePointFinding, LevelShiftFinding } from "../../detectors/change-points";
import type { DailyPoint } from "../../types";
import type { Intention } from "@/lib/insights/intentions";
import { totalDataKind } from "../../attribute/factors";

/** Keep the strongest few days: a report lists what to look at, not every flagged day. */
const MAX_FINDINGS = 10;

/**
 * The series without the days of a stretch at none (change-points.ts: a lead form that recorded nothing for three
 * weeks, and then did again). They are the trend intention's finding, and no ratio carries the days around them to
 * their level (none, before the return; infinitely more, after it): judged across it, the stretch's first days were
 * "below the expected range" and the 7 days after its return "above the expected range …: about 48 a day against
 * about 0 expected". Left out as unknown days, as a weekday step's are.
 */
function withoutStretchesAtNone<T extends DailyPoint>(
  series: readonly T[],
  steps: readonly ChangePointFinding[],
): readonly T[] {
  const none = steps.filter((f) => f.kind === "level_shift" && f.until && f.current <= 0) as LevelShiftFinding[];
  if (none.length === 0) return series;
  return series.map((p) =>
    p.value !== null && none.some((f) => p.date >= f.date && p.date <= f.until!) ? { ...p, value: null } : p,
  );
}

export function runAnomalies(ctx: EngineContext, intention: Intention, metric: string): IntentionOutcome {
  const w = ctx.window;
  // The days of a step only some weekdays took are that step's (the trend intention's finding), not unusual days.
  const { found: steps, episodeDays } = totalChangePoints(ctx, metric);
  const series = withoutStretchesAtNone(
    withoutWeekdayShiftDays(ctx.data.series(metric, w.historyStart, w.periodEnd), steps),
    steps,
  );
  const unit = metricDefinition(metric).unit;
  const forecast = historyBefore(ctx) >= FORECAST_HISTORY_DAYS;
  const seasonal = new Set(
    forecast ? steps.filter((f) => f.kind === "level_shift" && seasonExpects(ctx, f)).map((f) => f.date) : [],
  );
  const options = {
    metric,
    periodStart: w.periodStart,
    periodEnd: w.periodEnd,
    // A deviation of less than one conversion is not news, whatever the interval says.
    minAbsoluteDeviation: unit === "count" ? 1 : 0,
    // A lasting step is the trend intention's finding; the days after it are judged at its new level.
    levelShifts: totalLevelShifts(ctx, metric),
    // A few days away from the level and back are judged, but the days around them are not judged against them.
    aside: episodeDays,
  };
  const result = judgedAsCounts(ctx, metric)
    ? detectCountDays(series, {
        ...options,
        from: w.periodStart,
        to: w.periodEnd,
        breaks: options.levelShifts.map((s) => s.date),
      })
    : detectAnomalies(series, {
        ...options,
        // Not at a step the season brings when the forecast has last year's season in it already: scaled by the step
        // on top of it, the demo shop's Black Friday week read "below the expected range on 7 days in a row: about
        // 5,114 a day against about 7,064 expected".
        levelShifts: options.levelShifts.filter((s) => !seasonal.has(s.date)),
        // Forecast from the weeks before each day when there are enough of them (yearly seasonality
        // included); on a short history, each day from both sides, as the segments are judged.
        baseline: forecast ? "forecast" : "two-sided",
      });
  // Search Console's or an ad account's days: the next step is aimed at that data (narrate/data-kind-steps.ts).
  const kind = totalDataKind(ctx.data, metric);
  const findings = [...result.findings]
    .sort((a, b) => Math.abs(b.score) - Math.abs(a.score))
    .slice(0, MAX_FINDINGS)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((f) => ({ ...f, ...kind }));
  const delta = findings.reduce((s, f) => s + (f.change ?? 0), 0);
  const effect = kpiEffectOf(ctx, metric, delta);
  return {
    intention,
    findings,
    chart: {
      type: "series",
      metric,
      unit,
      points: result.points.map((p) => ({
        date: p.date,
        value: p.actual,
        expected: round(p.expected),
        low: round(p.low),
        high: round(p.high),
      })),
      marks: findings.map((f) => ({ date: f.date, kind: f.direction === "up" ? "spike" : "drop" })),
    },
    kpiEffect: effect.kpiEffect,
    indirectEffect: effect.indirectEffect,
    severity: 0,
    tests: result.judgedDays,
  };
}

/**
 * A count of a few events a day (3 to 10 leads): its days are judged as counts, each from the days on both sides
 * (as the segments' are). Fewer are skipped with the reason (skip-reason.ts); more get the forecast's t interval.
 */
function judgedAsCounts(ctx: EngineContext, metric: string): boolean {
  if (metricDefinition(metric).unit !== "count" || COUNT_BEHIND[metric as PartKey]) return false;
  const volume = eventsPerDay(ctx, metric);
  return volume !== null && volume.perDay < MIN_COUNT_PER_DAY;
}

export const round = (x: number | null | undefined): number | null =>
  x === null || x === undefined || !Number.isFinite(x) ? null : Math.round(x * 1000) / 1000;
