import { describe, expect, it } from "vitest";
import { formatChange, formatPct, isNegligiblePct } from "./format-values";

describe("changes that round to nothing", () => {
  it("are shown as 0, without a sign", () => {
    expect(formatPct(-0.0002)).toBe("0 %");
    expect(formatPct(0.0004)).toBe("0 %");
    expect(formatPct(-0.069)).toBe("−6.9 %");
    expect(formatPct(0.123)).toBe("+12.3 %");
    expect(formatChange("conversionRate", -0.000001, "USD", "percent")).toBe("0 pp");
    expect(formatChange("conversionRate", -0.0017, "USD", "percent")).toBe("−0.17 pp");
  });
  it("are negligible below half a tenth of a percent", () => {
    expect(isNegligiblePct(0.0004)).toBe(true);
    expect(isNegligiblePct(-0.0006)).toBe(false);
    expect(isNegligiblePct(null)).toBe(true);
  });
});
