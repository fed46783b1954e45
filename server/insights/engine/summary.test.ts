import { describe, expect, it } from "vitest";
import { isSeasonallyExpected } from "@/lib/insights/season";
import { generateProject } from "../synthetic/generate-project";
import type { Finding } from "../types";
import { runEngine } from "./run-engine";

// A summary tells the news first and what the season predicted after it; a driver segment belongs to the total it
// breaks down. Seed 5 is a season: every channel's traffic fell about 10 % this March and the same weeks a year ago.

describe("an insight's summary", () => {
  it("states a change the season predicted before the segments that make it up", () => {
    const { input, event } = generateProject(5, true);
    expect(event!.kind).toBe("seasonal");
    const insight = runEngine(input).insights.find((i) => i.intentionKey === "sessions_by_channel")!;
    const findings = insight.findings as (Finding & { kind: string })[];
    expect(findings[0].kind).toBe("change");
    expect(isSeasonallyExpected(findings[0])).toBe(true);
    expect(findings.slice(1).every((f) => f.kind === "driver")).toBe(true);
    expect(insight.summary).toMatch(/^Sessions fell to [\d,]+ .* Expected for the season: .* Channel “/);
  });
});
