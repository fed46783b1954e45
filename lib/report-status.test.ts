import { describe, expect, it } from "vitest";
import { isReportActive } from "./report-status";

describe("isReportActive", () => {
  it("is true while a report is queued or running, false once ready or failed or when there is none", () => {
    expect(isReportActive({ status: "queued" })).toBe(true);
    expect(isReportActive({ status: "running" })).toBe(true);
    expect(isReportActive({ status: "ready" })).toBe(false);
    expect(isReportActive({ status: "failed" })).toBe(false);
    expect(isReportActive(undefined)).toBe(false);
    expect(isReportActive(null)).toBe(false);
  });
});
