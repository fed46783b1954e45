import { dayOfWeek } from "@/lib/dates";
import { ENGINE_CONFIG } from "../config";
import { poolModerator, type SeriesNoise } from "../stats/moderated-variance";
import type { SeriesModel } from "./decompose";
import { quasiPoissonDispersion } from "./noise";

// The segments' noise moderated across the segments of one metric of one source (ADR 0018), as v2's one-day tests
// are (engine/analyses/segment-noise.ts): both take their prior and their moderation from one function,
// stats/moderated-variance.ts `poolModerator` (limma's eBayes with a trend in the series' size). A segment's count is
// read as quasi-Poisson, variance φ·μ, φ from its own days' residuals against its model (the segment's robust local
// level, itself left out, times its weekday factor); a pool of at least 8 such series learns how φ goes with a
// segment's size, shrinks each φ toward what its size predicts, and lends it the pool's degrees of freedom. Each day
// of a pooled series is then judged against its model's expected value with that φ, widened by the uncertainty of the
// expected value there (its level's leverage, its weekday factor's variance), and a Student t (model/noise.ts).
// Fitted alone, each segment kept a t of about 44 degrees of freedom and a variance never below Poisson's: v3 found 29
// of 60 one-day events in a campaign (ADR 0025, session 7).

/**
 * A trimmed mean's variance over a plain mean's at the normal (Stigler 1973: 1.11 for 17 values, 1.14 for many), for
 * the weekday factor, a 20 % trimmed mean of each week's ratio to its centred 7-day mean (decompose.ts).
 */
const TRIMMED_MEAN_VARIANCE = 1.14;

interface PoolEntry {
  index: number;
  noise: SeriesNoise;
  inflation: Float64Array;
}

/**
 * The variance its weekday factor adds to each period's expected value, over one period's noise: a trimmed mean of that
 * weekday's ratios, each with the day's noise and a seventh of it from its week's mean (as two-sided-baseline.ts).
 */
function weekdayVariance(model: SeriesModel): number[] {
  const known = [0, 0, 0, 0, 0, 0, 0];
  const { dates, values } = model.series;
  values.forEach((v, i) => {
    if (Number.isFinite(v)) known[dayOfWeek(dates[i])]++;
  });
  const seasonal = model.season.some((f) => f !== model.season[0]);
  return known.map((n) => (seasonal && n > 0 ? (TRIMMED_MEAN_VARIANCE * (1 + 1 / 7)) / n : 0));
}

/** A segment's count series as its pool sees it (its φ, degrees of freedom and size), or null when it is not pooled. */
function entryOf(model: SeriesModel, index: number): PoolEntry | null {
  const { series } = model;
  if (series.family !== "count" || series.grain !== "day" || series.dimension === null) return null;
  const weekday = weekdayVariance(model);
  const inflation = new Float64Array(series.values.length).fill(1);
  const pearson: number[] = [];
  let sum = 0;
  for (let i = 0; i < series.values.length; i++) {
    const lever = Number.isFinite(model.leverage[i]) ? model.leverage[i] : 0;
    inflation[i] = 1 + lever + weekday[dayOfWeek(series.dates[i])];
    const x = series.values[i];
    const mu = model.expected[i];
    if (!Number.isFinite(x) || !(mu > 0)) continue;
    // Its level was fitted without it (its residual holds the level's error), its weekday factor with it.
    pearson.push((x - mu) / Math.sqrt(mu * (1 + lever)));
    sum += mu;
  }
  if (pearson.length < 3) return null;
  const level = sum / pearson.length;
  // A few events a day keep the exact negative binomial: a σ-based t over-states how unusual a skewed count is.
  if (level < ENGINE_CONFIG.minPooledDayCount) return null;
  return { index, inflation, noise: { s2: quasiPoissonDispersion(pearson), d: model.noise.df, level } };
}

/** The models with the noise their pool moderates (`noise.pooled`); a model outside any pool is returned as it was. */
export function pooledModels(models: readonly SeriesModel[]): SeriesModel[] {
  const pools = new Map<string, PoolEntry[]>();
  models.forEach((model, index) => {
    const entry = entryOf(model, index);
    if (!entry) return;
    const key = `${model.series.sourceId}|${model.series.metric}`;
    const pool = pools.get(key);
    if (pool) pool.push(entry);
    else pools.set(key, [entry]);
  });
  const out = [...models];
  for (const pool of pools.values()) {
    const moderated = poolModerator(pool.map((p) => p.noise));
    if (!moderated) continue;
    for (const { index, noise, inflation } of pool) {
      const m = moderated(noise.s2, noise.d, noise.level);
      out[index] = { ...models[index], noise: { ...models[index].noise, pooled: { phi: m.s2, df: m.d, inflation } } };
    }
  }
  return out;
}
