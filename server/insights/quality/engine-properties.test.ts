import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, daysBetween } from "@/lib/dates";
import type { EngineProject } from "../engine/types";
import { runEngine } from "../engine/run-engine";
import { engineInputOfRows } from "./engine-input";
import { runAndCheck } from "./engine-run";
import { eventPeriod } from "./event-recall";
import { drawnCase, drawnSeries } from "./drawn-series";
import { isKnownFailure, type Suite } from "./known-failures";
import { reportDifferences } from "./properties/deterministic";
import { REAL_SERIES } from "./real-series";
import { engineReportOf } from "./report-of";
import { lastDate, readSeriesRows } from "./series-files";
import type { TableRow } from "./table-series-data";
import { PROPERTIES, type Property, type Violation } from "./types";

// Issue 56's finding properties on today's engine: every finding of every report on generated series (fast-check
// draws them) and on the real public series (their event and quiet windows, and windows fast-check draws) is checked
// (check-report.ts). A property the engine breaks today is listed in known-failures.ts and its test runs as
// `it.fails`, so it is counted and seen without turning CI red; the violations are printed below each suite.

interface Case {
  label: string;
  rows: TableRow[];
  periodStart: string;
  periodEnd: string;
  project: EngineProject;
}

function realCases(): Case[] {
  const cases: Case[] = [];
  for (const series of REAL_SERIES) {
    const rows = readSeriesRows(series);
    const first = rows.reduce((a, r) => (r.date < a ? r.date : a), rows[0].date);
    const last = lastDate(rows);
    const project: EngineProject = { siteType: series.siteType, url: null, currency: "USD" };
    for (const e of series.events) {
      const p = eventPeriod(e.date, last);
      cases.push({ label: `${series.key} ${e.name}`, rows, periodStart: p.start, periodEnd: p.end, project });
    }
    for (const q of series.quiet)
      cases.push({ label: `${series.key} quiet`, rows, periodStart: q, periodEnd: addDays(q, 29), project });
    // Windows fast-check draws anywhere past the series' first 120 days.
    const span = daysBetween(addDays(first, 120), last);
    for (const end of fc.sample(fc.integer({ min: 0, max: span - 1 }), { seed: 56, numRuns: 3 })) {
      const periodEnd = addDays(first, 120 + end);
      cases.push({ label: `${series.key} drawn`, rows, periodStart: addDays(periodEnd, -29), periodEnd, project });
    }
  }
  return cases;
}

function describeSuite(suite: Suite, cases: () => Case[]) {
  const byProperty = new Map<Property, Violation[]>();
  beforeAll(() => {
    for (const c of cases()) {
      const { violations } = runAndCheck(c.rows, c);
      for (const v of violations)
        byProperty.set(v.property, [...(byProperty.get(v.property) ?? []), { ...v, text: `${c.label}: ${v.text}` }]);
    }
    const counts = PROPERTIES.filter((p) => p !== "deterministic").map((p) => `${p} ${byProperty.get(p)?.length ?? 0}`);
    console.log(`[${suite}] violations by property: ${counts.join(", ")}`);
  });
  for (const property of PROPERTIES) {
    if (property === "deterministic") continue;
    const test = isKnownFailure(suite, property) ? it.fails : it;
    test(`every finding keeps “${property}”${isKnownFailure(suite, property) ? " (fails today: known-failures.ts)" : ""}`, () => {
      const found = byProperty.get(property) ?? [];
      if (found.length > 0)
        console.log(
          `[${suite}] ${property}: ${found.length}, e.g.\n  ${found
            .slice(0, 3)
            .map((v) => v.text)
            .join("\n  ")}`,
        );
      expect(found.map((v) => v.text)).toEqual([]);
    });
  }
}

/** The rows in another order, and the segments listed the other way round: the report must not change. */
function reordered(rows: readonly TableRow[], seed: number): TableRow[] {
  const order = fc.sample(fc.shuffledSubarray([...rows.keys()], { minLength: rows.length }), { seed, numRuns: 1 })[0];
  return order.map((i) => rows[i]);
}

function sameReport(c: Case, seed: number): Violation[] {
  const report = (rows: readonly TableRow[], reverseSegments: boolean) => {
    const input = engineInputOfRows(rows, c);
    if (reverseSegments) input.segmentDaily.series.reverse();
    return engineReportOf(runEngine(input), input.window, c.project.currency);
  };
  return reportDifferences(report(c.rows, false), report(reordered(c.rows, seed), true), `${c.label}, rows shuffled`);
}

describe("the engine on generated series", () => {
  describeSuite("generated", () => drawnSeries().map(drawnCase));

  it("gives the same report whatever the order of rows and segments", () => {
    const differences = drawnSeries()
      .filter((g) => g.channels > 1)
      .slice(0, 6)
      .flatMap((g, i) => sameReport({ ...drawnCase(g), label: `seed ${g.seed}` }, i + 1));
    expect(differences.map((d) => d.text)).toEqual([]);
  });
});

describe("the engine on real public series", () => {
  describeSuite("real", realCases);

  it("gives the same report whatever the order of rows and segments (Capital Bikeshare's two rider channels)", () => {
    const differences = realCases()
      .filter((c) => c.label.startsWith("capital-bikeshare") && !c.label.endsWith("drawn"))
      .slice(0, 4)
      .flatMap((c, i) => sameReport(c, i + 1));
    expect(differences.map((d) => d.text)).toEqual([]);
  });
});
