import { describe, expect, it } from "vitest";
import { localisation } from "./one-effect-per-change";

const chart = (segments: [string, number, number][], other: [number, number]) => {
  const totalBaseline = segments.reduce((s, [, b]) => s + b, 0) + other[0];
  const totalChange = segments.reduce((s, [, , c]) => s + c, 0) + other[1];
  return {
    type: "contributions" as const,
    metric: "sessions",
    unit: "count",
    dimension: "channel",
    totalBaseline,
    totalCurrent: totalBaseline + totalChange,
    totalChange,
    segments: segments.map(([value, baseline, contribution]) => ({
      value,
      baseline,
      current: baseline + contribution,
      contribution,
    })),
    otherContribution: other[1],
  };
};

describe("localisation", () => {
  it("is 0 for a change every segment took in proportion, and twice the others' share for one segment's", () => {
    // Devices: 55 % and 45 % of the sessions, each losing its share of 4,800.
    expect(
      localisation(
        chart(
          [
            ["desktop", 33_000, -2_640],
            ["mobile", 27_000, -2_160],
          ],
          [0, 0],
        ),
      ),
    ).toBeCloseTo(0, 6);
    // Channels: Organic Search (45 %) lost 4,800 alone: 2 × (1 − 0.45) of the change away from the shares.
    const channels = chart(
      [
        ["Organic Search", 24_750, -4_800],
        ["Paid Search", 13_750, 0],
        ["Direct", 11_000, 0],
      ],
      [5_500, 0],
    );
    expect(localisation(channels)).toBeCloseTo(1.1, 6);
  });
});
