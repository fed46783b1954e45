import { FDR } from "./multiplicity";
import { findMetric } from "@/lib/insights/metrics";
import type { NullModel } from "@/lib/insights/finding";
import type { Finding } from "../types";

// The test a finding of this engine passed, named for the reader (lib/insights/finding.ts `significance`): which null
// model its p-value comes from and the report-wide family it was judged in. This engine does not count each search's
// own hypotheses apart (they are all in the report's m), so `family` is 1.

function nullModelOf(f: Finding): NullModel | null {
  // Competitors' metrics (visibility, keywords) are not in the catalogue.
  const unit = findMetric(f.metric)?.unit;
  const kind = findMetric(f.metric)?.kind;
  switch (f.kind) {
    case "anomaly":
      return "seasonal_baseline";
    case "level_shift":
      return kind === "ratio"
        ? "rate_change_point"
        : unit === "currency"
          ? "amount_change_point"
          : "count_change_point";
    case "trend":
      return (f as Finding & { date?: string }).date ? "trend_change_point" : "trend_slope";
    case "change":
    case "driver":
      return "period_change";
    case "funnel":
      return "funnel_step";
    case "split_test":
      return "split_test";
    case "competitor":
      return "competitor_variation";
    default:
      return null;
  }
}

/** The finding with its `significance`, when it carries a p-value of its own. */
export function withTest<F extends Finding>(f: F, report: { tests: number; threshold: number }): F {
  const model = nullModelOf(f);
  if (model === null || typeof f.pValue !== "number" || !Number.isFinite(f.pValue)) return f;
  const significance = {
    nullModel: model,
    pValue: f.pValue,
    family: 1,
    reportTests: report.tests,
    fdr: FDR,
    threshold: report.threshold,
  };
  return { ...f, significance };
}
