import { describe, expect, it } from "vitest";
import { DATA_SOURCE_MESSAGES as M } from "../constants/data-source-messages";
import { readPreview } from "./read-preview";
import { repeatedRow } from "./repeated-rows";

describe("repeated rows in the preview", () => {
  const meta = [
    "Campaign name,Ad set name,Day,Amount spent (EUR)",
    "Prospecting,Broad 25-54,2026-01-29,61.29",
    "Retargeting,Broad 25-54,2026-01-29,20.00",
    "Prospecting,Lookalike 1%,2026-01-29,27.00",
  ].join("\n");
  const targets = ["dimension:campaign", "ignore", "date", "metric:cost"];

  it("names the ignored column that splits a campaign's day, with the lines the importer would name", () => {
    expect(repeatedRow(readPreview(meta, { complete: true }), targets)).toEqual({
      message: M.duplicateRowSplit(4, 2, ["Ad set name"], ["Campaign name"]),
    });
  });

  it("says only that the rows repeat when nothing ignored tells them apart", () => {
    const twice = `${meta}\nRetargeting,Broad 25-54,2026-01-29,20.00`;
    const preview = readPreview(twice, { complete: true });
    // Line 4 repeats line 2 first (their ad sets differ); without the ad set column the first repeat is line 4 too.
    expect(repeatedRow(preview, targets)?.message).toBe(M.duplicateRowSplit(4, 2, ["Ad set name"], ["Campaign name"]));
    const exact = readPreview(
      ["Day,Campaign name,Cost", "2026-01-29,A,1", "2026-01-30,A,2", "2026-01-29,A ,3"].join("\n"),
      {
        complete: true,
      },
    );
    expect(repeatedRow(exact, ["date", "dimension:campaign", "metric:cost"])?.message).toBe(M.duplicateRow(4, 2));
  });

  it("names an hour column, numbers though its values are, and not the metrics that differ with it", () => {
    const hourly = ["Date,Hour,Sessions,Engagement rate", "20260901,00,12,0.5", "20260901,01,15,0.6"].join("\n");
    const preview = readPreview(hourly, { complete: true });
    expect(repeatedRow(preview, ["date", "ignore", "metric:sessions", "ignore"])?.message).toBe(
      M.duplicateRowSplit(3, 2, ["Hour"], []),
    );
  });

  it("finds nothing in a file of one row per date and combination, or without a date column", () => {
    const perAdSet = ["dimension:campaign", "dimension:keyword", "date", "metric:cost"];
    expect(repeatedRow(readPreview(meta, { complete: true }), perAdSet)).toBeNull();
    expect(
      repeatedRow(readPreview(meta, { complete: true }), ["dimension:campaign", "ignore", "ignore", "metric:cost"]),
    ).toBeNull();
  });
});
