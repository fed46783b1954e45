import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CSV_MAPPING_MESSAGES as MM } from "../constants/csv-mapping-messages";
import { checkMapping } from "./check-mapping";
import { proposeMapping } from "./propose-mapping";
import { readExport } from "./read-export";

/** The header of a file's table as the reading finds it. */
function readPreview(text: string, options: { complete: boolean }) {
  const table = readExport(text, options).table!;
  return { headerLine: table.headerLine, headers: table.headers };
}
const fixture = (name: string) =>
  readPreview(readFileSync(path.join(import.meta.dirname, "../../test/fixtures/csv", name), "utf8"), {
    complete: true,
  });
/** The proposal as header -> target, ignored columns left out. */
const mapped = (headers: string[]) =>
  Object.fromEntries(
    proposeMapping(headers)
      .filter((c) => c.target !== "ignore")
      .map((c) => [c.header, c.target]),
  );

describe("proposeMapping on real exports", () => {
  it("GA4 traffic acquisition: skips the # preamble, maps channel group, sessions, key events, revenue", () => {
    const preview = fixture("ga4-traffic-acquisition.csv");
    expect(preview.headerLine).toBe(9);
    expect(mapped(preview.headers)).toEqual({
      Date: "date",
      "Session primary channel group (Default Channel Group)": "dimension:channel",
      Sessions: "metric:sessions",
      "Engaged sessions": "metric:engagedSessions",
      "Key events": "metric:conversions",
      "Total revenue": "metric:revenue",
    });
    const rate = proposeMapping(preview.headers).find((c) => c.header === "Engagement rate");
    expect(rate).toMatchObject({ target: "ignore", recognised: true });
    expect(rate?.note).toContain("computed from Engaged sessions and Sessions");
  });

  it("Search Console Dates.csv: clicks, impressions, position; CTR is derived", () => {
    expect(mapped(fixture("search-console-dates.csv").headers)).toEqual({
      Date: "date",
      Clicks: "metric:clicks",
      Impressions: "metric:impressions",
      Position: "metric:position",
    });
  });

  it("Google Ads campaign report: skips the title and date range lines, maps Impr. and Conv. value", () => {
    const preview = fixture("google-ads-campaigns.csv");
    expect(preview.headerLine).toBe(3);
    expect(mapped(preview.headers)).toEqual({
      Day: "date",
      Campaign: "dimension:campaign",
      Clicks: "metric:clicks",
      "Impr.": "metric:impressions",
      Cost: "metric:cost",
      Conversions: "metric:conversions",
      "Conv. value": "metric:revenue",
    });
  });

  it("a date range line re-saved without its quotes is still not the header", () => {
    const text = readFileSync(
      path.join(import.meta.dirname, "../../test/fixtures/csv/google-ads-campaigns.csv"),
      "utf8",
    );
    const preview = readPreview(text.replace(/^"(.*)"$/m, "$1"), { complete: true });
    expect(preview.headerLine).toBe(3);
    expect(preview.headers[0]).toBe("Day");
  });

  it("GA4 source / medium: one column taken as both the source and the medium", () => {
    expect(mapped(["Date", "Session source / medium", "Sessions"])).toEqual({
      Date: "date",
      "Session source / medium": "dimension:sourceMedium",
      Sessions: "metric:sessions",
    });
    expect(
      checkMapping(
        ["Date", "Source / Medium", "Medium", "Sessions"],
        ["date", "dimension:sourceMedium", "dimension:medium", "metric:sessions"],
      ),
    ).toEqual([{ column: 2, message: MM.taken("Medium", "Source / Medium") }]);
  });

  it("Shopify sales over time: orders and total sales; the other sales columns are not taken twice", () => {
    const proposal = proposeMapping(fixture("shopify-sales-over-time.csv").headers);
    expect(mapped(proposal.map((c) => c.header))).toEqual({
      Day: "date",
      Orders: "metric:transactions",
      "Total sales": "metric:revenue",
    });
    expect(proposal.find((c) => c.header === "Net sales")?.note).toBe("Revenue comes from the column Total sales");
  });

  it("Meta Ads with a daily breakdown: Day over Reporting starts, the spend in any currency", () => {
    expect(mapped(fixture("meta-ads-daily.csv").headers)).toEqual({
      "Campaign name": "dimension:campaign",
      Day: "date",
      Impressions: "metric:impressions",
      "Amount spent (EUR)": "metric:cost",
      "Link clicks": "metric:clicks",
      Purchases: "metric:transactions",
      "Purchases conversion value": "metric:revenue",
    });
  });

  it("our own template names, in any spelling", () => {
    expect(mapped(["date", "Landing Page", "new_users", "sessions"])).toEqual({
      date: "date",
      "Landing Page": "dimension:landingPage",
      new_users: "metric:newUsers",
      sessions: "metric:sessions",
    });
  });

  it("unknown columns are flagged, and what the source remembered comes first", () => {
    const headers = ["Zeitpunkt", "Besuche", "Mood"];
    expect(proposeMapping(headers).map((c) => c.recognised)).toEqual([false, false, false]);
    const remembered = {
      columns: [
        { header: "Zeitpunkt", target: "date" },
        { header: "Besuche", target: "metric:sessions" },
      ],
    };
    expect(proposeMapping(headers, remembered).map((c) => c.target)).toEqual(["date", "metric:sessions", "ignore"]);
    // German GA4 names are known.
    expect(mapped(["Datum", "Sitzungen", "Nutzer"])).toEqual({
      Datum: "date",
      Sitzungen: "metric:sessions",
      Nutzer: "metric:users",
    });
  });

  it("a comparison period's columns and a name given twice are never this period's", () => {
    const proposal = proposeMapping([
      "Day",
      "Sessions",
      "Sessions (previous_year)",
      "Clicks",
      "Clicks (Comparison)",
      "Sessions",
    ]);
    expect(proposal.map((c) => c.target)).toEqual([
      "date",
      "metric:sessions",
      "ignore",
      "metric:clicks",
      "ignore",
      "ignore",
    ]);
    expect(proposal[2].note).toBe("A comparison period's figures, not this period's");
    expect(proposal[5].note).toBe("The name appears twice: the first column is read");
  });
});

describe("checkMapping", () => {
  it("needs a date and a metric, each target once, no derived metric, impressions for a position", () => {
    expect(checkMapping(["a", "b"], ["ignore", "ignore"])).toEqual([{ message: MM.noDate }, { message: MM.noMetric }]);
    expect(checkMapping(["d", "s", "t"], ["date", "metric:sessions", "metric:sessions"])).toEqual([
      { column: 2, message: MM.taken("Sessions", "s") },
    ]);
    expect(checkMapping(["d", "ctr"], ["date", "metric:ctr"])[0]).toEqual({
      column: 1,
      message: MM.derived("Click-through rate", ["Clicks", "Impressions"]),
    });
    expect(checkMapping(["d", "p"], ["date", "metric:position"])).toEqual([
      { column: 1, message: MM.positionNeedsImpressions },
    ]);
    expect(checkMapping(["d", "x"], ["date", "metric:bogus"])[0].column).toBe(1);
  });
});
