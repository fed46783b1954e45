import { describe, expect, it } from "vitest";
import { FONT_OPTIONS } from "./constants/customization";
import { fontStack } from "./font-stack";

describe("fontStack", () => {
  it("draws the Inter option with the web font the app ships, and leaves system fonts as they are", () => {
    expect(fontStack("Inter, Arial, sans-serif")).toBe('"Inter Variable", Inter, Arial, sans-serif');
    expect(fontStack("Arial, Helvetica, sans-serif")).toBe("Arial, Helvetica, sans-serif");
    expect(fontStack("Georgia, 'Times New Roman', serif")).toBe("Georgia, 'Times New Roman', serif");
    expect(fontStack(null)).toBeUndefined();
    // Every listed option keeps its own stack at the end, so a viewer without the web font still gets it.
    for (const option of FONT_OPTIONS) expect(fontStack(option.value)?.endsWith(option.value)).toBe(true);
  });
});
