import { describe, expect, it } from "vitest";
import { WITHIN_NOISE, figureReading } from "./headline-kpis";

const sessions = { metric: "sessions", current: 1050, change: 50, changePct: 0.05, significant: true };

describe("how a key figure's change reads", () => {
  it("colours news by the metric's sense and leaves noise without colour", () => {
    expect(figureReading(sessions)).toEqual({ tone: "good", direction: "up", note: null });
    expect(figureReading({ ...sessions, metric: "cpc" })).toMatchObject({ tone: "bad" });
    // Ad spend has no good way (ADR 0033): more of it is neither good nor bad news by itself.
    expect(figureReading({ ...sessions, metric: "cost" })).toMatchObject({ tone: "neutral", direction: "up" });
    expect(figureReading({ ...sessions, metric: "cost", change: -50 })).toMatchObject({ tone: "neutral" });
    expect(figureReading({ ...sessions, significant: false })).toEqual({
      tone: "neutral",
      direction: "up",
      note: WITHIN_NOISE,
    });
  });

  it("says what the season did, and colours only the part of a move the season did not predict", () => {
    const expected = { expected: true, lastYearChangePct: 0.06, expectedCurrent: 1060 };
    expect(figureReading({ ...sessions, season: expected })).toEqual({
      tone: "neutral",
      direction: "up",
      note: "Expected for the season (+6 % a year ago)",
    });
    // +5 % where the season predicted +20 %: a rise, but no good news.
    const short = { expected: false, lastYearChangePct: 0.2, expectedCurrent: 1200 };
    expect(figureReading({ ...sessions, season: short })).toEqual({
      tone: "neutral",
      direction: "up",
      note: "Short of the season (+20 % a year ago)",
    });
    // +5 % where the season predicted a fall: beyond it, and good news.
    const beyond = { expected: false, lastYearChangePct: -0.1, expectedCurrent: 900 };
    expect(figureReading({ ...sessions, season: beyond })).toEqual({
      tone: "good",
      direction: "up",
      note: "Beyond the season (−10 % a year ago)",
    });
  });
});
