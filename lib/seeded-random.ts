// Deterministic randomness: the demo data is the same on every machine and every start, and the
// detectors' false-positive rates are checked on generated noise that a fixed seed reproduces.
// Never for anything secret (tokens, passwords): use node:crypto there.

/** A seeded generator (mulberry32: 32 bits of state, good statistical quality for simulation). */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /**
   * Standard normal, one Box–Muller draw per call (the cosine half; two uniforms each). The demo
   * data is drawn this way: `gaussian` below keeps the sine half too, and either way of drawing
   * would change the other's stored sequence.
   */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A count around `mean`: Poisson-like spread (normal approximation above 30), never negative. */
  count(mean: number): number {
    if (mean <= 0) return 0;
    if (mean < 30) {
      // Knuth's method: exact for small means.
      const limit = Math.exp(-mean);
      let k = 0;
      let p = this.next();
      while (p > limit) {
        k++;
        p *= this.next();
      }
      return k;
    }
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()));
  }

  /** How many of `n` trials succeed with probability `p`. */
  binomial(n: number, p: number): number {
    if (n <= 0 || p <= 0) return 0;
    if (p >= 1) return n;
    const mean = n * p;
    if (n < 40) {
      let k = 0;
      for (let i = 0; i < n; i++) if (this.next() < p) k++;
      return k;
    }
    return Math.min(n, Math.max(0, Math.round(mean + Math.sqrt(mean * (1 - p)) * this.normal())));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

/** The generator as a plain function of uniforms in [0, 1), for code that takes a source of randomness. */
export function mulberry32(seed: number): () => number {
  const random = new SeededRandom(seed);
  return () => random.next();
}

/** Standard normal draws by the Box–Muller transform over a uniform source, both halves of each pair used. */
export function gaussian(random: () => number): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    let u = 0;
    while (u === 0) u = random();
    const v = random();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
}

/** Poisson draws by inversion over a uniform source (exact for the small means tests draw; capped at 1,000). */
export function poisson(random: () => number): (mean: number) => number {
  return (mean) => {
    let k = 0;
    let p = Math.exp(-mean);
    let sum = p;
    const u = random();
    while (u > sum && k < 1000) sum += p *= mean / ++k;
    return k;
  };
}
