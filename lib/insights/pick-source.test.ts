import { describe, expect, it } from "vitest";
import { pickSource } from "./pick-source";

describe("pickSource", () => {
  it("takes the source with the most days, whatever the order", () => {
    const a = { sourceId: "b-analytics", days: 60, seesSite: true };
    const b = { sourceId: "a-ads", days: 90, seesSite: false };
    expect(pickSource([a, b])).toBe("a-ads");
    expect(pickSource([b, a])).toBe("a-ads");
  });

  it("between as many days, the source that counts visits, then the lower id", () => {
    const ads = { sourceId: "a-ads", days: 90, seesSite: false };
    const analytics = { sourceId: "b-analytics", days: 90, seesSite: true };
    expect(pickSource([ads, analytics])).toBe("b-analytics");
    expect(pickSource([analytics, ads])).toBe("b-analytics");
    expect(pickSource([{ ...ads, sourceId: "c-ads" }, ads])).toBe("a-ads");
  });

  it("has nothing to read without a day of the metric", () => {
    expect(pickSource([{ sourceId: "a", days: 0, seesSite: true }])).toBeNull();
    expect(pickSource([])).toBeNull();
  });
});
