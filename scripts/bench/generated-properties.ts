import { drawnCase, drawnSeries } from "../../server/insights/quality/drawn-series";
import { runAndCheck } from "../../server/insights/quality/engine-run";
import type { Violation } from "../../server/insights/quality/types";
import type { BenchEngine } from "./engine-choice";
import { percentile, type BenchResult } from "./harness";
import { violationLines } from "./quality";

// Part of `npm run bench -- quality`: the finding properties on the 30 generated series the property tests draw
// (server/insights/quality/drawn-series.ts: other shapes than the quality bench's generator: Poisson and negative
// binomial noise, weekly shapes, trends, a spike, a drop, a step, a frozen run or a run of zeros), each reported on
// its last 30 days by the chosen engine and every finding checked against the rows.

export function runGeneratedProperties(engine: BenchEngine): { results: BenchResult[]; lines: string[] } {
  const violations: Violation[] = [];
  const times: number[] = [];
  const cases = drawnSeries().map(drawnCase);
  for (const c of cases) {
    const started = performance.now();
    const run = runAndCheck(c.rows, { ...c, engine });
    times.push(performance.now() - started);
    violations.push(...run.violations.map((v) => ({ ...v, text: `${c.label}: ${v.text}` })));
  }
  times.sort((a, b) => a - b);
  const n = violations.length;
  return {
    lines: violationLines(violations, `${cases.length} drawn generated series`),
    results: [
      {
        label: `engine ${engine} on ${cases.length} drawn generated series (property tests' draws), every finding checked`,
        n: cases.length,
        medianMs: percentile(times, 50),
        p95Ms: percentile(times, 95),
        note: `property violations ${n} (target 0: ${n === 0 ? "met" : "NOT met"}); times are one engine run and its check`,
      },
    ],
  };
}
