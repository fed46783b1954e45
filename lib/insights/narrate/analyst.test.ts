import { describe, expect, it } from "vitest";
import { analystNarrative, segmentName, type NarrativeFinding } from "./analyst";

const base: NarrativeFinding = {
  kind: "change",
  metric: "revenue",
  dimension: null,
  dimensionValue: null,
  periodStart: "2025-04-01",
  periodEnd: "2025-04-28",
  current: 18503.2,
  baseline: 21104.2,
  change: -2601,
  changePct: -2601 / 21104.2,
  expectedLow: null,
  expectedHigh: null,
  direction: "down",
};
const driver: NarrativeFinding = {
  ...base,
  kind: "driver",
  dimension: "campaign",
  dimensionValue: "Generic - Hiking Boots",
  current: 4000,
  baseline: 6210.85,
  change: -2210.85,
  changePct: null,
};
const period = { start: "2025-04-01", end: "2025-04-28" };

describe("the analyst's narrative", () => {
  it("says a search position that grows in number worsened", () => {
    const position = {
      ...base,
      metric: "position",
      current: 5.36,
      baseline: 4.79,
      change: 0.57,
      changePct: 0.119,
      direction: "up" as const,
    };
    const query = {
      ...position,
      kind: "driver" as const,
      dimension: "query",
      dimensionValue: "winter boots",
      changePct: null,
    };
    const n = analystNarrative({ findings: [position, query] }, { currency: "USD", period })!;
    expect(n.headline).toBe("Average position worsened from 4.8 to 5.4 (0.6 places lower in the results).");
    expect(n.why).toMatch(/accounts for 100 % of the worsening/);
  });

  it("says the number, leaves out the report's period, and gives the driver with its share and one next step", () => {
    const n = analystNarrative({ findings: [base, driver] }, { currency: "USD", period })!;
    expect(n.headline).toBe("Revenue fell 12.3 % to $18,503.20 (−$2,601.00 against $21,104.20).");
    expect(n.why).toBe("The Generic - Hiking Boots campaign accounts for 85 % of the fall (−$2,210.85).");
    expect(n.next).toMatch(/^Compare the Generic - Hiking Boots campaign with the comparison period/);
    // A plural segment name takes a plural verb.
    const byDevice = { ...driver, dimension: "device", dimensionValue: "desktop" };
    expect(analystNarrative({ findings: [base, byDevice] }, { currency: "USD", period })!.why).toBe(
      "Desktop devices account for 85 % of the fall (−$2,210.85).",
    );
    // A total from one of the project's sources (an ads export's revenue) is named, not read as the site's.
    expect(
      analystNarrative({ findings: [{ ...base, scope: "Google Ads" }] }, { currency: "USD", period })!.headline,
    ).toBe("Revenue in “Google Ads” fell 12.3 % to $18,503.20 (−$2,601.00 against $21,104.20).");
    // Without the report's period (the insight's own page), the dates are said.
    expect(analystNarrative({ findings: [base] }, { currency: "USD" })!.headline).toContain(
      "from Apr 1, 2025 to Apr 28, 2025",
    );
  });

  it("says whether a rate fell because traffic moved to a weaker segment or the segment got worse", () => {
    const rate = { ...base, metric: "conversionRate", current: 0.0233, baseline: 0.0311, change: -0.0078 };
    const display = {
      ...rate,
      kind: "driver",
      dimension: "channel",
      dimensionValue: "Display",
      current: 0.0042,
      baseline: 0.0046,
      change: -0.0057,
      changePct: null,
      shareOfChange: 0.729,
      mixEffect: -0.0055,
      performanceEffect: -0.0002,
      shareBefore: 0.094,
      shareAfter: 0.336,
    };
    expect(analystNarrative({ findings: [rate, display] }, { currency: "USD", period })!.why).toBe(
      "Display accounts for 72.9 % of the fall (−0.57 pp), mostly through its share of sessions (9.4 % → 33.6 %).",
    );
    const worse = { ...display, current: 0.0021, mixEffect: -0.0001, performanceEffect: -0.0056 };
    expect(analystNarrative({ findings: [rate, worse] }, { currency: "USD", period })!.why).toBe(
      "Display accounts for 72.9 % of the fall (−0.57 pp), mostly through its own conversion rate (0.46 % → 0.21 %).",
    );
  });

  it("does not tell the agency to copy a campaign whose shrinking share improved a ratio", () => {
    const roas = { ...base, metric: "roas", current: 2.38, baseline: 1.97, change: 0.41, direction: "up" as const };
    const generic = {
      ...roas,
      kind: "driver",
      dimension: "campaign",
      dimensionValue: "Generic - Hiking Boots",
      current: 1.6,
      baseline: 1.54,
      change: 0.15,
      changePct: null,
      shareOfChange: 0.372,
      mixEffect: 0.14,
      performanceEffect: 0.01,
      shareBefore: 0.398,
      shareAfter: 0.174,
    };
    const n = analystNarrative({ findings: [roas, generic] }, { currency: "USD", period })!;
    expect(n.next).toBe(
      "Check why the Generic - Hiking Boots campaign took a smaller share of cost (39.8 % → 17.4 %): the gain comes from it shrinking, not from it doing better, so confirm the shift was intended before moving budget.",
    );
    // The same campaign improving its own return: that is worth copying.
    const better = { ...generic, mixEffect: 0.01, performanceEffect: 0.14, shareAfter: 0.39 };
    expect(analystNarrative({ findings: [roas, better] }, { currency: "USD", period })!.next).toMatch(
      /^Find what lifted the Generic - Hiking Boots campaign/,
    );
  });

  it("says a campaign's cost came without conversions rather than through a share of none", () => {
    const cpa = { ...base, metric: "cpa", current: 24, baseline: 20, change: 4 };
    const display = {
      ...cpa,
      kind: "driver",
      dimension: "campaign",
      dimensionValue: "Display - Prospecting",
      current: null,
      baseline: null,
      change: 1.5,
      changePct: null,
      shareOfChange: 0.375,
      mixEffect: 1.5,
      performanceEffect: 0,
      shareBefore: 0,
      shareAfter: 0,
    };
    expect(analystNarrative({ findings: [cpa, display] }, { currency: "USD", period })!.why).toBe(
      "The Display - Prospecting campaign accounts for 37.5 % of the rise (+$1.50), cost without conversions.",
    );
  });

  it("dates an anomaly, names the segment by its display name and gives the expected range in numbers", () => {
    const n = analystNarrative(
      {
        findings: [
          {
            ...base,
            kind: "anomaly",
            metric: "sessions",
            dimension: "landingPage",
            dimensionValue: "/boots",
            periodStart: "2025-04-10",
            periodEnd: "2025-04-10",
            current: 5120,
            baseline: 3919,
            expectedLow: 3746,
            expectedHigh: 4093,
            direction: "up",
          },
        ],
      },
      { currency: "USD", period },
    )!;
    expect(n.headline).toBe(
      "Sessions from the landing page /boots were 5,120 on Apr 10, 2025, above the expected 3,746 to 4,093.",
    );
    expect(n.headline).not.toContain("landingPage");
    expect(n.why).toBeNull();
    expect(n.next).toContain("Apr 10, 2025");
  });

  it("tells the lead's unusual days in a row as one stretch, with its days' averages, and asks what happened then", () => {
    const day = (date: string, current: number, baseline: number): NarrativeFinding => ({
      ...base,
      kind: "anomaly",
      metric: "sessions",
      dimension: "channel",
      dimensionValue: "Paid Search",
      periodStart: date,
      periodEnd: date,
      current,
      baseline,
      expectedLow: baseline * 0.9,
      expectedHigh: baseline * 1.1,
      direction: "down",
    });
    // In order of effect, as the engine lists them; another channel's day and a day apart are not of the stretch.
    const findings = [
      day("2025-04-09", 230, 480),
      day("2025-04-07", 240, 470),
      day("2025-04-08", 250, 475),
      { ...day("2025-04-10", 100, 200), dimensionValue: "Email" },
      day("2025-04-12", 300, 470),
    ];
    const n = analystNarrative({ findings }, { currency: "USD", period })!;
    expect(n.headline).toBe(
      "Sessions from Paid Search were below the expected range on 3 days in a row, from Apr 7, 2025 to Apr 9, " +
        "2025 (about 240 a day against about 475).",
    );
    expect(n.next).toMatch(/^Check what happened from Apr 7, 2025 to Apr 9, 2025 \(a promotion, an ad budget/);
    // A day on its own keeps its own headline.
    expect(analystNarrative({ findings: [findings[4]] }, { currency: "USD", period })!.headline).toMatch(
      /were 300 on Apr 12, 2025, below the expected/,
    );
  });

  it("reads a rise of a cost as bad news and an audit finding with its own next step", () => {
    const cost = analystNarrative(
      {
        findings: [{ ...base, metric: "cpa", current: 42, baseline: 30, change: 12, changePct: 0.4, direction: "up" }],
      },
      { currency: "EUR", period },
    )!;
    expect(cost.headline).toContain("Cost per conversion rose 40 % to €42.00");
    expect(cost.next).toMatch(/^Compare the channels/);
    // A fall no segment carries (a store's daily totals): when it began, not channels the data does not have.
    const orders = analystNarrative(
      {
        findings: [{ ...base, metric: "transactions", current: 3118, baseline: 3578, change: -460, direction: "down" }],
      },
      { currency: "EUR", period },
    )!;
    expect(orders.next).toBe(
      "Find on the chart when transactions began to fall and what changed then (a campaign, a price or an offer, the site, tracking), and restore it if it was not intended.",
    );
    // Deals won fall in the CRM's pipeline: the step is there, not in bids or landing pages.
    const deals = analystNarrative(
      {
        findings: [
          { ...base, metric: "dealsWon", current: 93, baseline: 156, change: -63, changePct: -0.404 },
          {
            ...base,
            kind: "driver",
            metric: "dealsWon",
            dimension: "channel",
            dimensionValue: "Paid Search",
            current: 20,
            baseline: 88,
            change: -68,
          },
        ],
      },
      { currency: "EUR", period },
    )!;
    expect(deals.headline).toContain("Deals won fell 40.4 % to 93");
    expect(deals.next).toBe(
      "Open Paid Search's deals in the CRM and compare them with the comparison period (the leads' quality, how fast sales followed up, the stage deals stop at), and fix what changed if it was not intended.",
    );
    // A cost that fell is good news, and still something to check rather than to copy.
    const cut = analystNarrative(
      { findings: [{ ...base, metric: "cost", current: 700, baseline: 1000, change: -300, direction: "down" }] },
      { currency: "EUR", period },
    )!;
    expect(cut.next).toBe(
      "Check that the lower cost was intended (budget, bids, paused ads or keywords) and that its conversions did not fall with it.",
    );
    const audit = analystNarrative(
      {
        findings: [
          {
            ...base,
            kind: "audit",
            check: "tracking_gaps",
            metric: "sessions",
            periodStart: "2025-04-03",
            periodEnd: "2025-04-04",
            count: 2,
          },
        ],
      },
      { currency: "USD", period },
    )!;
    expect(audit.headline).toBe("Sessions were near zero from Apr 3, 2025 to Apr 4, 2025 (2 days): a tracking gap.");
    expect(audit.next).toMatch(/analytics tag/);
    const partial = analystNarrative(
      {
        findings: [
          {
            ...base,
            kind: "audit",
            check: "tracking_gaps",
            issue: "partial",
            metric: "sessions",
            periodStart: "2025-04-28",
            periodEnd: "2025-04-28",
            current: 505,
            baseline: 1102,
            count: 1,
          },
        ],
      },
      { currency: "USD", period },
    )!;
    expect(partial.headline).toBe(
      "Sessions on Apr 28, 2025, the last day of the data, look partial: 505 against about 1,102 on that weekday.",
    );
    expect(partial.next).toBe("Import the day again once it is complete, then run the report again.");
    // A weekly export's last row is a week: nothing on it claims a day.
    const partialWeek = analystNarrative(
      {
        findings: [
          {
            ...base,
            kind: "audit",
            check: "tracking_gaps",
            issue: "partial",
            metric: "sessions",
            periodStart: "2024-12-30",
            periodEnd: "2024-12-30",
            current: 2484,
            baseline: 4722,
            count: 1,
            grain: "week",
          },
        ],
      },
      { currency: "USD", period },
    )!;
    expect(partialWeek.headline).toBe(
      "Sessions in the week of Dec 30, 2024, the last week of the data, look partial: 2,484 against about 4,722 in a usual week.",
    );
    expect(partialWeek.next).toBe("Import the week again once it is complete, then run the report again.");
    const doubled = analystNarrative(
      {
        findings: [
          {
            ...base,
            kind: "audit",
            check: "tracking_gaps",
            issue: "tracking_change",
            metric: "sessions",
            periodStart: "2025-04-20",
            periodEnd: "2025-04-30",
            current: 4156,
            baseline: 2080,
            changePct: 0.998,
            direction: "up",
            count: 11,
            outcomeMetric: "revenue",
          },
        ],
      },
      { currency: "USD", period },
    )!;
    expect(doubled.headline).toBe(
      "Sessions rose 99.8 % overnight on Apr 20, 2025 while revenue did not follow: most likely a change in tracking, not in visitors.",
    );
    expect(doubled.next).toMatch(/^Check what changed in the site's analytics tags that day/);
    // Every query three places down on one day: the site's standing, not one query's.
    const allQueries = analystNarrative(
      {
        findings: [
          {
            ...base,
            kind: "level_shift",
            metric: "position",
            dimension: "query",
            dimensionValue: "running shoes",
            periodStart: "2025-04-07",
            periodEnd: "2025-04-30",
            current: 6.2,
            baseline: 3.2,
            change: 3,
            direction: "up",
            siblingShifts: { count: 6, watched: 6 },
          },
        ],
      },
      { currency: "USD", period },
    )!;
    expect(allQueries.next).toBe(
      "Most queries moved together on Apr 7, 2025: check Search Console for a manual action or a security issue, the search engine's updates announced around that day, and changes to the site then (robots.txt, canonical tags, redirects, page speed).",
    );
    // A channel's sessions went on under a new name: a renamed channel to map, not sessions lost.
    const shift = { ...base, kind: "level_shift", metric: "sessions", dimension: "channel", periodEnd: "2025-04-30" };
    const renamed = analystNarrative(
      {
        findings: [
          {
            ...shift,
            dimensionValue: "Social",
            periodStart: "2025-04-09",
            current: 0,
            baseline: 192,
            change: -192,
            direction: "down",
            movedTo: {
              dimension: "channel",
              dimensionValue: "Organic Social",
              before: 0,
              after: 192,
              date: "2025-04-09",
              same: true,
            },
          },
        ],
      },
      { currency: "USD", period },
    )!;
    expect(renamed.headline).toBe(
      "Sessions from Social moved to Organic Social from Apr 9, 2025: about 192 a day before, about as much since under the new name.",
    );
    expect(renamed.next).toBe(
      "Ask who renamed Social on Apr 9, 2025 (the channel grouping, the campaign tags, a page's address), and read Social and Organic Social as one in the client's reports and targets from that day, or restore the old name.",
    );
    // Part of a channel's sessions taken by another: what moved them, and what a pause saved against what it cost.
    const taken = analystNarrative(
      {
        findings: [
          {
            ...shift,
            dimensionValue: "Paid Search",
            periodStart: "2025-04-09",
            current: 303,
            baseline: 491,
            change: -188,
            direction: "down",
            movedTo: {
              dimension: "channel",
              dimensionValue: "Organic Search",
              before: 892,
              after: 1074,
              date: "2025-04-09",
            },
          },
        ],
      },
      { currency: "USD", period },
    )!;
    expect(taken.headline).toBe(
      "Sessions from Paid Search moved to Organic Search from Apr 9, 2025: it lost about 188 a day, Organic Search gained about 182.",
    );
    expect(taken.next).toMatch(/^Check what moved sessions from Paid Search to Organic Search on Apr 9, 2025/);
    // Its revenue, fallen with those sessions: the revenue's own levels, and the sessions named as what moved.
    const takenRevenue = analystNarrative(
      {
        findings: [
          {
            ...shift,
            metric: "revenue",
            dimensionValue: "Paid Search",
            periodStart: "2025-04-09",
            current: 510.67,
            baseline: 898.68,
            change: -388.01,
            changePct: -0.432,
            direction: "down",
            movedTo: {
              dimension: "channel",
              dimensionValue: "Organic Search",
              before: 892,
              after: 1074,
              date: "2025-04-09",
              with: "sessions",
            },
          },
        ],
      },
      { currency: "USD", period },
    )!;
    expect(takenRevenue.headline.replace(/\s%/, "%")).toBe(
      "Revenue from Paid Search shifted 43.2% down to about $510.67 a day from Apr 9, 2025 (from about $898.68); " +
        "its sessions went to Organic Search.",
    );
    expect(takenRevenue.next).toMatch(/^Check what moved sessions from Paid Search to Organic Search on Apr 9, 2025/);
    // The other side: a channel's revenue that rose with the visits another lost is not growth yet.
    const gained = analystNarrative(
      {
        findings: [
          {
            ...shift,
            metric: "revenue",
            dimensionValue: "Direct",
            periodStart: "2025-04-11",
            current: 980,
            baseline: 549,
            change: 431,
            changePct: 0.785,
            direction: "up",
            movedFrom: { dimension: "channel", dimensionValue: "Paid Search", date: "2025-04-09", with: "sessions" },
          },
        ],
      },
      { currency: "USD", period },
    )!;
    expect(gained.headline.replace(/\s%/, "%")).toBe(
      "Revenue from Direct shifted 78.5% up to about $980.00 a day from Apr 11, 2025 (from about $549.00); " +
        "its sessions came from Paid Search.",
    );
    expect(gained.next).toBe(
      "Check what moved sessions from Paid Search to Direct on Apr 9, 2025 (tags or the channel grouping changed, a " +
        "campaign paused while Direct took its visitors) before counting Direct's rise as growth: Paid Search lost " +
        "what Direct gained.",
    );
    // A day's revenue carried by its orders' value: one or a few large orders, not growth.
    const largeOrder = analystNarrative(
      {
        findings: [
          {
            ...base,
            kind: "anomaly",
            metric: "revenue",
            dimension: "device",
            dimensionValue: "desktop",
            periodStart: "2025-04-12",
            periodEnd: "2025-04-12",
            current: 7173.93,
            baseline: 1792.91,
            change: 5381.02,
            direction: "up",
            mixRate: { volumeMetric: "sessions", volumeEffect: -26.99, rateEffect: -448, valueEffect: 5856.01 },
          },
        ],
      },
      { currency: "USD", period },
    )!;
    expect(largeOrder.next).toBe(
      "Look at desktop devices' orders of Apr 12, 2025 for one or a few large ones (a business buyer, a test or fraudulent order) before counting the day as growth.",
    );
    const paid = (current: number) =>
      analystNarrative(
        {
          findings: [
            {
              ...base,
              kind: "audit",
              check: "ads_clicks_vs_sessions",
              metric: "sessions",
              current,
              baseline: 17_250,
              changePct: (current - 17_250) / 17_250,
              count: 1,
            },
          ],
        },
        { currency: "USD", period },
      )!.headline;
    expect(paid(20_803)).toBe(
      "Paid visits (20,803) were 20.6 % more than ad clicks (17,250): other traffic may be counted as paid.",
    );
    expect(paid(9_000)).toMatch(
      /^Paid visits \(9,000\) were 47.8 % fewer than ad clicks \(17,250\): ad clicks may be losing/,
    );
    const unattributed = { ...base, kind: "audit", check: "not_set_share", metric: "sessions", dimension: "channel" };
    expect(analystNarrative({ findings: [{ ...unattributed, current: 0.22274 }] }, { currency: "USD" })!.headline).toBe(
      "22.3 % of sessions have no channel recorded.",
    );
  });

  it("states a trend as a growth rate with its unit and interval, never as money a day", () => {
    // As the engine stores them (server/insights/engine/rate-values.ts): the period's growth and a slope change.
    const growth: NarrativeFinding = {
      ...base,
      kind: "trend",
      valueUnit: "percent_per_week",
      current: -0.065,
      baseline: null,
      change: null,
      changePct: -0.065,
      expectedLow: -0.091,
      expectedHigh: -0.037,
    };
    const bend: NarrativeFinding = {
      ...growth,
      periodStart: "2025-04-13",
      current: -0.088,
      baseline: -0.003,
      change: -0.085,
      changePct: null,
      expectedLow: null,
      expectedHigh: null,
    };
    expect(analystNarrative({ findings: [growth, bend] }, { currency: "USD", period })!.headline).toBe(
      "Revenue declined 6.5 % per week (95 % confidence: −9.1 % per week to −3.7 % per week).",
    );
    const turned = analystNarrative({ findings: [bend] }, { currency: "USD", period })!.headline;
    expect(turned).toBe(
      "The trend in revenue turned on Apr 13, 2025: −8.8 % per week, against −0.3 % per week before.",
    );
    expect(turned).not.toMatch(/\$/);
  });

  it("says what the season predicted: expected, or how far short of it a rise fell", () => {
    const rise = {
      ...base,
      metric: "sessions",
      current: 56714,
      baseline: 54266,
      change: 2448,
      changePct: 2448 / 54266,
      direction: "up" as const,
    };
    const expected = analystNarrative(
      { findings: [{ ...rise, season: { expected: true, lastYearChangePct: 0.05, expectedCurrent: 56979 } }] },
      { currency: "EUR", period },
    )!;
    expect(expected.headline).toBe(
      "Sessions rose 4.5 % to 56,714 (+2,448 against 54,266). Expected for the season: the same weeks last year moved +5 %.",
    );
    expect(expected.next).toMatch(/^Nothing to fix: the season explains it/);

    const short = analystNarrative(
      { findings: [{ ...rise, season: { expected: false, lastYearChangePct: 0.083, expectedCurrent: 58793 } }] },
      { currency: "EUR", period },
    )!;
    expect(short.headline).toBe(
      "Sessions rose 4.5 % to 56,714 (+2,448 against 54,266). The season alone predicted 58,793 (the same weeks last year moved +8.3 %): 2,079 short of it.",
    );
    // Not "find what lifted sessions": the rise fell behind the season.
    expect(short.next).toMatch(
      /^Compare sessions segment by segment with the same weeks last year to find what fell behind the season/,
    );

    // A dated finding the season predicts says so too.
    const shift = analystNarrative(
      {
        findings: [
          {
            ...rise,
            kind: "level_shift",
            periodStart: "2025-04-10",
            season: { expected: true, lastYearChangePct: 0.3 },
          },
        ],
      },
      { currency: "EUR", period },
    )!;
    expect(shift.headline).toMatch(/\. Expected for the season: the same days last year moved \+30 %\.$/);
  });

  it("does not tell the agency to copy traffic that brought a tenth of the leads the site's rate would have", () => {
    const sessions = {
      ...base,
      metric: "sessions",
      current: 61793,
      baseline: 48749,
      change: 13044,
      changePct: 0.268,
      direction: "up" as const,
      kpiEffect: 52,
      kpiMetric: "leads",
      kpiAtSiteRate: 462,
    };
    const display = { ...driver, metric: "sessions", dimension: "channel", dimensionValue: "Display", change: 13029 };
    const story = analystNarrative({ findings: [sessions, display] }, { currency: "EUR", period })!;
    expect(story.next).toBe(
      "The extra sessions from Display brought +52 leads, where the site's usual rate would have brought +462 leads: check the quality of this traffic (targeting, placements, landing page) before adding budget to it.",
    );
    // Traffic that converts as the site does is worth copying.
    const good = analystNarrative(
      { findings: [{ ...sessions, kpiEffect: 400 }, display] },
      { currency: "EUR", period },
    )!;
    expect(good.next).toMatch(/^Find what lifted Display/);
  });

  it("has nothing to say without findings, and names segments as a sentence does", () => {
    expect(analystNarrative({ findings: [] }, { currency: "USD" })).toBeNull();
    expect(segmentName("channel", "Paid Search")).toBe("Paid Search");
    expect(segmentName("device", "mobile")).toBe("mobile devices");
    expect(segmentName("landingPage", "")).toBe("the landing page (not set)");
    // Rows no campaign brought are not campaigns.
    expect(segmentName("campaign", "Generic - Boots")).toBe("the Generic - Boots campaign");
    expect(segmentName("campaign", "(direct)")).toBe("direct traffic (no campaign)");
    expect(segmentName("campaign", "(not set)")).toBe("traffic without a campaign");
    const direct = { ...driver, dimensionValue: "(direct)" };
    expect(analystNarrative({ findings: [base, direct] }, { currency: "USD" })!.why).toMatch(
      /^Direct traffic \(no campaign\) accounts for 85 % of the fall/,
    );
  });

  it("leads a segment-watch insight with its first finding (the engine ranks them by KPI effect, as its chart)", () => {
    const shift = (metric: string, dimension: string, value: string, changePct: number, kpiEffect: number) => ({
      ...base,
      kind: "level_shift",
      metric,
      dimension,
      dimensionValue: value,
      periodStart: "2025-04-08",
      current: 10,
      baseline: 15,
      change: -5,
      changePct,
      direction: "down" as const,
      kpiEffect,
    });
    const n = analystNarrative(
      {
        findings: [
          shift("transactions", "channel", "Paid Search", -0.287, -4000),
          shift("sessions", "campaign", "Generic - Hiking Boots", -0.45, -900),
        ],
      },
      { currency: "USD", period },
    )!;
    expect(n.headline).toMatch(/^Transactions from Paid Search shifted 28.7 % down/);
    // Daily levels are "about" a whole count, or one decimal under 10.
    const small = { ...shift("conversions", "device", "mobile", -0.374, -300), current: 8.274, baseline: 13.21 };
    expect(analystNarrative({ findings: [small] }, { currency: "USD", period })!.headline).toBe(
      "Conversions from mobile devices shifted 37.4 % down to about 8.3 a day from Apr 8, 2025 (from about 13).",
    );
    // A step dated a few days before the period (change-points.ts `reachesFrom`) says so.
    expect(
      analystNarrative({ findings: [{ ...small, beforePeriod: true }] }, { currency: "USD", period })!.headline,
    ).toBe(
      "Conversions from mobile devices shifted 37.4 % down to about 8.3 a day from Apr 8, 2025, just before this period (from about 13).",
    );
  });

  it("leads with what the period did, not with a shift that began before it and ended inside it", () => {
    // The real Search Console export's visibility trend: a dip from Jun 11 (before the period) to Jun 21, then a rise
    // of 8 % a week to the period's end. The month rose; its headline said "shifted 10.5 % down".
    const dip = {
      ...base,
      kind: "level_shift",
      metric: "impressions",
      periodStart: "2025-03-29",
      periodEnd: "2025-04-09",
      current: 51_280,
      baseline: 57_279,
      change: -5_999,
      changePct: -0.105,
      direction: "down" as const,
      beforePeriod: true,
    };
    const rise = {
      ...base,
      kind: "trend",
      metric: "impressions",
      valueUnit: "percent_per_week",
      current: 0.08,
      baseline: null,
      change: null,
      changePct: 0.08,
      expectedLow: 0.047,
      expectedHigh: 0.114,
      direction: "up" as const,
    };
    const n = analystNarrative({ findings: [dip, rise] }, { currency: "USD", period })!;
    expect(n.headline).toMatch(/^Impressions grew/);
    // Told alone, the dip says where it ended.
    expect(analystNarrative({ findings: [dip] }, { currency: "USD", period })!.headline).toBe(
      "Impressions shifted 10.5 % down to about 51,280 a day from Mar 29, 2025, just before this period, to Apr 9, 2025 (from about 57,279).",
    );
  });
});

describe("a competitor comparison told in its own words", () => {
  const period = { start: "2026-10-28", end: "2026-11-26" };
  const competitor = (metric: string, current: number, baseline: number, narrative: string, extra = {}) =>
    ({
      kind: "competitor",
      metric,
      dimension: "competitor",
      dimensionValue: "rival.example",
      periodStart: period.start,
      periodEnd: period.end,
      current,
      baseline,
      change: current - baseline,
      changePct: baseline ? (current - baseline) / baseline : null,
      expectedLow: null,
      expectedHigh: null,
      direction: current < baseline ? "down" : current > baseline ? "up" : null,
      narrative,
      ...extra,
    }) as NarrativeFinding;

  it("leads with the comparison's own sentence, never 'visibility: 3.41 %', and says to act only on a real move", () => {
    const visibility = competitor(
      "visibility",
      0.034,
      0.055,
      "Search visibility: acme.example 3.4% (−2.1 pts, within its day-to-day variation) against rival.example 3.4% (−2.1 pts).",
      { withinVariation: true },
    );
    const share = competitor("trafficShare", 0.56, 0.505, "Estimated traffic share against rival.example: 56.0%.");
    const steady = analystNarrative({ findings: [visibility, share] }, { currency: "USD", period })!;
    expect(steady.headline).toBe(visibility.narrative);
    expect(steady.why).toBe(share.narrative);
    expect(steady.next).toMatch(/^Nothing to act on yet/);

    const lost = competitor("top3Keywords", 0, 5, "acme.example lost 5 keywords in the top 3 to rival.example (a, b).");
    const missing = competitor(
      "missingKeywords",
      4,
      1,
      "4 keywords where rival.example is in the top 10 and acme is not.",
    );
    const moved = analystNarrative({ findings: [lost, visibility, missing] }, { currency: "USD", period })!;
    expect(moved.headline).toBe(lost.narrative);
    expect(moved.why).toBe(missing.narrative);
    expect(moved.next).toMatch(/^Compare rival\.example's pages for the keywords it took/);
  });

  it("aims the step after a level lost at what moved: a stop, a rate whose traffic held, or the traffic", () => {
    const shift = (over: Partial<NarrativeFinding>) =>
      analystNarrative(
        {
          findings: [
            {
              ...base,
              kind: "level_shift",
              metric: "leads",
              dimension: "channel",
              dimensionValue: "Paid Search",
              periodStart: "2025-04-15",
              baseline: 14.2,
              current: 0,
              change: -14.2,
              changePct: -1,
              ...over,
            },
          ],
        },
        { currency: "EUR", period },
      )!.next;
    // A lead form that stopped: not "reset leads targets from Apr 15".
    expect(shift({})).toBe(
      "Paid Search's leads all but stopped on Apr 15, 2025: check its tracking first (the tag, the consent banner, the form or checkout that records it), then whether Paid Search was paused or lost its budget, and restore it.",
    );
    const rate = { volumeMetric: "sessions", volumeEffect: -0.4, rateEffect: -5.6 };
    expect(shift({ current: 8.2, change: -6, changePct: -0.42, mixRate: rate })).toMatch(
      /^Paid Search's traffic held while its leads fell from Apr 15, 2025: check the pages, forms and conversion/,
    );
    const traffic = { volumeMetric: "sessions", volumeEffect: -5.2, rateEffect: -0.8 };
    expect(shift({ current: 8.2, change: -6, changePct: -0.42, mixRate: traffic })).toMatch(
      /^Find what changed for Paid Search on Apr 15, 2025 \(budget, bids, targeting, rankings/,
    );
    const ctr = { volumeMetric: "impressions", volumeEffect: 0.2, rateEffect: -36 };
    const query = { metric: "clicks", dimension: "query", dimensionValue: "buy sneakers", baseline: 73, current: 37 };
    expect(shift({ ...query, change: -36, changePct: -0.5, mixRate: ctr })).toMatch(
      /^The search “buy sneakers” was shown as often as before but clicked less from Apr 15, 2025: check its search/,
    );
    // Smaller baskets: prices, discounts and products, not the budget.
    const basket = { metric: "averageOrderValue", baseline: 61, current: 41.5, change: -19.5, changePct: -0.32 };
    expect(shift(basket)).toBe(
      "Paid Search's orders are worth less from Apr 15, 2025: check the discount codes, prices and products its ads and pages lead to since that day, and restore what changed if it was not intended.",
    );
    // An ad's cost up with the price of its clicks: bids and the auction.
    const pricier = { volumeMetric: "clicks", volumeEffect: 5, rateEffect: 263 };
    const cost = {
      metric: "cost",
      dimension: "campaign",
      dimensionValue: "Generic - Search",
      baseline: 442,
      current: 710,
    };
    expect(shift({ ...cost, change: 268, changePct: 0.61, direction: "up", mixRate: pricier })).toMatch(
      /^The Generic - Search campaign pays more for each click from Apr 15, 2025: check its bids and bid strategy/,
    );
    // A level gained is confirmed, and the targets reset from it.
    expect(shift({ baseline: 8, current: 14, change: 6, changePct: 0.75, direction: "up" })).toBe(
      "Confirm the cause of the new level (search update, pricing, tracking) and reset leads targets from Apr 15, 2025.",
    );
  });

  it("tells a step of some weekdays by those days: their levels, and what changed for them", () => {
    const weekend: NarrativeFinding = {
      ...base,
      kind: "level_shift",
      metric: "sessions",
      dimension: "channel",
      dimensionValue: "Paid Search",
      periodStart: "2025-04-05",
      baseline: 494,
      current: 397,
      change: -97,
      changePct: -0.905,
      weekdays: [6, 0],
      weekdayBaseline: 375,
      weekdayCurrent: 35.6,
    };
    const told = analystNarrative({ findings: [weekend] }, { currency: "EUR", period })!;
    expect(told.headline).toBe(
      "Sessions from Paid Search on Saturdays and Sundays shifted 90.5 % down to about 36 a day from Apr 5, 2025 (from about 375); the other days did not move.",
    );
    expect(told.next).toMatch(
      /^Check what changed for Paid Search's Saturdays and Sundays from Apr 5, 2025 \(an ad schedule that leaves/,
    );
    const rise = { ...weekend, direction: "up" as const, change: 97, changePct: 0.45, weekdayCurrent: 544 };
    expect(analystNarrative({ findings: [rise] }, { currency: "EUR", period })!.next).toMatch(
      /^Confirm what lifted Paid Search's Saturdays and Sundays from Apr 5, 2025/,
    );
  });

  it("tells a level that came back by its days, and asks what moved it then", () => {
    const promotion: NarrativeFinding = {
      ...base,
      kind: "level_shift",
      metric: "sessions",
      dimension: "channel",
      dimensionValue: "Paid Search",
      periodStart: "2025-04-03",
      periodEnd: "2025-04-23",
      baseline: 438,
      current: 876,
      change: 438,
      changePct: 1,
      direction: "up",
      until: "2025-04-23",
      backTo: 491,
    };
    const told = analystNarrative({ findings: [promotion] }, { currency: "EUR", period })!;
    expect(told.headline).toBe(
      "Sessions from Paid Search rose 100 % to about 876 a day from Apr 3, 2025 to Apr 23, 2025 (from about 438), then came back to about 491 a day.",
    );
    expect(told.next).toBe(
      "Find what lifted Paid Search's sessions from Apr 3, 2025 to Apr 23, 2025 (a promotion, a campaign, a larger budget) and why it ended; if what it brought was worth its cost, plan it again.",
    );
    const paused = { ...promotion, current: 69, change: -369, changePct: -0.84, direction: "down" as const };
    expect(analystNarrative({ findings: [paused] }, { currency: "EUR", period })!.next).toBe(
      "Find what held Paid Search's sessions down from Apr 3, 2025 to Apr 23, 2025 (a paused campaign, a budget spent early, an outage, a tracking fault): it came back after, so note the cause and guard against it happening again.",
    );
    // Weeks of none of a lead form's leads, and back: its tracking first.
    const none = { ...promotion, metric: "leads", current: 0, change: -438, changePct: -1, direction: "down" as const };
    expect(analystNarrative({ findings: [none] }, { currency: "EUR", period })!.next).toBe(
      "Paid Search's leads all but stopped from Apr 3, 2025 to Apr 23, 2025 and came back: check what recorded it over those days (the tag, the consent banner, the form or checkout), then whether Paid Search was paused, and note the days as lost.",
    );
  });

  it("tells a segment that ran and ended by its days, with none before or after it, not a rise from zero", () => {
    // It read "Revenue from Affiliates rose to about $366.38 a day … (from about $0.00), then came back to about $0.00"
    const ran: NarrativeFinding = {
      ...base,
      kind: "level_shift",
      metric: "revenue",
      dimension: "channel",
      dimensionValue: "Affiliates",
      periodStart: "2025-04-03",
      periodEnd: "2025-04-23",
      baseline: 0,
      current: 366.38,
      change: 366.38,
      changePct: null,
      direction: "up",
      until: "2025-04-23",
      backTo: 0,
    };
    const told = (f: NarrativeFinding) => analystNarrative({ findings: [f] }, { currency: "USD", period })!.headline;
    expect(told(ran)).toBe(
      "Affiliates ran from Apr 3, 2025 to Apr 23, 2025, with none before or after it: about $366.38 revenue a day while it ran.",
    );
    expect(told({ ...ran, until: undefined, backTo: undefined })).toBe(
      "Affiliates started on Apr 3, 2025: about $366.38 revenue a day since, from none before.",
    );
  });
});
