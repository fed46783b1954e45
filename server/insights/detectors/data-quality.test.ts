import { describe, expect, it } from "vitest";
import {
  findCaseVariants,
  findClicksSessionsMismatch,
  findImpossibleValues,
  findPartialLastDay,
  findPersonalData,
  findRepeatedDays,
  findSelfReferrals,
  findTrackingGaps,
  findUnattributedShare,
  maskEmails,
} from "./data-quality";
import { generateSeries, plant } from "./test-series";

const period = { periodStart: "2026-03-01", periodEnd: "2026-03-31" };

describe("data quality checks", () => {
  it("finds a tracking gap and a break to zero with their dates", () => {
    const gap = plant(generateSeries({ days: 120, seed: 1 }), 60, 62, () => 0);
    const [g] = findTrackingGaps(gap, { metric: "sessions" });
    expect(g).toMatchObject({
      check: "tracking_gaps",
      issue: "gap",
      periodStart: gap[60].date,
      periodEnd: gap[61].date,
      count: 2,
      current: 0,
      direction: "down",
    });
    const broken = plant(generateSeries({ days: 120, seed: 2 }), 115, 120, () => 0);
    const findings = findTrackingGaps(broken, { metric: "sessions" });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ issue: "break", severity: "high", periodStart: broken[115].date });
    expect(findTrackingGaps(generateSeries({ days: 120, seed: 3 }), { metric: "sessions" })).toHaveLength(0);
    const tiny = generateSeries({ days: 60, seed: 4, level: 2, noiseSd: 1 }).map((p) => ({
      ...p,
      value: Math.max(0, Math.round(p.value!)),
    }));
    expect(findTrackingGaps(tiny, { metric: "sessions" })).toHaveLength(0); // low traffic can be 0 honestly
  });

  it("measures a gap against its own weekdays: a weekend outage is not owed weekday traffic", () => {
    // Weekdays 1,000 sessions, weekends 400; Saturday and Sunday 2026-03-21/22 at zero.
    const series = Array.from({ length: 60 }, (_, k) => {
      const date = new Date(Date.UTC(2026, 1, 1 + k)).toISOString().slice(0, 10);
      const weekend = [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
      return { date, value: date === "2026-03-21" || date === "2026-03-22" ? 0 : weekend ? 400 : 1000 };
    });
    const [g] = findTrackingGaps(series, { metric: "sessions" });
    expect(g).toMatchObject({
      periodStart: "2026-03-21",
      periodEnd: "2026-03-22",
      count: 2,
      current: 0,
      baseline: 800,
    });
  });

  it("finds a last day recorded only in part against its own weekday, and nothing in ordinary noise", () => {
    const series = generateSeries({ days: 90, seed: 5 });
    const last = series[series.length - 1];
    const at = (share: number) => [...series.slice(0, -1), { ...last, value: last.value! * share }];
    const [f] = findPartialLastDay(at(0.45), { metric: "sessions", date: last.date });
    expect(f).toMatchObject({ check: "tracking_gaps", issue: "partial", periodStart: last.date, count: 1 });
    expect(f.current).toBeCloseTo(last.value! * 0.45, 9);
    expect(f.current! / f.baseline!).toBeGreaterThan(0.35);
    expect(f.current! / f.baseline!).toBeLessThan(0.6);
    expect(findPartialLastDay(series, { metric: "sessions", date: last.date })).toEqual([]);
    // Near zero is a tracking gap or break, not a partial day; a day not in the series is not judged.
    expect(findPartialLastDay(at(0.02), { metric: "sessions", date: last.date })).toEqual([]);
    expect(findPartialLastDay(at(0.45), { metric: "sessions", date: "2099-01-01" })).toEqual([]);
    // Small counts vary too much to tell: 12 a day at half is still within reach of noise.
    const small = generateSeries({ days: 90, seed: 6, level: 12, noiseSd: 3 });
    const end = small[small.length - 1];
    expect(
      findPartialLastDay([...small.slice(0, -1), { ...end, value: 6 }], { metric: "sessions", date: end.date }),
    ).toEqual([]);
  });

  it("reads a low last day after a step down as the new level, and a day cut short after it as partial", () => {
    // Sessions 40 % down for the last 10 days (a consent banner): the last day is as low as the days before it.
    const stepped = plant(generateSeries({ days: 90, seed: 5, noiseSd: 20 }), 80, 90, (v) => v * 0.6);
    const last = stepped[stepped.length - 1];
    expect(findPartialLastDay(stepped, { metric: "sessions", date: last.date })).toEqual([]);
    const cut = [...stepped.slice(0, -1), { ...last, value: last.value! * 0.4 }];
    expect(findPartialLastDay(cut, { metric: "sessions", date: last.date })).toMatchObject([{ issue: "partial" }]);
  });

  it("flags a high (not set) share", () => {
    const rows = [
      { value: "google", total: 700 },
      { value: "(not set)", total: 200 },
      { value: "", total: 100 },
    ];
    const [f] = findUnattributedShare(rows, { ...period, metric: "sessions", dimension: "source" });
    expect(f.current).toBeCloseTo(0.3, 12);
    expect(f.severity).toBe("high");
    expect(
      findUnattributedShare(
        [
          { value: "google", total: 990 },
          { value: "(not set)", total: 10 },
        ],
        { ...period, metric: "sessions", dimension: "source" },
      ),
    ).toHaveLength(0);
  });

  it("flags self-referrals including subdomains", () => {
    const [f] = findSelfReferrals(
      [
        { value: "google", total: 900 },
        { value: "www.Example.com", total: 60 },
        { value: "shop.example.com", total: 40 },
        { value: "notexample.com", total: 5 },
      ],
      { ...period, metric: "sessions", siteDomains: ["https://example.com/"] },
    );
    expect(f.count).toBe(100);
    expect(f.examples).toEqual(["www.Example.com", "shop.example.com"]);
  });

  it("groups case-variant UTM values", () => {
    const findings = findCaseVariants(
      [
        { value: "facebook", total: 5000 },
        { value: "Facebook", total: 300 },
        { value: "FACEBOOK ", total: 10 },
        { value: "google", total: 900 },
      ],
      { ...period, metric: "sessions", dimension: "source" },
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ dimensionValue: "facebook", count: 3, current: 5310 });
    expect(findings[0].examples).toContain("facebook (5,000)");
  });

  it("flags impossible values", () => {
    const findings = findImpossibleValues(
      [
        { key: "2026-03-01", sessions: 100, engagedSessions: 120 },
        { key: "2026-03-02", sessions: 0, transactions: 3 },
        { key: "2026-03-03", sessions: 10, conversions: 80 },
        { key: "2026-03-04", sessions: 100, bounceRate: 1.3, engagementRate: 0.5 },
        { key: "2026-03-05", sessions: 100, engagedSessions: 60, conversions: 5 },
      ],
      period,
    );
    expect(findings.map((f) => f.issue).sort()).toEqual([
      "bounce_rate_out_of_range",
      "conversions_exceed_sessions",
      "engaged_exceeds_sessions",
      "transactions_without_sessions",
    ]);
    expect(findings.find((f) => f.issue === "engaged_exceeds_sessions")!.examples).toEqual(["2026-03-01"]);
  });

  describe("repeated days", () => {
    // 28 days of a shop: sessions around 2,000 with weekly swings and noise, revenue in cents.
    const days = Array.from({ length: 28 }, (_, i) => {
      const date = `2026-03-${String(i + 1).padStart(2, "0")}`;
      const sessions = 2000 + ((i * 37) % 11) * 61 + (i % 7) * 130;
      return { date, values: [sessions, Math.round(sessions * 0.03), sessions * 2.4137 + 0.01 * (i % 3), null] };
    });

    it("names a day whose every total equals another day's: an export imported twice", () => {
      const twice = days.map((d) => (d.date === "2026-03-20" ? { ...d, values: days[11].values } : d));
      const [f] = findRepeatedDays(twice, { ...period, metric: "sessions" });
      expect(f).toMatchObject({ check: "duplicate_rows", issue: "repeated_days", count: 1, baseline: 28 });
      expect(f.examples).toEqual(["2026-03-20 repeats 2026-03-12"]);
    });

    it("does not call two days a double import when so few, small counts match by chance", () => {
      // Two metrics of a small site: sessions within ±20 of 300 and a handful of conversions.
      const small = days.map((d, i) => ({ date: d.date, values: [300 + ((i * 7) % 13), 3 + (i % 2)] }));
      const chance = small.map((d) => (d.date === "2026-03-20" ? { ...d, values: small[11].values } : d));
      // The same repeat among the shop's four totals is evidence; among these two it is not.
      expect(findRepeatedDays(chance, { ...period, metric: "sessions" })).toEqual([]);
      expect(findRepeatedDays(days, { ...period, metric: "sessions" })).toEqual([]);
    });
  });

  it("finds emails in URLs, encoded too, and masks them", () => {
    const [f] = findPersonalData(
      [
        { value: "/thanks?email=jane.doe%40example.com", total: 3 },
        { value: "/signup?u=bob@mail.co.uk&x=1", total: 2 },
        // Encoded twice (decoded once: "%40"), and with an upper-case escape.
        { value: "/r?to=ann%2540shop.example", total: 1 },
        { value: "/r?to=ed%40SHOP.EXAMPLE", total: 1 },
        { value: "/pricing", total: 500 },
        { value: "/a-long-page-name-without-any-address-in-it-at-all.html?utm_source=news%2Eletter", total: 9 },
      ],
      { ...period, metric: "pageviews", dimension: "landingPage" },
    );
    expect(f.count).toBe(4);
    expect(f.examples.join(" ")).not.toMatch(/jane\.doe|bob@/);
    expect(maskEmails("write to jane@example.com")).toBe("write to j***@example.com");
  });

  it("flags ads clicks vs sessions beyond tolerance", () => {
    const findings = findClicksSessionsMismatch(
      [
        { key: "total", adsClicks: 10_000, sessions: 9_100 },
        { key: "Brand", adsClicks: 2_000, sessions: 900 },
        { key: "Generic", adsClicks: 1_000, sessions: 1_500 },
        { key: "Tiny", adsClicks: 20, sessions: 2 },
      ],
      period,
    );
    expect(findings.map((f) => [f.dimensionValue, f.issue, f.severity])).toEqual([
      ["Brand", "sessions_below_clicks", "high"],
      ["Generic", "sessions_above_clicks", "high"],
    ]);
  });
});
