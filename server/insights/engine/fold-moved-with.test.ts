import { describe, expect, it } from "vitest";
import { describeFinding } from "@/lib/insights/narrate/sentences";
import type { SegmentShift } from "./analyses/segment-watch";
import { foldMovedWith } from "./fold-moved-with";
import type { IntentionOutcome } from "./types";

// Mobile's engaged sessions fell a quarter from 17 October; the site's total fell from 19 October, 81 % of it from
// mobile. The countries, each with its share of mobile visits, fell within two days by less.

function shift(
  dimension: string | null,
  value: string | null,
  date: string,
  change: number,
  metric = "engagedSessions",
) {
  return {
    kind: "level_shift",
    metric,
    dimension,
    dimensionValue: value,
    periodStart: date,
    periodEnd: "2026-10-31",
    current: 1000 + change,
    baseline: 1000,
    change,
    changePct: change / 1000,
    expectedLow: null,
    expectedHigh: null,
    confidence: 0.95,
    direction: change < 0 ? "down" : "up",
    pValue: 1e-6,
    sourceId: "s",
  } as unknown as SegmentShift;
}

function outcomes(segments: SegmentShift[], explainedBy: { dimension: string; dimensionValue: string } | null) {
  const total = {
    ...shift(null, null, "2026-10-19", -401),
    ...(explainedBy ? { explainedBy: { ...explainedBy, share: 0.81 } } : {}),
  };
  return [
    { intention: { stage: "engagement" }, findings: [total] },
    { intention: { stage: "engagement" }, findings: segments, localised: true },
  ] as unknown as IntentionOutcome[];
}

describe("foldMovedWith", () => {
  const mobile = () => shift("device", "mobile", "2026-10-17", -322);
  const country = (value: string, change: number, date = "2026-10-19") => shift("country", value, date, change);

  it("folds the segments of other dimensions that moved with the explaining segment, by less, within days", () => {
    const all = outcomes(
      [
        mobile(),
        country("United States", -166),
        country("Germany", -58, "2026-10-20"),
        shift("device", "tablet", "2026-10-17", -30),
      ],
      { dimension: "device", dimensionValue: "mobile" },
    );
    foldMovedWith(all);
    const kept = all[1].findings as SegmentShift[];
    // Tablet is another device: its own change, not a part of mobile's.
    expect(kept.map((f) => f.dimensionValue)).toEqual(["mobile", "tablet"]);
    expect(kept[0].movedWith).toEqual([
      { dimension: "country", dimensionValue: "United States", change: -166 },
      { dimension: "country", dimensionValue: "Germany", change: -58 },
    ]);
  });

  it("keeps what moved the other way, more, on another metric or days apart", () => {
    const kept = [
      mobile(),
      country("France", 40), // rose
      country("India", -400), // fell more than mobile
      shift("country", "Canada", "2026-10-19", -50, "sessions"), // another metric
      country("Spain", -60, "2026-10-25"), // a week later
    ];
    const all = outcomes(kept, { dimension: "device", dimensionValue: "mobile" });
    foldMovedWith(all);
    expect(all[1].findings).toHaveLength(5);
    expect((all[1].findings[0] as SegmentShift).movedWith).toBeUndefined();
  });

  it("folds, for a period's change the segment explains, the shifts within days of the segment's own", () => {
    // "Clicks fell … 100% of the drop came from Campaign “Generic”": the campaign's clicks shifted from 1 November,
    // desktop's that day by less.
    const campaign = shift("campaign", "Generic", "2026-11-01", -84, "clicks");
    const desktop = shift("device", "desktop", "2026-11-01", -60, "clicks");
    const later = shift("device", "mobile", "2026-11-12", -20, "clicks");
    const change = {
      ...shift(null, null, "2026-10-27", -1793, "clicks"),
      kind: "change",
      explainedBy: { dimension: "campaign", dimensionValue: "Generic", share: 1 },
    };
    const all = [
      { intention: { stage: "acquisition" }, findings: [change] },
      { intention: { stage: "acquisition" }, findings: [campaign, desktop, later], localised: true },
    ] as unknown as IntentionOutcome[];
    foldMovedWith(all);
    expect((all[1].findings as SegmentShift[]).map((f) => f.dimensionValue)).toEqual(["Generic", "mobile"]);
    expect((all[1].findings[0] as SegmentShift).movedWith).toEqual([
      { dimension: "device", dimensionValue: "desktop", change: -60 },
    ]);
  });

  it("keeps a segment of a dimension the lead is already seen in: another channel is not part of the campaign's", () => {
    const campaign = { ...shift("campaign", "Generic", "2026-10-17", -322), sameEventAs: [] as object[] };
    campaign.sameEventAs = [{ dimension: "channel", dimensionValue: "Paid Search", change: -310 }];
    const all = outcomes([campaign as SegmentShift, shift("channel", "Display", "2026-10-18", -40)], {
      dimension: "campaign",
      dimensionValue: "Generic",
    });
    foldMovedWith(all);
    expect(all[1].findings).toHaveLength(2);
  });

  it("folds nothing when no total's event is explained by a segment", () => {
    const all = outcomes([mobile(), country("United States", -166)], null);
    foldMovedWith(all);
    expect(all[1].findings).toHaveLength(2);
  });

  it("says one segment moved with it as one", () => {
    const all = outcomes([mobile(), country("United States", -166)], { dimension: "device", dimensionValue: "mobile" });
    foldMovedWith(all);
    expect(describeFinding(all[1].findings[0], { currency: "EUR" })).toContain(
      "Country “United States” (-166 a day) moved with it within days, by less: most likely its part of this change",
    );
  });

  it("says which segments moved with it, naming the first three", () => {
    const values = ["United States", "United Kingdom", "Germany", "France", "Canada"];
    const all = outcomes([mobile(), ...values.map((v, i) => country(v, -100 + 10 * i))], {
      dimension: "device",
      dimensionValue: "mobile",
    });
    foldMovedWith(all);
    // How many it counts instead of naming is the finding's own field (lib/insights/moved-with.ts).
    expect((all[1].findings[0] as SegmentShift).movedWithOthers).toBe(2);
    expect(describeFinding(all[1].findings[0], { currency: "EUR" })).toContain(
      "Country “United States” (-100 a day), Country “United Kingdom” (-90 a day), Country “Germany” (-80 a day) and 2 " +
        "other segments moved with it within days, by less: most likely their part of this change, as the site's total " +
        "moved mostly with this segment.",
    );
  });
});
