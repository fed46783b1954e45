import type { Finding } from "@/lib/insights/finding";
import { seasonFor } from "../engine/seasonal-label";
import type { Finding as EngineFinding } from "../types";
import type { ReportContext } from "./analysis";
import { keptContext } from "./answer-kept";
import type { JudgedResult } from "./judge";

// The season is not news: a tested finding that the same days a year earlier show too (a level shift, an unusual day,
// a trend, a period's change: engine/seasonal-label.ts, the one rule v2 labels by) is labelled expected (`season`),
// kept, and weighs nothing in the ranking (attribute/kpi-effect.ts). The model's yearly factors (model/yearly.ts)
// read a season against last year's quarter, which a step of the season straddles: a season that begins on a date
// was told as a shift on the quality bench (0 of 10 seasons handled). A pure stage: labelled findings are new objects.

export function withSeasons(ctx: ReportContext, judged: readonly JudgedResult[]): JudgedResult[] {
  const legacy = keptContext(ctx);
  return judged.map((r) => {
    const labelled = new Map<Finding, Finding>();
    for (const f of r.findings) {
      if (f.significance === undefined || f.season) continue;
      const season = seasonFor(legacy, f as unknown as EngineFinding);
      if (season) labelled.set(f, { ...f, season: { ...season } });
    }
    if (labelled.size === 0) return r;
    const seriesOf = new Map<Finding, string>();
    for (const [f, key] of r.seriesOf) seriesOf.set(labelled.get(f) ?? f, key);
    return { ...r, findings: r.findings.map((f) => labelled.get(f) ?? f), seriesOf };
  });
}
