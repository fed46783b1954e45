import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readAnchors, readTruth } from "./labels";
import { DATASETS, ROOT_CAUSE_DIR } from "./paths";
import { microScore, scoreCase } from "./score";

describe("the benchmark's scoring rule", () => {
  it("gives every anchor method's TP, FP and FN on every case, as the benchmark recorded them", () => {
    const truth = new Map(DATASETS.map((d) => [d, readTruth(path.join(ROOT_CAUSE_DIR, d))]));
    const anchors = readAnchors(path.join(ROOT_CAUSE_DIR, "anchor_predictions.csv"));
    expect(anchors.length).toBe(420);
    for (const row of anchors) {
      const set = truth.get(row.dataset as "S" | "L")!.get(row.caseId)!;
      const predicted = row.predicted === "" ? [] : row.predicted.split(";");
      expect({ case: row.caseId, method: row.method, ...scoreCase(predicted, set) }).toEqual({
        case: row.caseId,
        method: row.method,
        tp: row.tp,
        fp: row.fp,
        fn: row.fn,
      });
    }
  });

  it("reproduces the README's micro F1 of RiskLoc, AutoRoot and Adtributor", () => {
    const anchors = readAnchors(path.join(ROOT_CAUSE_DIR, "anchor_predictions.csv"));
    const f1 = (dataset: string, method: string) =>
      microScore(anchors.filter((a) => a.dataset === dataset && a.method === method)).f1.toFixed(3);
    expect([f1("S", "riskloc"), f1("L", "riskloc")]).toEqual(["0.539", "0.703"]);
    expect([f1("S", "autoroot"), f1("L", "autoroot")]).toEqual(["0.480", "0.515"]);
    expect([f1("S", "adtributor"), f1("L", "adtributor")]).toEqual(["0.060", "0.000"]);
  });

  it("counts an exact element only: a parent or a child of a true element is a false positive", () => {
    expect(scoreCase(["a=a3&e=e1"], "a=a3&e=e1")).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(scoreCase(["a=a3"], "a=a3&e=e1")).toEqual({ tp: 0, fp: 1, fn: 1 });
    expect(scoreCase(["a=a3&b=b2&e=e1"], "a=a3&e=e1")).toEqual({ tp: 0, fp: 1, fn: 1 });
    expect(scoreCase([], "a=a3&e=e1;b=b1")).toEqual({ tp: 0, fp: 0, fn: 2 });
  });

  const element = fc
    .uniqueArray(fc.constantFrom("a", "b", "c", "d", "e"), { minLength: 1, maxLength: 5 })
    .chain((dims) =>
      fc.tuple(...dims.map((d) => fc.integer({ min: 1, max: 3 }).map((v) => `${d}=${d}${v}`))).map((p) => p),
    );
  const elements = fc.array(element, { maxLength: 8 });
  const join = (parts: string[]) => parts.join("&");

  it("does not depend on the order of elements, the order of parts, or repeats", () => {
    fc.assert(
      fc.property(elements, elements, fc.integer(), (truth, predicted, seed) => {
        const shuffled = [...predicted, ...predicted.slice(0, 2)]
          .map((parts) => [...parts].sort(() => ((seed = (seed * 16807) % 2147483647) & 1 ? 1 : -1)))
          .reverse();
        const truthCell = truth.map((p) => join([...p].sort())).join(";");
        expect(scoreCase(shuffled.map(join), truthCell)).toEqual(scoreCase(predicted.map(join), truthCell));
      }),
    );
  });

  it("scores a prediction of the truth itself as all true positives", () => {
    fc.assert(
      fc.property(
        elements.filter((t) => t.length > 0),
        (truth) => {
          const cell = truth.map((p) => join([...p].sort())).join(";");
          const distinct = new Set(truth.map((p) => join([...p].sort()))).size;
          expect(scoreCase(truth.map(join), cell)).toEqual({ tp: distinct, fp: 0, fn: 0 });
        },
      ),
    );
  });
});
