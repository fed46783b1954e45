import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { generateSeries } from "../../detectors/test-series";
import { detectSegment } from "./segment-detect";

// A segment past its dimension's largest values is judged day by day over the period's last 30 days only
// (segment-watch.ts, NARROW_DAILY_DAYS): the one-day test reads and judges that window, the shift watch the whole.

const END = "2026-03-31";
const series = Array.from({ length: 146 }, (_, i) => {
  const date = addDays(END, i - 145);
  // 100 a day with a weekly swing and some noise (deterministic), and a one-day spike on 20 March.
  const value = 100 + 10 * Math.sin(i * 0.9) + (i % 7 === 6 ? -20 : 0) + (date === "2026-03-20" ? 60 : 0);
  return { date, value: Math.round(value) };
});

describe("detectSegment", () => {
  it("judges a shorter one-day window when given one, and the whole watch otherwise", () => {
    const task = {
      metric: "sessions" as const,
      dimension: "campaign",
      value: "Campaign 18",
      series,
      watchStart: addDays(END, -89),
      periodEnd: END,
      daily: true,
    };
    const whole = detectSegment(task).anomalies!;
    expect(whole.points[0].date).toBe(addDays(END, -89));
    expect(whole.judgedDays).toBe(90);
    const judgedFrom = addDays(END, -29);
    const last30 = detectSegment({
      ...task,
      dailyWindow: { judgedFrom, readFrom: addDays(judgedFrom, -56) },
    }).anomalies!;
    expect(last30.points[0].date).toBe(judgedFrom);
    expect(last30.judgedDays).toBe(30);
    expect(last30.findings.map((f) => f.date)).toContain("2026-03-20");
  });

  it("fits the days after the site's level shift from their own level, when the segment's share is too small to find", () => {
    // A tablet segment of a site whose cost rose 35 % 10 days before the period's end, too noisy (σ 25 % of its level)
    // to date the step itself in most runs. Judged from a line through both levels, its ordinary days after the step
    // read high; with the site's date they are judged against their own week and more.
    let withSite = 0;
    let without = 0;
    let runs = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const before = generateSeries({ start: addDays(END, -145), days: 146, level: 100, noiseSd: 25, seed });
      const after = generateSeries({ start: addDays(END, -145), days: 146, level: 135, noiseSd: 25, seed });
      const cost = before.map((p, i) => (i >= 136 ? after[i] : p));
      const task = {
        metric: "cost" as const,
        dimension: "device",
        value: "tablet",
        series: cost,
        watchStart: addDays(END, -29),
        periodEnd: END,
        daily: true,
      };
      const own = detectSegment(task);
      if (own.shifts.length > 0) continue; // the segment dated the step itself
      runs++;
      /** The mean score of the days from the step on. */
      const score = (d: ReturnType<typeof detectSegment>) =>
        d.anomalies!.points.slice(-10).reduce((sum, p) => sum + (p.actual! - p.expected!) / p.sigma! / 10, 0);
      without += score(own);
      withSite += score(detectSegment({ ...task, totalShifts: [cost[136].date] }));
    }
    expect(runs).toBeGreaterThan(10);
    expect(without / runs).toBeGreaterThan(0.15);
    expect(Math.abs(withSite / runs)).toBeLessThan(0.08);
  });
});
