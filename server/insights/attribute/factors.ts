import type { DataKind, Factor, FactorIdentity, FactorSplit } from "@/lib/insights/finding";
import type { PartKey } from "../data/parts";
import { metricParts, type ProjectData } from "../data/project-data";

// A total's change split by the identity that makes it, so a report says why it moved and not only that it did:
// clicks = impressions × click-through rate (Search Console, an ad account), cost = clicks × cost per click,
// conversions = clicks × conversions per click and revenue = cost × return on ad spend (an ad account's, which has no
// sessions), and return on ad spend = revenue / cost. "Clicks fell 17 % because the click-through rate fell from
// 0.31 % to 0.24 % while impressions rose 8 %".
//
// The split is the logarithmic mean Divisia index (Ang, "The LMDI approach to decomposition analysis", Energy Policy
// 2005): with Y = A·B and L(x, y) = (x − y) / (ln x − ln y),
//   Y₁ − Y₀ = L(Y₁, Y₀)·ln(A₁/A₀) + L(Y₁, Y₀)·ln(B₁/B₀)
// exactly (no residual) and symmetrically: neither factor is moved first, so which one "carried" the change does not
// depend on an order chosen here (the sequential split of analyses/mix-rate.ts values the rate at the new volume).
// For Y = N / D the second term is −L·ln(D₁/D₀). A factor that is 0 in either period has no logarithm: the split falls
// back to the sequential one, (A₁ − A₀)·B₀ + A₁·(B₁ − B₀), which is exact too.

/** How each metric splits: its volume (or numerator) part and its rate, the first the data has. */
interface Identity {
  identity: FactorIdentity;
  /** The stored parts the two factors are read from (the second of a product is the metric over the first). */
  volume: PartKey;
  /** The rate factor's metric as the finding names it. */
  rate: string;
  quotient?: boolean;
  /** Only for data without sessions (an ad account's own export): a site's conversions are split by its sessions. */
  adsOnly?: boolean;
}

const IDENTITIES: Partial<Record<string, Identity>> = {
  clicks: { identity: "impressions_ctr", volume: "impressions", rate: "ctr" },
  cost: { identity: "clicks_cpc", volume: "clicks", rate: "cpc" },
  conversions: { identity: "clicks_conversion_rate", volume: "clicks", rate: "clickConversionRate", adsOnly: true },
  revenue: { identity: "cost_roas", volume: "cost", rate: "roas", adsOnly: true },
  roas: { identity: "revenue_over_cost", volume: "revenue", rate: "cost", quotient: true },
};

/** What the split reads of the data: a part's total over the period and over the comparison period, from one source. */
export interface FactorData {
  /** Whether the source holds the part on any day. */
  has(part: PartKey): boolean;
  /** The part's totals (estimated where days are missing, as the finding's own totals are); null without any. */
  totals(part: PartKey): { current: number | null; baseline: number | null };
  /** The average position over the two periods, where the source has it. */
  position?(): { current: number | null; baseline: number | null } | null;
}

/** The finding's own values: its totals (a ratio's: the rate of its summed parts) and its change. */
interface Totals {
  current: number;
  baseline: number;
  change: number;
}

/** Whether a metric has an identity to split by in this data. */
export function splitsBy(metric: string, data: Pick<FactorData, "has">): Identity | null {
  const identity = IDENTITIES[metric];
  if (!identity || !data.has(identity.volume)) return null;
  if (identity.quotient && !data.has(identity.rate as PartKey)) return null;
  if (identity.adsOnly && (data.has("sessions") || !data.has("cost"))) return null;
  return identity;
}

/** The change of `metric` split into its identity's two factors, or null when the data has no such split. */
export function factorSplit(metric: string, finding: Totals, data: FactorData): FactorSplit | null {
  const identity = splitsBy(metric, data);
  if (!identity || finding.change === 0) return null;
  const volume = data.totals(identity.volume);
  if (!known(volume)) return null;
  const factors = identity.quotient
    ? quotientFactors(identity, finding, volume, data.totals(identity.rate as PartKey))
    : productFactors(identity, finding, volume);
  if (!factors) return null;
  const position = data.position?.();
  return {
    identity: identity.identity,
    factors,
    ...(identity.identity === "impressions_ctr" && position && known(position)
      ? {
          position: {
            before: position.baseline,
            after: position.current,
            change: position.current - position.baseline,
          },
        }
      : {}),
  };
}

