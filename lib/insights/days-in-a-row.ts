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
 * take them together (analyst-narrative.ts, segment-watch.ts).
 */
export function daysAround<T extends DayFinding>(day: T, findings: readonly T[]): T[] {
  if (day.kind !== "anomaly") return [day];
  const byDate = new Map(findings.filter((f) => sameSeries(f, day)).map((f) => [f.periodStart, f]));
  const run = [day];
  for (let d = addDays(day.periodStart, -1); byDate.has(d); d = addDays(d, -1)) run.unshift(byDate.get(d)!);
  for (let d = addDays(day.periodStart, 1); byDate.has(d); d = addDays(d, 1)) run.push(byDate.get(d)!);
  return run;
}
