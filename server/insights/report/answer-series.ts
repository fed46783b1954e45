import type { Intention } from "@/lib/insights/intentions";
import type { Candidate } from "../detect/types";
import { analyseSegments, analyseTotal, type ReportContext } from "./analysis";
import { seriesChart } from "./charts";
import { resultOf, type IntentionResult } from "./intention-result";
import { watchedSeries } from "./segments";
import { totalDataKind } from "../attribute/factors";

// The intentions a series answers: a total's unusual days, a total's trend and level changes, and every watched
// segment's unusual days or level changes. Each reads the one analysis of its series (analysis.ts).

/** A total's candidates with the kind of data it is read from, which the next step is aimed at (data-kind-steps.ts). */
function ofDataKind(ctx: ReportContext, metric: string, candidates: readonly Candidate[]): Candidate[] {
  const kind = totalDataKind(ctx.cube.data, metric);
  return kind.dataKind ? candidates.map((c) => ({ ...c, finding: { ...c.finding, ...kind } })) : [...candidates];
}

/** "Were there days when {metric} was outside the expected range?": the total's outlier days. */
export function answerAnomalies(ctx: ReportContext, intention: Intention, metric: string): IntentionResult {
  const a = analyseTotal(ctx, metric);
  if (!a) return resultOf(intention, {});
  return resultOf(intention, {
    candidates: ofDataKind(ctx, metric, a.days.candidates),
    tests: a.days.tests,
    chart: seriesChart(
      ctx,
      a,
      a.days.candidates.map((c) => c.finding),
    ),
  });
}

/** "Is {metric} trending?": the total's growth over the period, its slope changes and its level changes. */
export function answerTrend(ctx: ReportContext, intention: Intention, metric: string): IntentionResult {
  const a = analyseTotal(ctx, metric);
  if (!a) return resultOf(intention, {});
  const candidates = ofDataKind(ctx, metric, [...a.shifts.candidates, ...(a.trend?.candidates ?? [])]);
  return resultOf(intention, {
    candidates,
    tests: a.shifts.tests + (a.trend?.tests ?? 0),
    chart: seriesChart(
      ctx,
      a,
      candidates.map((c) => c.finding),
    ),
  });
}

/** One segment's unusual days ("anomalies") or level changes ("level_shifts"), over every watched series. */
export function answerSegments(
  ctx: ReportContext,
  intention: Intention,
  view: "anomalies" | "level_shifts",
): IntentionResult {
  const candidates: Candidate[] = [];
  let tests = 0;
  const watched = watchedSeries(ctx);
  const analyses = analyseSegments(
    ctx,
    watched.map((w) => w.series),
  );
  for (const [i, { sameRowsAs }] of watched.entries()) {
    const a = analyses[i];
    const detection = view === "anomalies" ? a.days : a.shifts;
    tests += detection.tests;
    for (const c of detection.candidates)
      candidates.push(sameRowsAs.length ? { ...c, finding: { ...c.finding, sameRowsAs } } : c);
  }
  return resultOf(intention, { candidates, tests });
}
