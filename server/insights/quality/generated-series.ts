// Generated daily series for the property tests: a level with a weekly shape, a trend and count noise (Poisson, or
// negative binomial through a gamma-mixed rate), split into channels, with at most one planted event — a one-day
// spike or drop, a step, or a run of the same value or of zeros (frozen tracking) in one channel. Deterministic in
// its seed. Not the quality bench's generator (server/insights/synthetic/): other shapes, so the engine is judged on
// data it was not tuned on.
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import type { TableRow } from "./table-series-data";

export interface GeneratedSeries {
  seed: number;
  days: number;
  end: string;
  level: number;
  /** Relative size of each weekday's deviation (Sunday's and Saturday's are negative). */
  weekly: number;
  trendPerWeek: number;
  /** Negative binomial dispersion: 0 is Poisson. */
  dispersion: number;
  channels: number;
  event:
    | { kind: "none" }
    | { kind: "spike" | "drop" | "step"; day: number; size: number }
    | { kind: "frozen" | "zeros"; day: number; length: number };
}

const SHAPE = [-1, 0.3, 0.4, 0.35, 0.3, 0.1, -0.8];
const CHANNELS = ["Organic Search", "Paid Search", "Direct"];
const SHARES = [0.55, 0.3, 0.15];

/** A Poisson draw (normal approximation above 50), from a uniform source. */
function poisson(mean: number, random: () => number, z: () => number): number {
  if (mean <= 0) return 0;
  if (mean > 50) return Math.max(0, Math.round(mean + Math.sqrt(mean) * z()));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}

export function generatedRows(g: GeneratedSeries): TableRow[] {
  const random = mulberry32(g.seed);
  const z = gaussian(random);
  const start = addDays(g.end, -(g.days - 1));
  const channels = Math.max(1, Math.min(CHANNELS.length, g.channels));
  const shares = SHARES.slice(0, channels).map((s, _, all) => s / all.reduce((a, b) => a + b, 0));
  const rows: TableRow[] = [];
  const e = g.event;
  let frozenValue: number | null = null;
  for (let i = 0; i < g.days; i++) {
    const date = addDays(start, i);
    let mean = g.level * (1 + g.weekly * SHAPE[dayOfWeek(date)]) * Math.exp((g.trendPerWeek / 7) * (i - g.days));
    if ((e.kind === "spike" || e.kind === "drop") && i === e.day)
      mean *= e.kind === "spike" ? 1 + e.size : 1 / (1 + e.size);
    if (e.kind === "step" && i >= e.day) mean *= 1 + e.size;
    shares.forEach((share, c) => {
      // A gamma-mixed rate (mean 1, variance `dispersion`) makes the count negative binomial.
      const mix = g.dispersion > 0 ? Math.max(0.05, 1 + Math.sqrt(g.dispersion) * z()) : 1;
      let value = poisson(mean * share * mix, random, z);
      if ((e.kind === "frozen" || e.kind === "zeros") && c === 0 && i >= e.day && i < e.day + e.length) {
        frozenValue ??= e.kind === "zeros" ? 0 : value;
        value = frozenValue;
      }
      rows.push({ date, segment: { channel: CHANNELS[c] }, values: { sessions: value } });
    });
  }
  return rows;
}
