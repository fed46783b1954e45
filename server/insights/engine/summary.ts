import { dayNumber } from "@/lib/dates";
import { takesSomeWeekdays } from "../detectors/weekday-shift";
import { NO_SIGNIFICANT_RESULTS } from "@/lib/insights/intentions";
import { findingSentiment } from "@/lib/insights/narrate/sense";
import { revenueMismatchSentence } from "../detectors/revenue-reconciliation";
import { describeFinding, describeRun, type NarrativeContext } from "@/lib/insights/narrate/sentences";
import { isSeasonallyExpected } from "@/lib/insights/season";
import { daysAround, withDaysRuns } from "@/lib/insights/days-in-a-row";
import type { Finding } from "../types";
import type { LevelShiftFinding } from "../detectors/change-points";
import { withGrowthRates } from "./rate-values";
import type { Explanation } from "./explain-by-segment";
import type { IntentionOutcome } from "./types";

const MAX_SENTENCES = 4;

/** Attaches each finding's sentence (narrative.ts) and joins the first few into the summary. */
export function narrate(
  outcome: IntentionOutcome,
  ctx: NarrativeContext,
): { findings: Finding[]; summary: string; sentences: string[] } {
  if (outcome.findings.length === 0) return { findings: [], summary: NO_SIGNIFICANT_RESULTS, sentences: [] };
  // `sentiment` tells the UI how to colour the finding (a fall in cost per conversion is good news).
  // The news first: what the season predicts follows it in the summary and the evidence. A finding without a test of
  // its own (a driver segment) belongs to its outcome's tested one: when that is what the season predicted, the total
  // still comes first and its breakdown after it ("Sessions rose 6.8 % … Expected for the season …; Device “desktop”
  // contributed +2,904"), not the breakdown before the total it breaks down.
  const tested = outcome.findings.filter((f) => typeof f.pValue === "number");
  const ordered = tested.some((f) => !isSeasonallyExpected(f))
    ? [...outcome.findings.filter((f) => !isSeasonallyExpected(f)), ...outcome.findings.filter(isSeasonallyExpected)]
    : outcome.findings;
  // Trends are stored as growth rates (rate-values.ts), after their sentence is written from the slopes.
  // Days in a row carry what their one sentence tells (days-in-a-row.ts `withDaysRuns`).
  const findings = withDaysRuns(
    ordered.map((f, i) =>
      withGrowthRates({
        ...f,
        ...weekdayLevels(f),
        sentiment: findingSentiment(f),
        narrative: sentence(f, {
          ...ctx,
          ...(sameEventBefore(f, ordered.slice(0, i)) ? { effectTold: true } : {}),
          ...(sameShiftNamedBefore(f, ordered.slice(0, i)) ? { shiftTold: true } : {}),
        }),
      }),
    ),
  );
  const type = outcome.intention.analysis.type;
  const lead =
    type === "anomalies" && findings.length > 1
      ? `${findings.length} days were outside the expected range. `
      : type === "audit" && findings.length > 1
        ? `${findings.length} issues found. `
        : "";
  const told = summarySentences(findings, ctx).slice(0, MAX_SENTENCES);
  if (lead) told[0] = lead + told[0];
  return { findings, summary: told.join(" "), sentences: told };
}

/**
 * The findings' sentences in their order, with unusual days of one series in a row (the same metric, segment and
 * direction on consecutive days) told once, where the first of them stands: "… were below the expected range on 5
 * days in a row, from Nov 5 to Nov 9, 2026: …" (narrative.ts, `describeRun`).
 */
function summarySentences(findings: readonly Finding[], ctx: NarrativeContext): string[] {
  const told = new Set<Finding>();
  const sentences: string[] = [];
  for (const f of findings) {
    if (told.has(f)) continue;
    const days = daysAround(f, findings);
    for (const day of days) told.add(day);
    sentences.push(days.length > 1 ? describeRun(days, ctx) : (f.narrative ?? ""));
  }
  return sentences;
}

/**
 * Whether a finding before it in the insight is the same segment's step or day, the same way, within a day: one event
 * seen in several metrics, whose effect on the KPI is said once. A paused campaign's clicks, impressions, conversions
 * and revenue each said "Estimated effect over the period: -€7,260.15 revenue" (or -€6,652.45), four times for one
 * stop.
 */
function sameEventBefore(f: Finding, earlier: readonly Finding[]): boolean {
  if (!f.dimension || (f.kind !== "level_shift" && f.kind !== "anomaly")) return false;
  const day = (x: Finding) => dayNumber(x.periodStart);
  return earlier.some(
    (e) =>
      e.kind === f.kind &&
      e.dimension === f.dimension &&
      e.dimensionValue === f.dimensionValue &&
      e.direction === f.direction &&
      Math.abs(day(e) - day(f)) <= 1,
  );
}

/**
 * A step of some weekdays only (weekday-shift.ts) is stored with its weekdays' levels, as its sentence gives them: its
 * current, baseline and change were every day's average for the engine (its effect counts every day since), and the
 * page beside the sentence read "397 a day, 494 a day, −97 a day (−90.5 %)" where the weekends went from 375 to 36.
 */
function weekdayLevels(f: Finding): Partial<Finding> {
  const w = f as Finding & LevelShiftFinding;
  if (!takesSomeWeekdays(w) || w.weekdayCurrent === undefined || w.weekdayBaseline === undefined) return {};
  return {
    current: w.weekdayCurrent,
    baseline: w.weekdayBaseline,
    change: w.weekdayCurrent - w.weekdayBaseline,
    expectedLow: w.weekdayExpectedLow ?? null,
    expectedHigh: w.weekdayExpectedHigh ?? null,
  };
}

/**
 * Whether a finding before it in the insight was explained by the same segment's shift: the days of a shift of some
 * weekdays say whose shift they are once ("…, whose Saturdays and Sundays shifted from Oct 31"), not on every day.
 */
function sameShiftNamedBefore(f: Finding, earlier: readonly Finding[]): boolean {
  const of = (x: Finding) => (x as Finding & { explainedBy?: Explanation }).explainedBy;
  const e = of(f);
  if (!e?.shiftFrom) return false;
  return earlier.some(
    (x) =>
      of(x)?.shiftFrom === e.shiftFrom &&
      of(x)?.dimension === e.dimension &&
      of(x)?.dimensionValue === e.dimensionValue,
  );
}

function sentence(f: Finding, ctx: NarrativeContext): string {
  const extra = f as Finding & Record<string, unknown>;
  if (f.kind === "audit" && extra.check === "missing_conversions") {
    return extra.issue === "no_conversion_metric"
      ? "The data holds no conversions, leads or transactions, so no insight can say what the traffic brought or rank findings by revenue or leads. Include them in the export, or connect Google Analytics 4."
      : "Conversions, leads and transactions were all zero in this period although the site had visits: conversion tracking may be broken.";
  }
  if (f.kind === "audit" && extra.check === "revenue_reconciliation")
    return revenueMismatchSentence({ issue: String(extra.issue), changePct: f.changePct ?? null });
  return describeFinding(extra, ctx);
}