const known = (t: { current: number | null; baseline: number | null }): t is { current: number; baseline: number } =>
  t.current !== null && t.baseline !== null && Number.isFinite(t.current) && Number.isFinite(t.baseline);

/** Y = V·R: the volume's and the rate's parts of the finding's change. */
function productFactors(
  identity: Identity,
  y: Totals,
  v: { current: number; baseline: number },
): [Factor, Factor] | null {
  if (!(v.current > 0) || !(v.baseline > 0)) return null;
  const r0 = y.baseline / v.baseline;
  const r1 = y.current / v.current;
  const [byVolume, byRate] =
    y.baseline > 0 && y.current > 0
      ? lmdi(y.current, y.baseline, [v.current / v.baseline, r1 / r0])
      : [(v.current - v.baseline) * r0, v.current * (r1 - r0)];
  return scaled(y.change, [
    factor(identity.volume, v.baseline, v.current, byVolume),
    factor(identity.rate, r0, r1, byRate),
  ]);
}

/** Y = N / D: the numerator's and the denominator's parts (a larger denominator lowers Y). */
function quotientFactors(
  identity: Identity,
  y: Totals,
  n: { current: number; baseline: number },
  dTotals: { current: number | null; baseline: number | null },
): [Factor, Factor] | null {
  if (!known(dTotals)) return null;
  const d = dTotals;
  if (!(n.current > 0) || !(n.baseline > 0) || !(d.current > 0) || !(d.baseline > 0)) return null;
  if (!(y.current > 0) || !(y.baseline > 0)) return null;
  const [byNumerator, byDenominator] = lmdi(y.current, y.baseline, [n.current / n.baseline, d.baseline / d.current]);
  return scaled(y.change, [
    factor(identity.volume, n.baseline, n.current, byNumerator),
    factor(identity.rate, d.baseline, d.current, byDenominator),
  ]);
}

/** L(Y₁, Y₀)·ln(ratio) for each factor's ratio of after to before. */
function lmdi(y1: number, y0: number, ratios: readonly [number, number]): [number, number] {
  const weight = y1 === y0 ? y1 : (y1 - y0) / (Math.log(y1) - Math.log(y0));
  return [weight * Math.log(ratios[0]), weight * Math.log(ratios[1])];
}

/**
 * The parts made to sum to the finding's change to the last digit: the finding's totals may estimate days the data
 * misses (period-estimate.ts) where the volume's recorded totals do not, and the two parts are stated beside it.
 */
function scaled(change: number, [a, b]: [Factor, Factor]): [Factor, Factor] | null {
  const sum = a.effect + b.effect;
  if (!Number.isFinite(sum) || sum === 0 || Math.sign(sum) !== Math.sign(change)) return null;
  const k = change / sum;
  const first = a.effect * k;
  return [
    { ...a, effect: first },
    { ...b, effect: change - first },
  ];
}

const factor = (metric: string, before: number, after: number, effect: number): Factor => ({
  metric,
  before,
  after,
  changePct: before === 0 ? null : (after - before) / Math.abs(before),
  effect,
});

/** The data a source holds, as the narrator's next steps need it: organic search results, an ad account, or a site. */
export function dataKindOf(has: (part: PartKey) => boolean): DataKind | undefined {
  if (has("sessions")) return undefined;
  if (has("positionWeighted")) return "organic_search";
  if (has("cost")) return "ads";
  return undefined;
}

/**
 * The kind of data a total of `metric` is read from (its one source): the narrator aims a level shift's, a trend's or
 * an unusual day's next step at Search Console or at an ad account, as it does a change's. {} for a site's data.
 */
export function totalDataKind(data: ProjectData, metric: string): { dataKind?: DataKind } {
  const source = data.sourceFor(metricParts(metric));
  const kind = source ? dataKindOf((part) => data.hasPart(part, source)) : undefined;
  return kind ? { dataKind: kind } : {};
}
