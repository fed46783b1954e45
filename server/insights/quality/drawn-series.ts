// The generated series the property tests and the quality bench judge every engine on: 30 drawn by fast-check (seed
// 56) over generated-series.ts's shapes, each reported on its last 30 days. One list, so the test and the bench count
// the same violations.
import fc from "fast-check";
import { addDays } from "@/lib/dates";
import type { EngineProject } from "../engine/types";
import { generatedRows, type GeneratedSeries } from "./generated-series";
import type { TableRow } from "./table-series-data";

export const DRAWN_END = "2026-03-31";
export const DRAWN_PROJECT: EngineProject = { siteType: "brand", url: null, currency: "USD" };

const generated = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  days: fc.integer({ min: 100, max: 180 }),
  level: fc.integer({ min: 30, max: 30_000 }),
  weekly: fc.double({ min: 0, max: 0.35, noNaN: true }),
  trendPerWeek: fc.double({ min: -0.03, max: 0.03, noNaN: true }),
  dispersion: fc.constantFrom(0, 0, 0.01, 0.05),
  channels: fc.integer({ min: 1, max: 3 }),
  // Days before the end, turned into an index below.
  event: fc.oneof(
    fc.constant({ kind: "none" as const }),
    fc.record({
      kind: fc.constantFrom("spike" as const, "drop" as const, "step" as const),
      day: fc.integer({ min: 3, max: 25 }),
      size: fc.double({ min: 0.3, max: 1.5, noNaN: true }),
    }),
    fc.record({
      kind: fc.constantFrom("frozen" as const, "zeros" as const),
      day: fc.integer({ min: 8, max: 25 }),
      length: fc.integer({ min: 5, max: 14 }),
    }),
  ),
});

export function drawnSeries(): GeneratedSeries[] {
  return fc.sample(generated, { seed: 56, numRuns: 30 }).map((s) => ({
    ...s,
    end: DRAWN_END,
    event: s.event.kind === "none" ? s.event : { ...s.event, day: s.days - s.event.day },
  }));
}

export interface DrawnCase {
  label: string;
  rows: TableRow[];
  periodStart: string;
  periodEnd: string;
  project: EngineProject;
}

/** A drawn series as a report to run: its rows and its last 30 days. */
export function drawnCase(g: GeneratedSeries): DrawnCase {
  return {
    label: `seed ${g.seed} (${g.event.kind}, ${g.level} a day, ${g.channels} channels)`,
    rows: generatedRows(g),
    periodStart: addDays(DRAWN_END, -29),
    periodEnd: DRAWN_END,
    project: DRAWN_PROJECT,
  };
}
