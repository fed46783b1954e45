import { defaultChannelGroup } from "./default-channel-group";

// Google Analytics came in two generations: Universal Analytics (stopped in July 2024; its history lives in the
// agency's exports) and Google Analytics 4. A project often holds years of the first before the second, so the two
// must read as one site's figures: their dimension names already land on the same keys (known-columns.ts maps UA's
// "Default Channel Grouping" and GA4's "Session default channel group" both to the channel), and this file maps the
// VALUES UA named otherwise onto GA4's, so a channel is one segment across the switch, not a channel that vanished
// on the day another appeared. Sources: UA's default channel grouping definitions
// (support.google.com/analytics/answer/3297892) and GA4's default channel group
// (support.google.com/analytics/answer/9756891).

export type AnalyticsGeneration = "ua" | "ga4";

/** How reports name where a generation's data came from ("Jan–Jun from Universal Analytics exports, …"). */
export const GENERATION_NAMES: Record<AnalyticsGeneration, string> = {
  ua: "Universal Analytics exports",
  ga4: "Google Analytics 4",
};

/**
 * UA's default channel grouping values that GA4 names otherwise. UA's "(Other)" is a session no rule matched, GA4's
 * "Unassigned"; UA's "Social" was mostly unpaid (its rule is a social site's referral or a social medium, checked
 * before the paid rules), GA4's "Organic Social"; "Other Advertising" (a paid medium of no other channel) is GA4's
 * "Paid Other". The others (Direct, Organic Search, Paid Search, Display, Referral, Email, Affiliates) keep their
 * names. Keys are lower case: exports and custom groupings vary the case. One name each: two UA channels of one day
 * mapped to one GA4 name would be two rows of one segment (a custom grouping's "Branded" and "Generic Paid Search"
 * keep their names).
 */
const UA_CHANNELS: Record<string, string> = {
  "(other)": "Unassigned",
  social: "Organic Social",
  "other advertising": "Paid Other",
  direct: "Direct",
  "organic search": "Organic Search",
  "paid search": "Paid Search",
  display: "Display",
  referral: "Referral",
  email: "Email",
  affiliates: "Affiliates",
};

/**
 * A Universal Analytics row's channel as Google Analytics 4 names it: UA's name mapped by the table above (a name of
 * a custom grouping is kept as it is). Where UA's channel does not tell GA4's (its "Social" holds paid social too, its
 * "(Other)" is whatever no rule matched), the row's source and medium, when the export has them, decide by GA4's own
 * rules: a UA "Social" row from `facebook / cpc` is GA4's Paid Social.
 */
export function ga4ChannelOfUa(channel: string, source?: string, medium?: string, campaign?: string): string {
  const key = channel.trim().toLowerCase();
  const mapped = UA_CHANNELS[key] ?? channel;
  if (source === undefined || medium === undefined || source === "(not set)") return mapped;
  if (key === "social") {
    const ga4 = defaultChannelGroup(source, medium, campaign ?? "");
    return ga4 === "Paid Social" ? ga4 : mapped;
  }
  if (key === "(other)") return defaultChannelGroup(source, medium, campaign ?? "");
  return mapped;
}

/** The note an import of UA channels adds to its summary (which names changed). */
export const UA_CHANNELS_NOTE =
  "Universal Analytics' channels are named as Google Analytics 4 names them ((Other) as Unassigned, Social as " +
  "Organic Social, Other Advertising as Paid Other), so they continue as the same channels in a project's " +
  "Google Analytics 4 data.";

/** The generation of a tool whose export was read (lib/csv-import/guidance.ts's names), or null for another tool. */
export function generationOfTool(tool: string | null | undefined): AnalyticsGeneration | null {
  return tool === "ua" ? "ua" : tool === "ga4" ? "ga4" : null;
}

/** What a seam finding holds beyond an audit finding's own fields (engine/analytics-seam.ts). */
export interface SeamFields {
  /** The first and last day read from Universal Analytics in the report; GA4 from the finding's periodStart on. */
  legacyFrom?: unknown;
  legacyTo?: unknown;
  periodStart: string;
}

/**
 * "Jan 1, 2023 – Jun 30, 2023 from Universal Analytics exports, Jul 1, 2023 on from Google Analytics 4": which of a
 * report's days come from which generation. `day` formats a date as the narration does.
 */
export function seamLine(f: SeamFields, day: (date: string) => string): string {
  const legacy =
    typeof f.legacyFrom === "string" && typeof f.legacyTo === "string"
      ? `${day(f.legacyFrom)} – ${day(f.legacyTo)}`
      : `Until ${day(f.periodStart)}`;
  return `${legacy} from ${GENERATION_NAMES.ua}, ${day(f.periodStart)} on from ${GENERATION_NAMES.ga4}`;
}

/** Why the switch is a step of the counts and not of the traffic, in the report's words. */
export const SEAM_CAUSE =
  "GA4 counts sessions differently from Universal Analytics (a session no longer restarts at midnight or with a new " +
  "campaign, users are counted by GA4's own identifiers, key events are not UA's goals)";
