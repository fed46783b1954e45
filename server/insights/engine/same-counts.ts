import type { Analysis, Intention, SiteTypeKey } from "@/lib/insights/intentions";
import { metricDefinition } from "@/lib/insights/metrics";
import { metricParts, type ProjectData } from "../data/project-data";
import { PART_INDEX, type PartKey, type PartValues } from "../data/parts";

// Conversions that are another count under a second name. A shop whose only key event is the purchase exports
// conversions equal to its transactions on every row, and a lead generation site whose only key event is the lead
// form exports conversions equal to its leads. Read as two metrics, every finding about them was told twice
// ("Conversion rate fell to 2.6 %…" and "Ecommerce conversion rate fell to 2.6 %…", a channel's conversions and its
// transactions shifting by the same 60 %), and each was tested twice, which raised the bar every other finding of
// the report is held to (the report-wide FDR counts tests). Such conversions are read as the count they equal: the
// intentions and segment series about them are left to that count's, and the skipped ones say why.

/** The counts conversions may stand for, the site type's own first (its primary KPI's family). */
const SPECIFIC_COUNTS: Record<SiteTypeKey, PartKey[]> = {
  ecommerce: ["transactions", "leads"],
  lead_generation: ["leads", "transactions"],
  content: ["leads", "transactions"],
  brand: ["leads", "transactions"],
};

/** A count read under another name in this report's data: `alias` holds the same numbers as `canonical`. */
export interface SameCount {
  alias: PartKey;
  canonical: PartKey;
}

/**
 * Conversions and the count they equal in every row this report read (each day's total and each value's total of
 * both periods, in every loaded dimension, from the one source both are read from), or null. A count that is zero
 * throughout is not "the same" as another: it is absent in effect. The report's KPI keeps its own name: a project
 * whose primary KPI is set to conversions reads its transactions as conversions instead.
 */
export function sameCount(data: ProjectData, siteType: SiteTypeKey, kpiMetric?: string | null): SameCount | null {
  for (const count of SPECIFIC_COUNTS[siteType]) {
    if (!holdSameNumbers(data, "conversions", count)) continue;
    return kpiMetric === "conversions"
      ? { alias: count, canonical: "conversions" }
      : { alias: "conversions", canonical: count };
  }
  return null;
}

function holdSameNumbers(data: ProjectData, a: PartKey, b: PartKey): boolean {
  const sourceId = data.sourceFor([a]);
  if (sourceId === null || data.sourceFor([b]) !== sourceId) return false;
  const source = data.sources.find((s) => s.sourceId === sourceId);
  if (!source) return false;
  const ia = PART_INDEX[a];
  const ib = PART_INDEX[b];
  let nonZero = false;
  const equal = (values: PartValues | null) => {
    if (values === null) return true;
    if (values[ia] !== values[ib]) return false;
    nonZero ||= (values[ia] ?? 0) !== 0;
    return true;
  };
  for (const values of source.days.values()) if (!equal(values)) return false;
  for (const dimension of data.loadedDimensions)
    for (const segment of data.sourceSegments(sourceId, dimension))
      if (!equal(segment.current) || !equal(segment.baseline)) return false;
  return nonZero;
}

/**
 * The intention of the report that answers `intention`'s question with the alias read as its canonical count (the
 * same analysis of the same parts: conversion rate by channel is ecommerce conversion rate by channel), or null.
 */
export function twinIntention(
  intention: Intention,
  same: SameCount | null,
  intentions: readonly Intention[],
): Intention | null {
  if (!same) return null;
  const own = signature(intention.analysis, null);
  if (own === null || !own.includes(`:${same.alias}`)) return null;
  const wanted = signature(intention.analysis, same);
  return intentions.find((i) => i !== intention && signature(i.analysis, null) === wanted) ?? null;
}

/** What an analysis computes: its kind, its breakdown and its metric's parts (aliases read as their count). */
function signature(analysis: Analysis, same: SameCount | null): string | null {
  const parts = (metric: string) =>
    metricParts(metricDefinition(metric))
      .map((p) => `:${same && p === same.alias ? same.canonical : p}`)
      .join("");
  switch (analysis.type) {
    case "drivers":
      return `drivers ${analysis.dimension}${parts(analysis.metric)}`;
    case "anomalies":
    case "change":
    case "trend":
      return `${analysis.type}${parts(analysis.metric)}`;
    default:
      return null;
  }
}

/** The count a metric's numbers are read as: its canonical count for the alias, itself otherwise. */
export function readAs(metric: string, same: SameCount | null | undefined): string {
  return same && metric === same.alias ? same.canonical : metric;
}

/** The reason a twin intention is skipped, in the report's words. */
export function sameCountReason(same: SameCount, twin: Intention): { reason: string; need: null } {
  const label = (part: PartKey) => metricDefinition(part).label.toLowerCase();
  return {
    reason: `${label(same.alias)} and ${label(same.canonical)} are the same numbers in this data, so “${twin.title}” answers this question.`,
    need: null,
  };
}
