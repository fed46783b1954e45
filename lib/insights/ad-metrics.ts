// The metrics an ad budget is judged by, in one place for the engine and the report's headline figures.

/**
 * Ad metrics: read only for paid campaigns (a real campaign name with ad cost), never whole-site traffic, conversions
 * or revenue against ad spend.
 */
export const AD_METRICS: ReadonlySet<string> = new Set(["cost", "cpc", "cpa", "cpl", "roas"]);

/** Values of the campaign dimension that are not campaigns: traffic no ad budget paid for. */
export const NON_CAMPAIGNS: ReadonlySet<string> = new Set([
  "(direct)",
  "(organic)",
  "(not set)",
  "(none)",
  "(referral)",
  "",
]);

/** Whether a campaign dimension's value names a campaign at all (an ad budget may have paid for it). */
export function isCampaignName(value: string): boolean {
  return !NON_CAMPAIGNS.has(value.trim().toLowerCase());
}
