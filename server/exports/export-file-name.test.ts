import { describe, expect, it } from "vitest";
import { defaultReportName } from "@/lib/insights/report-period";
import { exportFileName } from "./export-file-name";

const base = {
  agency: { name: "Bright Agency" },
  client: { name: "Acme Outdoor" },
  project: { name: "Online store" },
  period: { start: "2026-11-01", end: "2026-11-30", compareTo: "previous_period" as const },
};

describe("exportFileName", () => {
  it("names a report's file after its client, project and period, or after its own name", () => {
    const unnamed = { kind: "report" as const, name: defaultReportName("Online store", "2026-11-01", "2026-11-30") };
    expect(exportFileName({ ...base, source: unnamed }, "pptx")).toBe(
      "Acme Outdoor – Online store – November 2026 – Insights.pptx",
    );
    // A project named after its client is not named twice.
    const own = { ...base, project: { name: "Acme Outdoor" } };
    expect(
      exportFileName(
        { ...own, source: { kind: "report", name: defaultReportName("Acme Outdoor", "2026-11-01", "2026-11-30") } },
        "xlsx",
      ),
    ).toBe("Acme Outdoor – November 2026 – Insights.xlsx");
    expect(exportFileName({ ...base, source: { kind: "report", name: "Black Friday review" } }, "pptx")).toBe(
      "Black Friday review – Insights.pptx",
    );
  });

  it("names a tag's file after the tag, and chosen insights after the agency, never our product", () => {
    expect(exportFileName({ ...base, source: { kind: "tag", name: "Paid search" } }, "xlsx")).toBe(
      "Acme Outdoor – Online store – Paid search – Insights.xlsx",
    );
    expect(exportFileName({ ...base, source: { kind: "selection", name: null } }, "pptx")).toBe(
      "Bright Agency-Insights.pptx",
    );
    expect(exportFileName({ ...base, agency: { name: " " }, source: { kind: "selection", name: null } }, "pptx")).toBe(
      "Funnelwise-Insights.pptx",
    );
  });

  it("keeps out what file systems refuse", () => {
    expect(exportFileName({ ...base, source: { kind: "tag", name: 'Q4: "best"/worst?' } }, "xlsx")).toBe(
      "Acme Outdoor – Online store – Q4 best worst – Insights.xlsx",
    );
  });
});
