import fs from "node:fs";
import path from "node:path";

// The benchmark's plain CSV files: the ground truth (`<set>/injection_info.csv`) and the anchors'
// per-case predictions (`anchor_predictions.csv`). Neither holds quotes or commas inside a cell.

function readTable(file: string): Record<string, string>[] {
  const [head, ...rows] = fs
    .readFileSync(file, "utf8")
    .split(/\r?\n/)
    .filter((l) => l !== "");
  const columns = head.split(",");
  return rows.map((row) => {
    const cells = row.split(",");
    return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ""]));
  });
}

/** case id → true element set, in file order. */
export function readTruth(datasetDir: string): Map<string, string> {
  const rows = readTable(path.join(datasetDir, "injection_info.csv"));
  return new Map(rows.map((r) => [r.timestamp, r.set]));
}

export interface AnchorRow {
  dataset: string;
  caseId: string;
  method: string;
  predicted: string;
  tp: number;
  fp: number;
  fn: number;
}

export function readAnchors(file: string): AnchorRow[] {
  return readTable(file).map((r) => ({
    dataset: r.dataset,
    caseId: r.case_id,
    method: r.method,
    predicted: r.predicted,
    tp: Number(r.TP),
    fp: Number(r.FP),
    fn: Number(r.FN),
  }));
}
