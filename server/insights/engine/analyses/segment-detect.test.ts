import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
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
});
