import "server-only";
import { intentionByKey } from "@/lib/insights/intentions";
import type { Insight } from "../../db/schema";
import type { ExportFinding, ExportInsight } from "../../exports/export-model";
import type { Chart } from "../../insights/engine/types";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * A stored insight as the builders read it. Findings and charts are JSON columns written by the
 * engine; a finding without a kind and metric is skipped rather than exported half-empty, and
 * non-finite numbers become null (a file never shows NaN).
 */
export function toExportInsight(row: Insight): ExportInsight {
  const intention = intentionByKey(row.intentionKey);
  const findings = (Array.isArray(row.findings) ? row.findings : [])
    .filter(isObject)
    .filter((f) => typeof f.kind === "string" && typeof f.metric === "string")
    .map((f) => {
      const clean: Record<string, unknown> = { ...f };
      for (const [key, value] of Object.entries(f))
        if (typeof value === "number" && !Number.isFinite(value)) clean[key] = null;
      return clean as unknown as ExportFinding;
    });
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    narration: row.narration,
    outcome: row.outcome,
    question: intention?.question ?? "",
    group: row.group,
    funnelStage: row.funnelStage,
    impact: Number.isFinite(row.impact) ? row.impact : 0,
    ...(row.kpiMetric && typeof row.kpiEffect === "number" && Number.isFinite(row.kpiEffect)
      ? { kpiEffect: row.kpiEffect, kpiMetric: row.kpiMetric }
      : { kpiEffect: null, kpiMetric: null }),
    rank: row.rank,
    findings,
    chart: isObject(row.chart) && typeof row.chart.type === "string" ? (row.chart as unknown as Chart) : null,
  };
}
