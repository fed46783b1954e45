import { daysAround } from "@/lib/insights/days-in-a-row";
import type { SegmentAnomaly, SegmentShift } from "./segment-watch";

// A segment insight's findings in the order they are told and cut: a series' unusual days in a row (a week's
// promotion, five days of a spent budget) are one event, ranked by their effect together and never split by the cut.

/**
 * `findings` (in their ranked order) with each run of days kept together in date order, a run moved ahead of the
 * findings before it whose effect on the KPI is smaller than the run's, and cut to `max` events (a run is one) and at
 * most twice as many findings (a run that would pass that is left out), never inside a run. Ranked day by day, a
 * ten-day promotion of Paid Search led its insight with "Transactions for Channel “Paid Search” on Nov 4, 2026 were
 * 34 …" (+$1,123.97), its visits' ten days in a row (about +$5,000 together) behind its orders' and revenue's days,
 * and the cut to 12 findings kept seven of those ten days, told as two runs. A finding that is no run keeps its place
 * among the others.
 */
export function runsTogether<T extends SegmentAnomaly | SegmentShift>(findings: readonly T[], max: number): T[] {
  const seen = new Set<T>();
  const groups: { items: T[]; effect: number }[] = [];
  for (const f of findings) {
    if (seen.has(f)) continue;
    const items = daysAround(f, findings);
    for (const day of items) seen.add(day);
    const effect = Math.abs(items.reduce((sum, day) => sum + day.kpiEffect, 0));
    const at = items.length > 1 ? groups.findIndex((g) => g.effect < effect) : -1;
    if (at < 0) groups.push({ items, effect });
    else groups.splice(at, 0, { items, effect });
  }
  const out: T[] = [];
  for (const g of groups.slice(0, max)) {
    if (out.length > 0 && out.length + g.items.length > 2 * max) continue;
    out.push(...g.items);
  }
  return out;
}
