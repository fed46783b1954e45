import { percentile, type BenchResult, type InProcessBenchmark } from "./harness";
import { ANCHOR_METHODS, runDataset, type DatasetRun } from "./root-cause/run-dataset";
import { DATASETS } from "./root-cause/paths";

// `npm run bench -- root-cause`: the multi-dimensional root-cause localiser
// (server/insights/attribute/root-cause/, docs/decisions/0024) on the RiskLoc benchmark's S and L
// sets in ../shared/root-cause (50 cases each, read from there, never copied). Prints micro F1,
// precision, recall and TP/FP/FN per dataset beside the anchors' (scored from
// anchor_predictions.csv by the same rule), and the time per case. Target: at least RiskLoc's F1
// on each set. Needs neither the database nor the app.

const f = (x: number) => x.toFixed(3);

function lines(run: DatasetRun): string[] {
  const { score } = run;
  const target = run.anchors.riskloc.f1;
  const out = [
    `[bench] root cause, ${run.dataset} (${run.localiseMs.length} cases): F1 ${f(score.f1)} ` +
      `(P ${f(score.precision)} / R ${f(score.recall)}), TP/FP/FN ${score.tp}/${score.fp}/${score.fn}; ` +
      `target F1 ≥ RiskLoc's ${f(target)}: ${score.f1 >= target ? "met" : "NOT met"}`,
  ];
  for (const m of ANCHOR_METHODS) {
    const a = run.anchors[m];
    out.push(
      `          ${m.padEnd(10)} F1 ${f(a.f1)} (P ${f(a.precision)} / R ${f(a.recall)}), TP/FP/FN ${a.tp}/${a.fp}/${a.fn}`,
    );
  }
  const ms = (list: number[], p: number) => percentile(list, p).toFixed(0);
  out.push(
    `          time per case: localise median ${ms(run.localiseMs, 50)} ms, p95 ${ms(run.localiseMs, 95)} ms, ` +
      `max ${run.localiseMs.at(-1)!.toFixed(0)} ms (CPU median ${ms(run.localiseCpuMs, 50)} ms, ` +
      `p95 ${ms(run.localiseCpuMs, 95)} ms); reading the .gz median ${ms(run.readMs, 50)} ms`,
  );
  return out;
}

export async function benchRootCause(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const dataset of DATASETS) {
    const run = await runDataset(dataset);
    console.log(lines(run).join("\n"));
    const { score } = run;
    results.push({
      label: `root cause ${dataset} (per case, localise only)`,
      n: run.localiseMs.length,
      medianMs: percentile(run.localiseMs, 50),
      p95Ms: percentile(run.localiseMs, 95),
      note:
        `micro F1 ${f(score.f1)} (P ${f(score.precision)} / R ${f(score.recall)}, TP/FP/FN ${score.tp}/${score.fp}/${score.fn}); ` +
        `RiskLoc ${f(run.anchors.riskloc.f1)}, AutoRoot ${f(run.anchors.autoroot.f1)}, Adtributor ${f(run.anchors.adtributor.f1)}` +
        `: ${score.f1 >= run.anchors.riskloc.f1 ? "met" : "NOT met"}`,
    });
  }
  return results;
}

export const rootCauseBenchmark: InProcessBenchmark = {
  name: "root-cause",
  inProcess: true,
  run: benchRootCause,
};
