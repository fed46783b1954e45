import { describe, expect, it } from "vitest";
import { dateRange } from "@/lib/dates";
import type { CompetitionData } from "../competition/analyse-competition";
import { generateProject } from "../synthetic/generate-project";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { runEngine } from "./run-engine";

// The competitive position is descriptive, but it ranks by the move of the client's search visibility: that move is
// one more test of the report, so positions that wander from day to day do not put it among the most impactful.

type Positions = (keyword: number, date: string, inPeriod: boolean) => number;

function withCompetition(seed: number, client: Positions, keywords = 20) {
  const { input } = generateProject(seed, false);
  const w = input.window;
  const days = dateRange(w.comparisonStart, w.periodEnd);
  const data: CompetitionData = {
    clientDomain: "acme.example",
    competitors: ["rival.example"],
    keywords: Array.from({ length: keywords }, (_, k) => ({
      keyword: `kw ${k}`,
      searches: 100 + 10 * k,
      client: Object.fromEntries(days.map((d) => [d, client(k, d, d >= w.periodStart)])),
      competitors: { "rival.example": Object.fromEntries(days.map((d) => [d, 4])) },
    })),
    clientVisits: Object.fromEntries(days.map((d) => [d, 1000])),
    competitorVisits: { "rival.example": Object.fromEntries(days.map((d) => [d, 800])) },
  };
  const report = runEngine({ ...input, competition: data });
  const insight = report.insights.find((i) => i.intentionKey === "competitive_position")!;
  const visibility = insight.findings.find((f) => f.metric === "visibility") as { narrative: string };
  return { insight, visibility };
}

describe("the competitive position in the ranking", () => {
  it("ranks a real loss of positions among the most impactful", () => {
    // The client held the top 2 on five keywords and falls to 6 in the period.
    const { insight, visibility } = withCompetition(3, (k, _d, inPeriod) => (k < 5 ? (inPeriod ? 6 : 2) : 1));
    expect(insight.group).toBe("most_impactful");
    expect(insight.impact).toBeGreaterThan(0);
    expect(visibility.narrative).not.toContain("day-to-day variation");
  });

  it("leaves positions that wander about the same level among the other insights, and says so", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const noise = gaussian(mulberry32(seed * 7919));
      // Each keyword about its own position, ±3 places a day, both periods alike.
      const { insight, visibility } = withCompetition(seed, (k) => Math.max(1, Math.round(4 + (k % 9) + 3 * noise())));
      expect(insight.group).toBe("other");
      expect(insight.impact).toBe(0);
      expect(visibility.narrative).toMatch(
        /^Search visibility: acme\.example [\d.]+% \([+−][\d.]+ pts, within its day-to-day variation\)/,
      );
      // Still told: the descriptive comparison stays.
      expect(insight.findings.map((f) => f.metric)).toContain("sharedKeywords");
    }
  });
});
