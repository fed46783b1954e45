import type { Finding } from "@/lib/insights/finding";
import { findingKpiEffect, type KpiEffect } from "../attribute/kpi-effect";
import type { ReportContext } from "./analysis";
import type { JudgedResult } from "./judge";

// Ranking: each insight by what its findings are worth in the primary KPI (kpi-effect.ts), as a share of the KPI's
// comparison total; a metric with no path to the KPI by its damped relative change. The five largest non-audit
// insights with findings are the Most Impactful (one breakdown per metric: the one whose lead driver explains most),
// the audit is Data Quality, the rest Other. Pure: returns new objects, in display order.

export const MOST_IMPACTFUL = 5;
export type InsightGroup = "most_impactful" | "data_quality" | "other";

export interface RankedResult extends JudgedResult {
  /** The findings, each with its own effect on the KPI, the most effective first (companions after their lead). */
  findings: Finding[];
  effect: KpiEffect;
  impact: number;
  group: InsightGroup;
  rank: number;
}

const tested = (f: Finding) => f.significance !== undefined;

/** The findings in order of effect, each companion (a driver) after the tested finding it follows. */
function ordered(ctx: ReportContext, r: JudgedResult): { findings: Finding[]; effects: Map<Finding, KpiEffect> } {
  const effects = new Map(r.findings.map((f) => [f, findingKpiEffect(ctx, f)] as const));
  const weight = (f: Finding) => Math.abs(effects.get(f)!.kpiEffect) + effects.get(f)!.indirect;
  const groups: Finding[][] = [];
  for (const f of r.findings) {
    if (tested(f) || groups.length === 0) groups.push([f]);
    else groups[groups.length - 1].push(f);
  }
  const segmentWatch = r.result.intention.analysis.type === "segments";
  const sorted = segmentWatch ? [...groups].sort((a, b) => weight(b[0]) - weight(a[0])) : groups;
  return { findings: sorted.flat(), effects };
}

function effectOf(r: JudgedResult, findings: readonly Finding[], effects: ReadonlyMap<Finding, KpiEffect>): KpiEffect {
  const leads = findings.filter(tested);
  if (leads.length === 0) return { kpiEffect: 0, indirect: 0 };
  // A segment watch's insight is worth its lead finding (its others are other segments' own news); a total's, all.
  const counted = r.result.intention.analysis.type === "segments" ? leads.slice(0, 1) : leads;
  return {
    kpiEffect: counted.reduce((s, f) => s + effects.get(f)!.kpiEffect, 0),
    indirect: Math.max(0, ...counted.map((f) => effects.get(f)!.indirect)),
  };
}

/** |share of the change| a breakdown's first driver explains. */
const concentration = (findings: readonly Finding[]) =>
  Math.abs((findings.find((f) => f.kind === "driver") as { shareOfChange?: number } | undefined)?.shareOfChange ?? 0);

export function rank(ctx: ReportContext, judged: readonly JudgedResult[]): RankedResult[] {
  const reference = ctx.kpi?.reference ?? 0;
  const scored = judged.map((r, order) => {
    const { findings, effects } = ordered(ctx, r);
    const effect = effectOf(r, findings, effects);
    const share = reference > 0 ? Math.abs(effect.kpiEffect) / reference : 0;
    const audit = r.result.intention.stage === "audit";
    const impact = audit ? (r.result.severity ?? 0) : share + effect.indirect;
    const seriesOf = new Map<Finding, string>();
    const withEffects = findings.map((f) => {
      const e = effects.get(f)!.kpiEffect;
      const out = e && f.kind !== "driver" ? { ...f, kpiEffect: e } : f;
      const key = r.seriesOf.get(f);
      if (key) seriesOf.set(out, key);
      return out;
    });
    return { ...r, findings: withEffects, seriesOf, effect, impact, order, audit };
  });
  const candidates = scored.filter((s) => !s.audit && s.findings.length > 0 && s.impact > 0).sort(byImpact);
  const bestBreakdown = new Map<string, (typeof scored)[number]>();
  for (const c of candidates) {
    const a = c.result.intention.analysis;
    if (a.type !== "drivers") continue;
    const held = bestBreakdown.get(a.metric);
    if (!held || concentration(c.findings) > concentration(held.findings)) bestBreakdown.set(a.metric, c);
  }
  const distinct = candidates.filter((c) => {
    const a = c.result.intention.analysis;
    return a.type !== "drivers" || bestBreakdown.get(a.metric) === c;
  });
  const top = new Set(distinct.slice(0, MOST_IMPACTFUL));
  const groupOf = (s: (typeof scored)[number]): InsightGroup =>
    s.audit ? "data_quality" : top.has(s) ? "most_impactful" : "other";
  const order: InsightGroup[] = ["most_impactful", "data_quality", "other"];
  const sorted = [...scored].sort(
    (a, b) =>
      order.indexOf(groupOf(a)) - order.indexOf(groupOf(b)) ||
      Number(b.findings.length > 0) - Number(a.findings.length > 0) ||
      byImpact(a, b),
  );
  return sorted.map((s, i) => ({
    result: s.result,
    findings: s.findings,
    seriesOf: s.seriesOf,
    effect: s.effect,
    impact: s.impact,
    group: groupOf(s),
    rank: i + 1,
  }));
}

function byImpact(a: { impact: number; order: number }, b: { impact: number; order: number }): number {
  return b.impact - a.impact || a.order - b.order;
}
