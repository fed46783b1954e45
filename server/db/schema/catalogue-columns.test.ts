import { getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { DIMENSIONS } from "@/lib/catalogue/dimensions";
import { METRIC_DEFINITIONS, STORED_METRICS, metricInputs } from "@/lib/catalogue/metrics";
import { observationDailyTotals } from "./daily-totals";
import { dimensionSets, observations } from "./observations";

const columns = (table: Parameters<typeof getTableConfig>[0]) => getTableConfig(table).columns.map((c) => c.name);

// The catalogue names the columns the upload writes and the engine reads: a column renamed in the
// schema and not in the catalogue would fail only at the first upload.
describe("metric and dimension catalogue against the stored columns", () => {
  it("every stored metric has its column in observations and in the daily totals", () => {
    for (const m of STORED_METRICS) {
      expect(columns(observations)).toContain(m.column);
      expect(columns(observationDailyTotals)).toContain(m.column);
    }
  });

  it("every dimension has its column in the dimension sets", () => {
    for (const d of DIMENSIONS) expect(columns(dimensionSets)).toContain(d.column);
  });

  it("every derived metric is computed from stored metrics", () => {
    const stored = new Set(STORED_METRICS.map((m) => m.key as string));
    for (const m of METRIC_DEFINITIONS) for (const input of metricInputs(m.key)) expect(stored).toContain(input);
  });
});
