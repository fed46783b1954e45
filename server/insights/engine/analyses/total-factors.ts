import { estimatePeriodTotal } from "@/lib/insights/period-estimate";
import type { DataKind, FactorSplit } from "@/lib/insights/finding";
import { dataKindOf, factorSplit, type FactorData } from "../../attribute/factors";
import type { PartKey } from "../../data/parts";
import type { Segment } from "../../data/project-data";
import { PART_INDEX } from "../../data/parts";
import type { EngineContext } from "../types";

// What a total's change finding carries beside its numbers (change.ts, drivers.ts): the factors of its identity
// (clicks = impressions × CTR …, attribute/factors.ts) and the kind of data it was read from, which the narrator's
// next step is aimed at (organic search results, an ad account).

interface TotalChange {
  current: number;
  baseline: number;
  change: number;
}

/** The fields to add to a total's change finding of `metric` read from `sourceId` (its segments, when it was split). */
export function totalChangeFields(
  ctx: EngineContext,
  metric: string,
  change: TotalChange,
  sourceId: string | null,
  segments?: readonly Segment[],
): { factors?: FactorSplit; dataKind?: DataKind } {
  if (!sourceId) return {};
  const has = (part: PartKey) => ctx.data.hasPart(part, sourceId);
  const dataKind = dataKindOf(has);
  const factors = factorSplit(
    metric,
    change,
    segments ? segmentData(ctx, sourceId, segments) : sourceData(ctx, sourceId),
  );
  return { ...(factors ? { factors } : {}), ...(dataKind ? { dataKind } : {}) };
}

/** A source's totals over the two periods, its missing days estimated as the change's own totals are. */
function sourceData(ctx: EngineContext, sourceId: string): FactorData {
  const w = ctx.window;
  const total = (part: PartKey, from: string, to: string) => {
    const points = ctx.data.series(part, from, to, sourceId);
    return points.some((p) => p.value !== null) ? estimatePeriodTotal(points).total : null;
  };
  return {
    has: (part) => ctx.data.hasPart(part, sourceId),
    totals: (part) => ({
      current: total(part, w.periodStart, w.periodEnd),
      baseline: total(part, w.comparisonStart, w.comparisonEnd),
    }),
    position: () =>
      ctx.data.hasPart("positionWeighted", sourceId) ? ctx.data.periodTotals("position", sourceId) : null,
  };
}

/** The segments' sums (a breakdown's total is theirs: the paid campaigns alone for an ad metric by campaign). */
function segmentData(ctx: EngineContext, sourceId: string, segments: readonly Segment[]): FactorData {
  const sum = (part: PartKey, period: "current" | "baseline") => {
    const i = PART_INDEX[part];
    let total: number | null = null;
    for (const s of segments) {
      const v = s[period]?.[i];
      if (v !== null && v !== undefined) total = (total ?? 0) + v;
    }
    return total;
  };
  return {
    has: (part) => ctx.data.hasPart(part, sourceId),
    totals: (part) => ({ current: sum(part, "current"), baseline: sum(part, "baseline") }),
    position: () => {
      const [c, b] = [sum("impressions", "current"), sum("impressions", "baseline")];
      const [pc, pb] = [sum("positionWeighted", "current"), sum("positionWeighted", "baseline")];
      return { current: c && pc !== null ? pc / c : null, baseline: b && pb !== null ? pb / b : null };
    },
  };
}
