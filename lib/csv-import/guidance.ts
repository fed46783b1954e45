import type { Preamble } from "./preamble";
import { squashName } from "./known-columns";

// Which tool wrote a file, told by its preamble and its column names, and what to export from it instead when the
// file cannot be imported: each tool's own menu path, in its own words.

export type Tool = "ga4" | "ua" | "searchConsole" | "googleAds" | "meta" | "shopify" | "hubspot";

export const TOOL_NAMES: Record<Tool, string> = {
  ga4: "Google Analytics 4",
  ua: "Universal Analytics",
  searchConsole: "Search Console",
  googleAds: "Google Ads",
  meta: "Meta Ads Manager",
  shopify: "Shopify",
  hubspot: "HubSpot",
};

const has = (headers: Set<string>, ...names: string[]) => names.some((n) => headers.has(squashName(n)));

/** The tool whose export this is, by its preamble and headers (null when nothing tells). */
export function detectTool(preamble: Preamble, headerLists: readonly (readonly string[])[]): Tool | null {
  const headers = new Set(headerLists.flat().map(squashName));
  const titles = preamble.titles.join(" ").toLowerCase();
  if (has(headers, "Deal Stage", "Deal Name") && has(headers, "Close Date", "Create Date")) return "hubspot";
  if (
    has(
      headers,
      "Reporting starts",
      "Amount spent",
      "Ad set name",
      "Link clicks",
      "Inicio del informe",
      "Berichtsbeginn",
    )
  )
    return "meta";
  if (
    /\breport$|\ball time\b/.test(titles) ||
    has(
      headers,
      "Impr.",
      "Campaign status",
      "Interactions",
      "Cost / conv.",
      "Conv. value",
      "Search impr. share",
      "Avg. CPC",
    )
  )
    return "googleAds";
  if (titles.includes("report csv export") || /account:|property:/.test(titles)) return "ga4";
  if (
    has(
      headers,
      "Day Index",
      "Week Index",
      "Month Index",
      "% New Sessions",
      "Avg. Session Duration",
      "Pages / Session",
    ) ||
    /all web site data|master view|audience overview/.test(titles)
  )
    return "ua";
  if (
    has(
      headers,
      "Online store visitors",
      "Total sales",
      "Net sales",
      "Gross sales",
      "total_sales",
      "Sessions with cart additions",
    )
  )
    return "shopify";
  if (has(headers, "Top queries", "Top pages") || (has(headers, "CTR") && has(headers, "Position")))
    return "searchConsole";
  if (
    has(
      headers,
      "Nth day",
      "Nth week",
      "Nth month",
      "Key events",
      "Engaged sessions",
      "Session primary channel group (Default Channel Group)",
      "Session default channel group",
      "Engagement rate",
    )
  )
    return "ga4";
  return null;
}

/** How to export the same report one row per day, in the tool's own words. */
export function exportByDay(tool: Tool | null): string {
  switch (tool) {
    case "googleAds":
      return "In Google Ads, add the Day segment (Segment → Time → Day) and download the report again";
    case "meta":
      return "In Ads Manager, choose Breakdown → By time → Day and export the report again";
    case "ga4":
      return "In GA4, add the Date dimension to the report (or use Explore with Date as a row) and download it again";
    case "ua":
      return "In Universal Analytics, export the report's chart by day (its Day Index table) or add Date as a secondary dimension";
    case "searchConsole":
      return "In Search Console, export Performance again and upload its Chart.csv (Dates.csv in older exports), which has one row per day";
    case "shopify":
      return "In Shopify Analytics, show the report by Day (or Week or Month) and export it again";
    case "hubspot":
      return "In HubSpot, export the deals with their Create Date and Close Date";
    default:
      return "Export the report by day (one row per date) and upload it again";
  }
}
