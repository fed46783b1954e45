import { describe, expect, it } from "vitest";
import { dateRange } from "@/lib/dates";
import {
  analyseCompetition,
  averagePosition,
  clickShare,
  competitionFindings,
  type CompetitionData,
} from "./analyse-competition";

const w = {
  comparisonStart: "2026-02-01",
  comparisonEnd: "2026-02-28",
  periodStart: "2026-03-01",
  periodEnd: "2026-03-28",
};
const days = dateRange(w.comparisonStart, w.periodEnd);
const inPeriod = (d: string) => d >= w.periodStart;
const every = (f: (d: string) => number | null) =>
  Object.fromEntries(days.map((d) => [d, f(d)]).filter(([, v]) => v !== null)) as Record<string, number>;

// Generated partner data: 20 keywords. The client held the top 3 for keywords 0-11; in the period
// rival.example overtakes it on 0-3 (client drops to 5, rival to 2). Keywords 12-15 are only the
// rival's (position 6); 16-19 only the client's (position 15). Visits: client 1000 a day, the
// rival 500 a day before and 1000 in the period.
function generated(): CompetitionData {
  const keywords = Array.from({ length: 20 }, (_, i) => {
    const client =
      i < 4 ? every((d) => (inPeriod(d) ? 5 : 2)) : i < 12 ? every(() => 1) : i < 16 ? {} : every(() => 15);
    const rival = i < 4 ? every((d) => (inPeriod(d) ? 2 : 8)) : i < 16 ? every(() => 6) : {};
    return { keyword: `kw ${i}`, searches: 100, client, competitors: { "rival.example": rival } };
  });
  return {
    clientDomain: "acme.example",
    competitors: ["rival.example"],
    keywords,
    clientVisits: every(() => 1000),
    competitorVisits: { "rival.example": every((d) => (inPeriod(d) ? 1000 : 500)) },
  };
}

describe("competitive analysis", () => {
  it("uses the organic click curve and averages positions over the days ranked", () => {
    expect(clickShare(1)).toBe(0.28);
    expect(clickShare(3.4)).toBe(0.11);
    expect(clickShare(15)).toBe(0.01);
    expect(clickShare(null)).toBe(0);
    expect(averagePosition({ "2026-03-01": 2, "2026-03-02": 4, "2026-02-01": 9 }, "2026-03-01", "2026-03-31")).toBe(3);
    expect(averagePosition({}, "2026-03-01", "2026-03-31")).toBeNull();
  });

  it("compares visibility, shared and missing keywords, traffic share and top-3 moves", () => {
    const [r] = analyseCompetition(generated(), w);
    // Before: 4 × 0.15 + 8 × 0.28 + 4 × 0.01 over 20 keywords; now the first four are at 5 (0.07).
    expect(r.baseline.visibility).toBeCloseTo((4 * 0.15 + 8 * 0.28 + 4 * 0.01) / 20, 10);
    expect(r.current.visibility).toBeCloseTo((4 * 0.07 + 8 * 0.28 + 4 * 0.01) / 20, 10);
    expect(r.current.competitorVisibility).toBeCloseTo((4 * 0.15 + 12 * 0.05) / 20, 10);
    expect(r.current.shared).toBe(12);
    expect(r.current.missing).toEqual(["kw 12", "kw 13", "kw 14", "kw 15"]);
    expect(r.baseline.trafficShare).toBeCloseTo(1000 / 1500, 10);
    expect(r.current.trafficShare).toBeCloseTo(0.5, 10);
    expect(r.moves.lost).toEqual(["kw 0", "kw 1", "kw 2", "kw 3"]);
    expect(r.moves.won).toEqual([]);
  });

  it("writes findings with the drivers in plain words", () => {
    const data = generated();
    const findings = competitionFindings(data, analyseCompetition(data, w), w);
    expect(findings.map((f) => f.metric)).toEqual([
      "top3Keywords",
      "visibility",
      "sharedKeywords",
      "missingKeywords",
      "trafficShare",
    ]);
    expect(findings.every((f) => f.kind === "competitor" && f.dimensionValue === "rival.example")).toBe(true);
    const driver = findings.find((f) => f.metric === "top3Keywords")!;
    expect(driver.narrative).toBe(
      "acme.example lost 4 keywords in the top 3 to rival.example (kw 0, kw 1, kw 2, kw 3).",
    );
    expect(driver.direction).toBe("down");
    const share = findings.find((f) => f.metric === "trafficShare")!;
    expect(share.narrative).toContain("50.0% of the two sites' visits (−16.7 pts)");
    expect(findings.find((f) => f.metric === "missingKeywords")!.narrative).toContain("kw 12, kw 13, kw 14, kw 15");
  });

  it("handles a competitor without visits or keywords", () => {
    const data = { ...generated(), competitors: ["rival.example", "quiet.example"] };
    const results = analyseCompetition(data, w);
    expect(results[1].current.trafficShare).toBeNull();
    expect(results[1].current.shared).toBe(0);
    const findings = competitionFindings(data, results, w).filter((f) => f.dimensionValue === "quiet.example");
    expect(findings.map((f) => f.metric)).toEqual(["visibility", "sharedKeywords", "missingKeywords"]);
  });
});
