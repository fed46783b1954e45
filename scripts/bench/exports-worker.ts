/**
 * One export format timed in a process of its own (so its peak memory is its own): builds the
 * 30-insight, 400-day report's file `runs` times after one warm-up and prints JSON.
 * Usage: tsx scripts/bench/exports-worker.ts pptx|xlsx runs
 */
import { buildPptx } from "../../server/exports/pptx/build-pptx";
import { syntheticModel } from "../../server/exports/synthetic-model";
import { buildXlsx } from "../../server/exports/xlsx/build-xlsx";

export const INSIGHTS = 30;
export const DAYS = 400;

async function main() {
  const format = process.argv[2] === "xlsx" ? "xlsx" : "pptx";
  const runs = Math.max(1, Number(process.argv[3] ?? 5));
  const build = format === "pptx" ? buildPptx : buildXlsx;
  // Warm-up on a small report: module loading and JIT, not the measured work.
  await build(syntheticModel({ insights: 2, days: 20 }));
  const model = syntheticModel({ insights: INSIGHTS, days: DAYS });
  global.gc?.();
  const baseRssKb = process.memoryUsage().rss / 1024;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    bytes = (await build(model)).length;
    times.push(performance.now() - started);
  }
  // maxRSS is in kilobytes on Linux.
  const peakAddedMb = (process.resourceUsage().maxRSS - baseRssKb) / 1024;
  console.log(JSON.stringify({ format, times, bytes, peakAddedMb }));
}

void main();
