import { isCampaignName } from "@/lib/insights/ad-metrics";
import { PART_INDEX, type PartValues } from "./parts";

/**
 * A campaign an ad budget paid for: a real campaign name with cost in either period. An analytics
 * export tags email and social links with campaigns too ("weekly_digest"); their orders and revenue
 * are not what the ad spend bought, so they are neither in cost per conversion nor in ROAS.
 */
export function isPaidCampaign(segment: {
  value: string;
  current: PartValues | null;
  baseline: PartValues | null;
}): boolean {
  if (!isCampaignName(segment.value)) return false;
  const cost = PART_INDEX.cost;
  return (segment.current?.[cost] ?? 0) > 0 || (segment.baseline?.[cost] ?? 0) > 0;
}
