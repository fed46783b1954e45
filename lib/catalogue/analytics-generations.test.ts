import { describe, expect, it } from "vitest";
import { ga4ChannelOfUa, generationOfTool, seamLine } from "./analytics-generations";

describe("Universal Analytics channels named as GA4 names them", () => {
  it("maps the names UA's default channel grouping gave otherwise, and keeps the shared ones", () => {
    expect(ga4ChannelOfUa("(Other)")).toBe("Unassigned");
    expect(ga4ChannelOfUa("Social")).toBe("Organic Social");
    expect(ga4ChannelOfUa("Other Advertising")).toBe("Paid Other");
    for (const same of ["Direct", "Organic Search", "Paid Search", "Display", "Referral", "Email", "Affiliates"])
      expect(ga4ChannelOfUa(same)).toBe(same);
    // Case varies between exports and custom groupings; a custom grouping's own names are kept.
    expect(ga4ChannelOfUa("organic search")).toBe("Organic Search");
    expect(ga4ChannelOfUa("Branded Paid Search")).toBe("Branded Paid Search");
  });

  it("tells UA's Social and (Other) apart by the row's source and medium when the export has them", () => {
    expect(ga4ChannelOfUa("Social", "facebook.com", "cpc")).toBe("Paid Social");
    expect(ga4ChannelOfUa("Social", "facebook.com", "referral")).toBe("Organic Social");
    expect(ga4ChannelOfUa("(Other)", "partner", "cpc")).toBe("Paid Other");
    expect(ga4ChannelOfUa("(Other)", "(not set)", "(not set)")).toBe("Unassigned");
    // A channel UA and GA4 name alike keeps UA's reading of the row.
    expect(ga4ChannelOfUa("Organic Search", "sogou", "organic")).toBe("Organic Search");
  });

  it("knows the generation of the tools the importer tells, and words the seam", () => {
    expect([generationOfTool("ua"), generationOfTool("ga4"), generationOfTool("meta"), generationOfTool(null)]).toEqual(
      ["ua", "ga4", null, null],
    );
    expect(seamLine({ legacyFrom: "2023-01-01", legacyTo: "2023-06-30", periodStart: "2023-07-01" }, (d) => d)).toBe(
      "2023-01-01 – 2023-06-30 from Universal Analytics exports, 2023-07-01 on from Google Analytics 4",
    );
  });
});
