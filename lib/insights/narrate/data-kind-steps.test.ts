import { describe, expect, it } from "vitest";
import { dataKindNextStep, type StepFinding } from "./data-kind-steps";

// The next steps by kind of data × kind of finding: a total of Search Console or of an ad account gets its own data's
// step for a level shift, a trend and an unusual day, as for a change (ADR 0031); a site's data and a segment get none
// here (the general steps).

const total = (extra: Partial<StepFinding>): StepFinding => ({
  kind: "level_shift",
  metric: "clicks",
  dimension: null,
  change: -100,
  direction: "down",
  periodStart: "2026-11-10",
  baseline: 400,
  current: 300,
  ...extra,
});
const search = (extra: Partial<StepFinding>) => total({ dataKind: "organic_search", ...extra });
const ads = (extra: Partial<StepFinding>) => total({ dataKind: "ads", ...extra });
const step = (f: StepFinding, good = false) => dataKindNextStep(f, good, "");

describe("Search Console's totals over time", () => {
  it("a level lost: the pages and queries that lost it from that day, indexing and the engine's updates", () => {
    expect(step(search({}))).toBe(
      "Clicks stepped down on Nov 10, 2026: in Search Console's Performance report, compare the days after with the weeks before by query and by page to find the pages and queries that lost them; check the Pages report for pages dropped from the index and the search engine's updates announced around that day, and restore or update those pages.",
    );
    expect(step(search({ metric: "ctr" }))).toMatch(
      /^The click-through rate stepped down on Nov 10, 2026: .*titles? or/,
    );
    expect(step(search({ metric: "position", direction: "up", change: 3 }))).toMatch(
      /^The average position worsened from Nov 10, 2026: .*pages that lost places/,
    );
    expect(step(search({ direction: "up", change: 100 }), true)).toMatch(/^Clicks stepped up on Nov 10, 2026: /);
  });

  it("a trend and an unusual day", () => {
    expect(step(search({ kind: "trend" }))).toMatch(/^Clicks have been falling week after week: .*refresh them/);
    expect(step(search({ kind: "trend", metric: "impressions", direction: "up" }), true)).toMatch(
      /^Impressions have been growing week after week/,
    );
    expect(step(search({ kind: "anomaly" }))).toMatch(/^Check Nov 10, 2026 in Search Console: .*Crawl stats/);
    expect(step(search({ kind: "anomaly", direction: "up" }), true)).toMatch(/^Look in Search Console's Performance/);
  });

  it("leaves a segment, a stretch and a site's data to the general steps", () => {
    expect(step(search({ dimension: "query" }))).toBeNull();
    expect(step(search({ until: "2026-11-20" }))).toBeNull();
    expect(step({ ...search({}), weekdays: [0, 6] } as StepFinding)).toBeNull();
    expect(step(total({}))).toBeNull();
  });
});

describe("an ad account's totals over time", () => {
  it("spend that stepped down to about none: the account stopped serving", () => {
    expect(step(ads({ metric: "cost", baseline: 300, current: 0 }), true)).toBe(
      "The account stopped serving on Nov 10, 2026: check whether its campaigns were paused, ran out of budget, had their ads disapproved or its payment failed, and restart them if the stop was not intended.",
    );
    // Less spend is no good news to copy: the change history, and whether the results fell with it.
    expect(step(ads({ metric: "cost", baseline: 300, current: 200 }), true)).toMatch(
      /^Spend stepped down on Nov 10, 2026: check in the ad account's change history .*whether clicks and conversions/,
    );
    expect(step(ads({ metric: "cost", direction: "up", baseline: 200, current: 300 }))).toMatch(
      /^Spend stepped up on Nov 10, 2026: .*conversions rose with it/,
    );
  });

  it("a level lost: the account's change history; a dearer click: the bids and the auction", () => {
    expect(step(ads({ metric: "conversions" }))).toMatch(
      /^Conversions stepped down on Nov 10, 2026: check the ad account's change history .*conversion tracking/,
    );
    expect(step(ads({ metric: "cpc", direction: "up" }))).toMatch(/^Each click costs more from Nov 10, 2026/);
    expect(step(ads({ metric: "roas" }))).toMatch(/^Each unit of spend returned less from Nov 10, 2026/);
  });

  it("a trend and an unusual day", () => {
    expect(step(ads({ kind: "trend", metric: "cost", direction: "up" }))).toMatch(/^Spend has been rising week/);
    expect(step(ads({ kind: "trend" }))).toMatch(/^Clicks have been falling week after week: compare the campaigns/);
    expect(step(ads({ kind: "anomaly", metric: "cost" }))).toMatch(
      /^Check Nov 10, 2026 in the ad account: a single day's fall in spend is most often a budget spent early/,
    );
  });
});
