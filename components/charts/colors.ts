// Colour helpers for the charts (recharts draws the scales and paths).

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
