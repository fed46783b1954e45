import type { Finding } from "@/lib/insights/finding";
import type { ReportContext } from "./analysis";
import { keptContext } from "./answer-kept";
import type { JudgedResult } from "./judge";
import { engineDays, stepsOnTheirDays, withRestated } from "./steps-on-their-days";

// v3's level shifts stated on their days (steps-on-their-days.ts, the restatement v2 uses too). The search states a
// step's levels as the raw means of the spans between its cuts, the days it opened with included (Peyton Manning's
// release: 42,780 a day stated against 36,040 in its days, 25,000 without the three the report told as unusual); every
// step of a day's grain is stated on the days the finding names, less the report's unusual days on its series, before
// a share of its change is read (the dedupe's totals explained). A pure stage: restated findings are new objects.

export function stepsTold(ctx: ReportContext, judged: readonly JudgedResult[]): JudgedResult[] {
  const restated = stepsOnTheirDays<Finding>(
    judged.flatMap((r) => r.findings),
    engineDays(keptContext(ctx)),
    { periodEnd: ctx.window.periodEnd, onlyBesideUnusualDays: false },
  );
  if (restated.size === 0) return [...judged];
  return judged.map((r) => {
    if (!r.findings.some((f) => restated.has(f))) return r;
    const seriesOf = new Map<Finding, string>();
    for (const [f, key] of r.seriesOf) {
      const told = restated.has(f) ? restated.get(f) : f;
      if (told) seriesOf.set(told, key);
    }
    return { ...r, findings: withRestated(r.findings, restated), seriesOf };
  });
}
