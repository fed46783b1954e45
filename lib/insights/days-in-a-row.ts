import { addDays } from "../dates";

/** What tells one series' unusual day from another's. */
interface DayFinding {
  kind: string;
  metric: string;
  dimension: string | null;
  dimensionValue: string | null;
  direction: string | null;
  periodStart: string;
  sourceId?: string;
}

const sameSeries = (a: DayFinding, b: DayFinding) =>
  a.kind === "anomaly" &&
  b.kind === "anomaly" &&
  a.metric === b.metric &&
  a.dimension === b.dimension &&
  a.dimensionValue === b.dimensionValue &&
  a.direction === b.direction &&
  a.sourceId === b.sourceId;

/**
 * An unusual day and the other days of its series the same way on the days next to it and to each other (a week's
 * promotion, five days of a spent ad budget), in date order; the day alone when it has none, or is not a day. The
 * summary tells such days in one sentence (server/insights/engine/summary.ts), the headline and the insight's effect
 * take them together (narrate/analyst.ts, segment-watch.ts).
 */
export function daysAround<T extends DayFinding>(day: T, findings: readonly T[]): T[] {
  if (day.kind !== "anomaly") return [day];
  const byDate = new Map(findings.filter((f) => sameSeries(f, day)).map((f) => [f.periodStart, f]));
  const run = [day];
  for (let d = addDays(day.periodStart, -1); byDate.has(d); d = addDays(d, -1)) run.unshift(byDate.get(d)!);
  for (let d = addDays(day.periodStart, 1); byDate.has(d); d = addDays(d, 1)) run.push(byDate.get(d)!);
  return run;
}

/**
 * Days in a row as the engine stores them, on the run's first day (in the insight's order): the numbers their one
 * sentence and the headline tell ("below the expected range on 5 days in a row, from Nov 5 to Nov 9: about 245 a day
 * against about 506 expected (-51.6%)"), so that every number a reader sees is a field of the stored findings.
 */
export interface DaysRun {
  from: string;
  to: string;
  days: number;
  /** Means a day of the days' values and of their expected values. */
  current: number;
  baseline: number;
  change: number;
  changePct: number | null;
  /** The days' effects on the KPI, summed (null when none has one). */
  kpiEffect: number | null;
}

/** What a run of days says, from its days (in date order): the one definition the narrators and the engine share. */
export function daysRun(
  run: readonly { periodStart: string; current: number | null; baseline: number | null; kpiEffect?: number | null }[],
): DaysRun {
  const { current, baseline, first, last } = runMeans(run);
  const effects = run.map((f) => f.kpiEffect).filter((x): x is number => typeof x === "number");
  return {
    from: first,
    to: last,
    days: run.length,
    current,
    baseline,
    change: current - baseline,
    changePct: baseline ? (current - baseline) / Math.abs(baseline) : null,
    kpiEffect: effects.length ? effects.reduce((a, b) => a + b, 0) : null,
  };
}

/**
 * The findings with each run of days in a row (two or more) summed up on the one of its days that comes first in the
 * list, where its sentence stands (summary.ts): new objects, the others as they were.
 */
export function withDaysRuns<T extends DayFinding & DayNumbers & { kpiEffect?: number | null }>(
  findings: readonly T[],
): (T & { runOfDays?: DaysRun })[] {
  const told = new Set<T>();
  return findings.map((f) => {
    if (told.has(f)) return f;
    const run = daysAround(f, findings);
    for (const day of run) told.add(day);
    return run.length > 1 ? { ...f, runOfDays: daysRun(run) } : f;
  });
}

/** The numbers of an unusual day that its run's means replace. */
interface DayNumbers {
  periodStart: string;
  periodEnd: string;
  current: number | null;
  baseline: number | null;
  change: number | null;
  changePct: number | null;
  date?: string;
}

/** Days in a row taken together: their mean value and mean expected value (a day's), and their first and last day. */
export function runMeans(run: readonly { periodStart: string; current: number | null; baseline: number | null }[]): {
  current: number;
  baseline: number;
  first: string;
  last: string;
} {
  const mean = (of: (f: (typeof run)[number]) => number | null) =>
    run.reduce((sum, f) => sum + (of(f) ?? 0), 0) / run.length;
  return {
    current: mean((f) => f.current),
    baseline: mean((f) => f.baseline),
    first: run[0].periodStart,
    last: run[run.length - 1].periodStart,
  };
}

/**
 * The finding an insight's key numbers show when its lead is one of days in a row: the lead's, over the run's first
 * to last day, with the days' means of their values and expected values ("about 237 a day against about 470"), as the
 * headline tells them (narrate/analyst.ts). It had shown the lead day's own under a headline of five days.
 * `daysInARow` says the values are a day's (lib/insights/format-values.ts). The lead itself when it is no run.
 */
export function withItsRun<T extends DayFinding & DayNumbers>(
  lead: T,
  findings: readonly T[],
): T & { daysInARow?: number } {
  const run = daysAround(lead, findings);
  if (run.length < 2) return lead;
  const { current, baseline, first, last } = runMeans(run);
  return {
    ...lead,
    periodStart: first,
    periodEnd: last,
    ...(lead.date ? { date: first } : {}),
    current,
    baseline,
    change: current - baseline,
    changePct: baseline > 0 ? (current - baseline) / baseline : null,
    daysInARow: run.length,
  };
}
