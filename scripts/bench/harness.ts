import type pg from "pg";

/** What every benchmark gets once the database is seeded and the app answers on `baseUrl`. */
export interface RunContext {
  baseUrl: string;
  db: pg.Client;
  /** The bench database, for benchmarks that run a worker process of their own. */
  databaseUrl: string;
  /** Logs in through POST /api/users/login and returns the bearer token. */
  login: (email: string, password: string) => Promise<string>;
}

export interface BenchResult {
  label: string;
  n: number;
  medianMs: number;
  p95Ms: number;
  /** The p95 the issue asks for, printed beside the figure. */
  targetP95Ms?: number;
  /** Printed after the figures (e.g. a throughput). */
  note?: string;
}

/** One file per benchmark under scripts/bench/: seed its data with SQL, then measure through HTTP. */
export interface Benchmark {
  name: string;
  inProcess?: false;
  /** False for benchmarks that need the database but not the app (the bench then builds and starts no app). */
  needsApp?: boolean;
  seed: (db: pg.Client) => Promise<void>;
  run: (ctx: RunContext) => Promise<BenchResult[]>;
}

/** A benchmark of library code: needs neither the database nor the app, run without starting them. */
export interface InProcessBenchmark {
  name: string;
  inProcess: true;
  run: () => Promise<BenchResult[]>;
}

/** What scripts/bench.ts lists: benchmarks through the app, and in-process ones. */
export type BenchmarkEntry = Benchmark | InProcessBenchmark;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

/** Times `count` sequential calls of `request(i)` after `warmup` untimed ones; each must answer 2xx. */
export async function measure(
  label: string,
  options: { count: number; warmup: number; targetP95Ms?: number },
  request: (i: number) => Promise<Response>,
): Promise<BenchResult> {
  const once = async (i: number) => {
    const res = await request(i);
    const body = await res.text();
    if (!res.ok) throw new Error(`${label}: request ${i} answered ${res.status}: ${body.slice(0, 300)}`);
  };
  for (let i = 0; i < options.warmup; i++) await once(i);
  const times: number[] = [];
  for (let i = 0; i < options.count; i++) {
    const started = performance.now();
    await once(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    label,
    n: times.length,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    targetP95Ms: options.targetP95Ms,
  };
}

export function formatResult(r: BenchResult): string {
  const target =
    r.targetP95Ms === undefined
      ? ""
      : ` (target p95 < ${r.targetP95Ms} ms${r.p95Ms < r.targetP95Ms ? ": met" : ": NOT met"})`;
  const note = r.note ? ` — ${r.note}` : "";
  // A measure of size, not time (the page's JavaScript): the note says it all.
  if (Number.isNaN(r.medianMs)) return `${r.label}: n=${r.n}${note}`;
  return `${r.label}: n=${r.n} median=${r.medianMs.toFixed(1)} ms p95=${r.p95Ms.toFixed(1)} ms${target}${note}`;
}
