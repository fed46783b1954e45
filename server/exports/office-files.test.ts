import { describe, expect, it } from "vitest";
import { convertToPdf } from "@/test/office";
import { chartPlan } from "./charts/chart-plan";
import { buildPptx } from "./pptx/build-pptx";
import { syntheticModel } from "./synthetic-model";
import { buildXlsx } from "./xlsx/build-xlsx";

// The workbook and the deck opened as a client's office suite opens them: LibreOffice loads both, draws every native
// chart (its title is in the printed page only when the chart part was read) and prints them without an error.
describe("the exported files in LibreOffice", async () => {
  const model = syntheticModel({ insights: 10, days: 60 });
  const converted = await convertToPdf([
    { name: "report.xlsx", body: await buildXlsx(model) },
    { name: "report.pptx", body: await buildPptx(model) },
  ]);
  const titles = [...new Set(model.insights.map((i) => chartPlan(i, model.theme)?.title).filter(Boolean))];

  it("converts both without an error", () => {
    expect(converted.output).not.toMatch(/error/i);
    expect([...converted.text.keys()].sort()).toEqual(["report.pptx", "report.xlsx"]);
  });

  it("draws the workbook's native charts", () => {
    const text = converted.text.get("report.xlsx")!.replace(/\s+/g, " ");
    expect(titles.length).toBeGreaterThan(2);
    for (const title of titles) expect(text).toContain(title);
  });

  it("draws the deck's charts", () => {
    const text = converted.text.get("report.pptx")!.replace(/\s+/g, " ");
    for (const title of titles) expect(text).toContain(title);
  });
});
