// Tiny scale helpers for the SVG charts (no chart library: a few dozen lines do what they need).

export interface Domain {
  min: number;
  max: number;
}

/** "Nice" round ticks covering [min, max] (1, 2, 2.5 or 5 times a power of ten). */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0];
  if (min === max) {
    const pad = Math.abs(min) || 1;
    min -= pad / 2;
    max += pad / 2;
  }
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const start = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = start; v <= max + step * 0.5 && ticks.length < 12; v += step) ticks.push(Math.round(v / step) * step);
  return ticks;
}

export function extent(values: (number | null | undefined)[]): Domain | null {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (typeof v !== "number" || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min === Infinity ? null : { min, max };
}

export const linear = (domain: Domain, range: [number, number]) => {
  const span = domain.max - domain.min || 1;
  return (v: number) => range[0] + ((v - domain.min) / span) * (range[1] - range[0]);
};

/** SVG path commands for a line with gaps where values are missing. */
export function linePath(points: { x: number; y: number | null }[]): string {
  let d = "";
  let pen = false;
  for (const p of points) {
    if (p.y === null) {
      pen = false;
      continue;
    }
    d += `${pen ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`;
    pen = true;
  }
  return d;
}

/** Closed areas between a high and a low line, one per run of days where both are known. */
export function bandPaths(points: { x: number; high: number | null; low: number | null }[]): string[] {
  const runs: { x: number; high: number; low: number }[][] = [];
  let run: { x: number; high: number; low: number }[] = [];
  for (const p of points) {
    if (p.high === null || p.low === null) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push({ x: p.x, high: p.high, low: p.low });
  }
  if (run.length) runs.push(run);
  return runs.map((r) => {
    const top = r.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.high.toFixed(1)}`).join("");
    const bottom = [...r]
      .reverse()
      .map((p) => `L${p.x.toFixed(1)},${p.low.toFixed(1)}`)
      .join("");
    return `${top}${bottom}Z`;
  });
}

const HEX = /^#([0-9a-f]{6})$/i;

/** A colour with an alpha, for bands and fills (hex in, rgba out; anything else passes through). */
export function withAlpha(color: string, alpha: number): string {
  const m = HEX.exec(color);
  if (!m) return color;
  const n = parseInt(m[1], 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** The palette colour most unlike `color` (for negative bars beside positive ones). */
export function contrastingColor(color: string, palette: string[], fallback = "#dc2626"): string {
  const rgb = (c: string) => {
    const m = HEX.exec(c);
    if (!m) return null;
    const n = parseInt(m[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  };
  const base = rgb(color);
  if (!base) return fallback;
  let best = fallback;
  let bestDistance = 0;
  for (const candidate of palette) {
    const c = rgb(candidate);
    if (!c) continue;
    const distance = Math.hypot(c[0] - base[0], c[1] - base[1], c[2] - base[2]);
    if (distance > bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance > 120 ? best : fallback;
}
