// The Google data source kinds the wizard offers (spec section 3: kind google, sub-types
// analytic-4, analytic, searchconsole, ads), with the names the API stores them under.

import { PARTNER_SOURCE_CHOICES } from "./partner-sources";
import { PREMIUM_SOURCES } from "./premium-sources";

export const GOOGLE_SOURCES = [
  {
    subType: "analytic-4",
    sourceName: "analytics-4",
    label: "Google Analytics 4",
    description: "Sessions, users, key events and revenue by channel, campaign, device, country and landing page.",
  },
  {
    subType: "analytic",
    sourceName: "analytics",
    label: "Google Analytics (legacy)",
    description: "Universal Analytics history: Google stopped it in 2024, so its exports are imported instead.",
  },
  {
    subType: "searchconsole",
    sourceName: "search-console",
    label: "Google Search Console",
    description: "Clicks, impressions and position by query, page, device and country (16 months).",
  },
  {
    subType: "ads",
    sourceName: "ads",
    label: "Google Ads",
    description: "Impressions, clicks, cost, conversions and conversion value by campaign.",
  },
] as const;

export type GoogleSubType = (typeof GOOGLE_SOURCES)[number]["subType"];
export const GOOGLE_SUB_TYPES = GOOGLE_SOURCES.map((s) => s.subType) as [GoogleSubType, ...GoogleSubType[]];

export function googleSourceOf(subType: string | null | undefined) {
  return GOOGLE_SOURCES.find((s) => s.subType === subType);
}

/** What the list and detail pages call a source kind. */
export function sourceKindLabel(source: { sourceName: string; subType: string | null }): string {
  if (source.sourceName === "upload") return "File upload (CSV)";
  const other = [...Object.values(PARTNER_SOURCE_CHOICES), ...Object.values(PREMIUM_SOURCES)].find(
    (s) => s.sourceName === source.sourceName,
  );
  return googleSourceOf(source.subType)?.label ?? other?.label ?? source.sourceName;
}

/** The message the sign-in popup's page sends back to the wizard (BroadcastChannel, same origin). */
export const GOOGLE_SIGN_IN_CHANNEL = "funnelwise-google-sign-in";
export type GoogleSignInResult =
  | { ok: true; email: string; attempt: string }
  | { ok: false; reason: "access_denied" | "failed"; message: string; attempt: string };
