import { describe, expect, it } from "vitest";
import { detectAnomalies } from "../detectors/anomalies";
import { generateSeries, plant } from "../detectors/test-series";
import { twoSidedBaseline } from "./two-sided-baseline";
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";

// A segment's 86-day window (56 days before a 30-day period), judged day by day from both sides.
const DAYS = 86;
const FROM = 56;
const judge = (s: ReturnType<typeof generateSeries>, confidence = 0.95) =>
  detectAnomalies(s, {
    metric: "sessions",
    periodStart: s[FROM].date,
    periodEnd: s[DAYS - 1].date,
    confidence,
    baseline: "two-sided",
  });

describe("twoSidedBaseline", () => {
  it("scores a planted 4σ day near 4 (the interval is the noise's, not a forecast's)", () => {
    const scores: number[] = [];
    for (let seed = 1; seed <= 40; seed++) {
      const s = plant(generateSeries({ days: DAYS, seed, noiseSd: 40 }), 70, 71, (v) => v + 4 * 40);
      const day = twoSidedBaseline(s, { from: s[FROM].date, to: s[DAYS - 1].date }).points[70 - FROM];
      scores.push((day.actual! - day.expected!) / day.sigma!);
    }
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    expect(mean).toBeGreaterThan(3.6);
    expect(mean).toBeLessThan(4.4);
  });

  it("reads weekday factors well enough to expect each day within 1.75 % (medians of the weeks missed by 1.8 %)", () => {
    // 400 series of 120 days, Poisson-like noise around 450 sessions on weekdays and 338 at weekends (the shape of
    // a landing page's), the last 30 days judged: the expected values' error against the days' true means. With each
    // weekday's factor the median of its weeks' ratios the error was 1.81 %; the 20 % trimmed mean's is 1.70 %.
    const z = gaussian(mulberry32(5));
    let squares = 0;
    let days = 0;
    for (let round = 0; round < 400; round++) {
      const start = "2026-01-01";
      const means = Array.from(
        { length: 120 },
        (_, i) => 450 * ([0, 6].includes(dayOfWeek(addDays(start, i))) ? 0.75 : 1.08),
      );
      const series = means.map((mean, i) => ({
        date: addDays(start, i),
        value: Math.max(0, Math.round(mean + Math.sqrt(mean) * z())),
      }));
      for (const p of twoSidedBaseline(series, { from: addDays(start, 90), to: addDays(start, 119) }).points) {
        if (p.expected === null) continue;
        squares += (p.expected / means[series.findIndex((d) => d.date === p.date)] - 1) ** 2;
        days++;
      }
    }
    expect(days).toBe(400 * 30);
    expect(Math.sqrt(squares / days)).toBeLessThan(0.0175);
  });

  it("keeps false alarms on pure noise within the stated confidence", () => {
    let flagged = 0;
    let judged = 0;
    let strict = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const s = generateSeries({ days: DAYS, seed });
      const r = judge(s);
      flagged += r.findings.length;
      judged += r.judgedDays;
      strict += judge(s, 0.999).findings.length;
    }
    expect(judged).toBe(100 * 30);
    expect(flagged / judged).toBeLessThanOrEqual(0.05);
    expect(strict / judged).toBeLessThanOrEqual(0.002);
  });

  it("gives p-values that hold in the tail the report-wide bar reads (the t's degrees of freedom)", () => {
    // 36,000 judged days of noise: a calibrated test flags 1 % of them at p < 0.01 and 0.1 % at
    // p < 0.001. Too few degrees of freedom would flag fewer (every p-value overstated), too many
    // would flag more; ± 20 % is about 3.5 standard errors at 0.01.
    let judged = 0;
    let under01 = 0;
    let under001 = 0;
    for (let seed = 1; seed <= 1_200; seed++) {
      const r = judge(generateSeries({ days: DAYS, seed: 10_000 + seed }));
      judged += r.judgedDays;
      for (const f of r.findings) {
        if (f.pValue < 0.01) under01++;
        if (f.pValue < 0.001) under001++;
      }
    }
    expect(judged).toBe(1_200 * 30);
    expect(under01 / judged).toBeGreaterThan(0.008);
    expect(under01 / judged).toBeLessThan(0.012);
    expect(under001 / judged).toBeLessThan(0.0015);
  });

  it("does not turn the days beside a level shift into anomalies of the other sign", () => {
    let opposite = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const s = plant(generateSeries({ days: DAYS, seed }), 70, DAYS, (v) => v * 1.4);
      opposite += judge(s).findings.filter((f) => f.direction === "down").length;
    }
    expect(opposite / (20 * 30)).toBeLessThanOrEqual(0.05);
  });

  it("fits a day's level from its own side of a level shift", () => {
    // Level 1,000, +45 % from day 75; day 67 (8 days before) is an ordinary day. Across the shift
    // the line through both sides puts its level too high; with the shift's date it reads its own.
    let without = 0;
    let withBreak = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const s = plant(generateSeries({ days: DAYS, seed, noiseSd: 30 }), 75, DAYS, (v) => v * 1.45);
      const options = { from: s[FROM].date, to: s[DAYS - 1].date };
      const day = (breaks?: string[]) => {
        const p = twoSidedBaseline(s, { ...options, breaks }).points[67 - FROM];
        return (p.actual! - p.expected!) / p.sigma!;
      };
      without += day() / 20;
      withBreak += day([s[75].date]) / 20;
    }
    expect(without).toBeLessThan(-1.5); // the ordinary day looked unusually low
    expect(Math.abs(withBreak)).toBeLessThan(0.5);
  });

  it("fits a day from its own level after a step in the data's last two weeks, and holds the stated confidence", () => {
    // The level rises 35 % 10 days before the data's end (the same noise; a segment whose share of a site-wide step
    // is too small to find itself gets the site's date as a break): the 9 other days of the new level are too few
    // for the 14-day line a day is fitted with elsewhere, and a line through both levels judged 4 in 10 of its
    // ordinary days unusual. A flat level through the week and more of its own holds the 95 % of the rest.
    let outside = 0;
    let judged = 0;
    let drift = 0;
    let across = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const before = generateSeries({ days: DAYS, seed });
      const after = generateSeries({ days: DAYS, seed, level: 1350 });
      const s = before.map((p, i) => (i >= DAYS - 10 ? after[i] : p));
      const options = { from: s[FROM].date, to: s[DAYS - 1].date };
      for (const p of twoSidedBaseline(s, { ...options, breaks: [s[DAYS - 10].date] }).points.slice(-10)) {
        judged++;
        if (p.actual! < p.low! || p.actual! > p.high!) outside++;
        drift += (p.actual! - p.expected!) / p.sigma! / 1_000;
      }
      for (const p of twoSidedBaseline(s, options).points.slice(-10))
        if (p.actual! < p.low! || p.actual! > p.high!) across++;
    }
    expect(across / judged).toBeGreaterThan(0.3);
    expect(outside / judged).toBeLessThanOrEqual(0.05);
    expect(Math.abs(drift)).toBeLessThan(0.2);
  });
});
