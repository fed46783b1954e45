import path from "node:path";
import { localiseRootCause } from "../../../server/insights/attribute/root-cause/localise";
import { readAnchors, readTruth } from "./labels";
import { ROOT_CAUSE_DIR, type Dataset } from "./paths";
import { readCase } from "./read-case";
import { microScore, scoreCase, type CaseScore, type MicroScore } from "./score";

// One dataset of the root-cause benchmark: every case read (streamed), localised and scored one at
// a time, so memory holds one case. The anchors are scored from anchor_predictions.csv with the
// same rule, so the figures printed beside ours come from the same scorer.

export interface DatasetRun {
  dataset: Dataset;
  score: MicroScore;
  /** Per case, the localiser's own time (not reading the file), sorted. */
  localiseMs: number[];
  /** The same in CPU time of this process: on a shared machine, wall time also counts the others' work. */
  localiseCpuMs: number[];
  readMs: number[];
  anchors: Record<string, MicroScore>;
}

export const ANCHOR_METHODS = ["riskloc", "autoroot", "adtributor"] as const;

export async function runDataset(dataset: Dataset, onCase?: (id: string, s: CaseScore) => void): Promise<DatasetRun> {
  const dir = path.join(ROOT_CAUSE_DIR, dataset);
  const truth = readTruth(dir);
  const scores: CaseScore[] = [];
  const localiseMs: number[] = [];
  const localiseCpuMs: number[] = [];
  const readMs: number[] = [];
  for (const [caseId, set] of truth) {
    const started = performance.now();
    const table = await readCase(path.join(dir, `${caseId}.csv.gz`));
    const read = performance.now();
    const cpu = process.cpuUsage();
    const result = localiseRootCause(table);
    localiseMs.push(performance.now() - read);
    const used = process.cpuUsage(cpu);
    localiseCpuMs.push((used.user + used.system) / 1000);
    readMs.push(read - started);
    const score = scoreCase(
      result.elements.map((e) => e.key),
      set,
    );
    scores.push(score);
    onCase?.(caseId, score);
  }
  const anchorRows = readAnchors(path.join(ROOT_CAUSE_DIR, "anchor_predictions.csv"));
  const anchors = Object.fromEntries(
    ANCHOR_METHODS.map((m) => [m, microScore(anchorRows.filter((r) => r.dataset === dataset && r.method === m))]),
  );
  return {
    dataset,
    score: microScore(scores),
    localiseMs: localiseMs.sort((a, b) => a - b),
    localiseCpuMs: localiseCpuMs.sort((a, b) => a - b),
    readMs: readMs.sort((a, b) => a - b),
    anchors,
  };
}
