import { describe, expect, it } from "vitest";
import { detectAnomalies } from "./anomalies";
import { generateSeries, plant } from "./test-series";

const period = (s: { date: string }[], from: number, to = s.length - 1) => ({
  metric: "sessions",
  periodStart: s[from].date,
  periodEnd: s[to].date,
});

describe("detectAnomalies", () => {
  it("finds a planted spike and a planted drop on the right days with the right sign", () => {
    let s = generateSeries({ days: 400, seed: 7 });
    s = plant(s, 350, 351, (v) => v * 1.6);
    s = plant(s, 370, 373, (v) => v * 0.5);
    const { findings } = detectAnomalies(s, period(s, 330));
    const byDate = new Map(findings.map((f) => [f.date, f]));
    expect(byDate.get(s[350].date)?.direction).toBe("up");
    for (const i of [370, 371, 372]) expect(byDate.get(s[i].date)?.direction).toBe("down");
    const spike = byDate.get(s[350].date)!;
    expect(spike.actual).toBeGreaterThan(spike.expectedHigh!);
    expect(spike.score).toBeGreaterThan(3);
    expect(spike.confidence).toBe(0.95);
    expect(findings.length).toBeLessThanOrEqual(4 + 3); // the planted days plus a noise budget
  });

  it("finds a tracking gap (days at zero) as downward anomalies", () => {
    const s = plant(generateSeries({ days: 200, seed: 3 }), 180, 183, () => 0);
    const { findings } = detectAnomalies(s, period(s, 170));
    const dates = findings.filter((f) => f.direction === "down").map((f) => f.date);
    expect(dates).toEqual(expect.arrayContaining([s[180].date, s[181].date, s[182].date]));
  });

  it("respects weekly seasonality: the weekend dip is expected, not anomalous", () => {
    const s = generateSeries({ days: 300, seed: 11, noiseSd: 10 });
    const { points } = detectAnomalies(s, period(s, 250));
    const sunday = points.find((p) => new Date(`${p.date}T00:00:00Z`).getUTCDay() === 0)!;
    const tuesday = points.find((p) => new Date(`${p.date}T00:00:00Z`).getUTCDay() === 2)!;
    expect(sunday.expected!).toBeLessThan(tuesday.expected! * 0.7);
  });

  it("keeps false positives on pure noise within the stated confidence", () => {
    let flagged = 0;
    let judged = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const s = generateSeries({ days: 400, seed });
      const r = detectAnomalies(s, period(s, 100));
      flagged += r.findings.length;
      judged += r.judgedDays;
    }
    expect(judged).toBe(20 * 300);
    expect(flagged / judged).toBeLessThanOrEqual(0.05);
    // A stricter confidence flags fewer days.
    const s = generateSeries({ days: 400, seed: 99 });
    expect(detectAnomalies(s, { ...period(s, 100), confidence: 0.99 }).findings.length / 300).toBeLessThanOrEqual(
      0.01 + 0.01,
    );
  });

  it("follows smooth yearly seasonality without a burst of false alarms", () => {
    let flagged = 0;
    let judged = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const s = generateSeries({ days: 800, seed, yearlyAmplitude: 0.3 });
      const r = detectAnomalies(s, period(s, 430));
      flagged += r.findings.length;
      judged += r.judgedDays;
    }
    expect(flagged / judged).toBeLessThanOrEqual(0.05);
  });

  it("skips unknown days and days without enough history", () => {
    const s = generateSeries({ days: 120, seed: 2 }).map((p, i) => (i === 110 ? { ...p, value: null } : p));
    const r = detectAnomalies(s, period(s, 0));
    expect(r.points[110].actual).toBeNull();
    expect(r.points[0].expected).toBeNull();
    expect(r.judgedDays).toBeLessThan(120);
  });
});
