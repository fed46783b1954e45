import type { Results } from "./finding";

/**
 * What a cost per result bought over two spans (its denominator's mean a day in each: clicks for a cost per click,
 * conversions for a cost per conversion), the one shape a finding, a report's key figure and a dashboard tile carry so
 * that each reads the same judgement of it (ADR 0033, narrate/sense.ts movedWithResults): cheaper but fewer is no gain.
 */
export function resultsBetween(metric: string, before: number, after: number): Results {
  return { metric, before, after, changePct: before > 0 ? after / before - 1 : null };
}
