import type { DataKind, Factor, FactorSplit } from "../finding";
import { metricLabel, metricUnit } from "../format-values";

// Why a total moved, told from its identity's factors (server/insights/attribute/factors.ts): "Clicks fell because the
// click-through rate fell from 0.31 % to 0.24 % while impressions rose 8.0 %: −1,101 clicks came from the
// click-through rate and +317 from impressions." Every number is a field of the split; the two effects sum to the
// finding's change. Both the evidence sentence (sentences.ts) and the analyst's why (analyst.ts) tell it, each in its
// own number format.

/** How the caller writes numbers: a value in a metric's unit, a signed change in it, and a relative change. */
export interface FactorFormat {
  value(metric: string, value: number): string;
  change(metric: string, change: number): string;
  /** A signed relative change ("+8.0 %"). */
  pct(fraction: number): string;
}

/** What a finding with a split holds, as the narrator reads it. */
export interface WithFactors {
  metric: string;
  change: number | null;
  factors?: FactorSplit;
  dataKind?: DataKind;
}

/** A factor whose part is at most this share of the change "held": the other one carried the change. */
export const HELD_SHARE = 0.25;

/** Rates are told from their value before to after; volumes by their relative change. */
const RATES: ReadonlySet<string> = new Set(["ctr", "cpc", "roas", "clickConversionRate"]);

/** A factor's name in a sentence: "impressions", "the click-through rate", "the conversion rate per click". */
export function factorName(metric: string): string {
  if (metric === "clickConversionRate") return "the conversion rate per click";
  const label = metricLabel(metric).toLowerCase();
  if (metric === "cost") return "ad spend";
  return RATES.has(metric) ? `the ${label}` : label;
}

/** The factor's own unit for formatting (conversions per click are a percentage). */
const unitMetric = (metric: string) => (metric === "clickConversionRate" ? "conversionRate" : metric);

const moved = (f: Factor) => (f.after > f.before ? "rose" : f.after < f.before ? "fell" : "held");

/** "the click-through rate fell from 0.31 % to 0.24 %", "impressions rose 8.0 %". */
function clause(f: Factor, format: FactorFormat): string {
  const name = factorName(f.metric);
  if (RATES.has(f.metric) || f.changePct === null)
    return `${name} ${moved(f)} from ${format.value(unitMetric(f.metric), f.before)} to ${format.value(unitMetric(f.metric), f.after)}`;
  return `${name} ${moved(f)} ${format.pct(f.changePct).replace(/^[+\-−]/, "")}`;
}

/** "impressions held (+1.2 %)", "the click-through rate held (0.31 % → 0.30 %)". */
function heldClause(f: Factor, format: FactorFormat): string {
  const name = factorName(f.metric);
  if (RATES.has(f.metric) || f.changePct === null)
    return `${name} held (${format.value(unitMetric(f.metric), f.before)} → ${format.value(unitMetric(f.metric), f.after)})`;
  return `${name} held (${format.pct(f.changePct)})`;
}

/** The factor that carried the change (its part the larger one of the change's sign), then the other. */
export function leadingFactor(split: FactorSplit, change: number): { lead: Factor; other: Factor; held: boolean } {
  const [a, b] = split.factors;
  const sameWay = (f: Factor) => Math.sign(f.effect) === Math.sign(change);
  const lead = sameWay(a) && (!sameWay(b) || Math.abs(a.effect) >= Math.abs(b.effect)) ? a : b;
  const other = lead === a ? b : a;
  return { lead, other, held: Math.abs(other.effect) <= HELD_SHARE * Math.abs(change) };
}

/** The sentence of why a total moved, or null without a split. */
export function factorsSentence(f: WithFactors, format: FactorFormat): string | null {
  const split = f.factors;
  if (!split || !f.change) return null;
  const { lead, other, held } = leadingFactor(split, f.change);
  const label = metricLabel(f.metric);
  const verb = f.change > 0 ? "rose" : "fell";
  const sameWay = Math.sign(other.effect) === Math.sign(f.change);
  const cause = held
    ? `${clause(lead, format)} while ${heldClause(other, format)}`
    : sameWay
      ? `${clause(lead, format)} and ${clause(other, format)}`
      : `${clause(lead, format)} while ${clause(other, format)}`;
  const counted = metricUnit(f.metric) === "count" ? ` ${label.toLowerCase()}` : "";
  const parts = `${format.change(f.metric, lead.effect)}${counted} came from ${factorName(lead.metric)} and ${format.change(f.metric, other.effect)} from ${factorName(other.metric)}`;
  return `${label} ${verb} because ${cause}: ${parts}.${positionClause(split, format)}`;
}

/** " The average position went from 36.2 to 40.3 (lower in the results)." Search Console's clicks only. */
function positionClause(split: FactorSplit, format: FactorFormat): string {
  const p = split.position;
  if (!p) return "";
  const [before, after] = [format.value("position", p.before), format.value("position", p.after)];
  if (before === after) return ` The average position held at ${after}.`;
  return ` The average position went from ${before} to ${after} (${p.change > 0 ? "lower" : "higher"} in the results).`;
}

/**
 * The kind of data a finding was read from: stated by the engine, else told by its metric (a position is search's). A
 * cost is not enough to tell: a site's analytics carries its ads' cost beside its sessions.
 */
export function dataKindOfFinding(f: { metric: string; dataKind?: DataKind }): DataKind | null {
  if (f.dataKind) return f.dataKind;
  return f.metric === "position" ? "organic_search" : null;
}
