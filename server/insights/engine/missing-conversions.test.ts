import { describe, expect, it } from "vitest";
import { analystNarrative, type NarrativeFinding } from "@/lib/insights/narrate/analyst";
import { PARTS, type PartValues } from "../data/parts";
import { ProjectData } from "../data/project-data";
import { generateProject } from "../synthetic/generate-project";
import type { SiteTypeKey } from "@/lib/insights/intentions";
import { runEngine } from "./run-engine";

// "Conversion tracking": outcomes that are all zero mean broken tracking on any site; data without
// any outcome column is an export's choice, worth saying only where outcomes are the KPI.

/** The generated project with only its sessions (and the other parts `keep` names). */
function withOnly(keep: readonly string[], siteType: SiteTypeKey, zero = false) {
  const { input } = generateProject(3, false);
  const strip = (v: PartValues): PartValues =>
    PARTS.map((p, i) => (p.key === "conversions" && zero ? 0 : keep.includes(p.key) ? v[i] : null));
  const sources = input.data.sources.map((s) => ({
    ...s,
    days: new Map([...s.days].map(([d, v]) => [d, strip(v)])),
  }));
  const data = new ProjectData(input.window, sources, [], input.data.loadedDimensions);
  return runEngine({ ...input, data, project: { ...input.project, siteType } });
}
const audit = (report: ReturnType<typeof runEngine>) =>
  report.insights.find((i) => i.intentionKey === "missing_conversions");

describe("conversion tracking", () => {
  it("says an ecommerce export without outcomes cannot rank by revenue, and what to add", () => {
    const insight = audit(withOnly(["sessions"], "ecommerce"))!;
    expect(insight.findings).toMatchObject([{ issue: "no_conversion_metric", severity: "medium" }]);
    expect(insight.summary).toMatch(/^The data holds no conversions, leads or transactions, so no insight can say/);
    const n = analystNarrative({ findings: insight.findings as unknown as NarrativeFinding[] }, { currency: "EUR" })!;
    expect(n.headline).toBe("The data holds no conversions, leads or transactions.");
    expect(n.next).toMatch(/^Include conversions/);
  });

  it("leaves a content site's missing outcome columns alone, and flags outcomes at zero on any site", () => {
    expect(audit(withOnly(["sessions", "engagedSessions", "pageviews"], "content"))?.findings ?? []).toEqual([]);
    const zero = audit(withOnly(["sessions", "conversions"], "content", true))!;
    expect(zero.findings).toMatchObject([{ issue: "zero_conversions", severity: "high" }]);
    expect(zero.summary).toMatch(/conversion tracking may be broken/);
  });
});
