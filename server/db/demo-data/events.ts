import type { Segment } from "./segments";
import type { SiteProfile } from "./profiles";

/**
 * The real events planted in the demo data, for the report to find. `daysAgo` counts back from
 * the last day (yesterday: 0), so the events stay in the same place relative to today.
 */
export interface DemoEvent {
  kind: "tracking_gap" | "campaign_drop" | "level_shift" | "email_spike";
  description: string;
  /** First and last day affected, in days before the last day (from >= to). */
  fromDaysAgo: number;
  toDaysAgo: number;
  applies: (segment: Segment) => boolean;
  factor: number;
}

const everyRow = () => true;

export const DEMO_EVENTS: Record<SiteProfile["key"], DemoEvent[]> = {
  store: [
    {
      kind: "tracking_gap",
      description: "Analytics tag missing after a theme release: two days near zero",
      fromDaysAgo: 97,
      toDaysAgo: 96,
      applies: everyRow,
      factor: 0.02,
    },
    {
      kind: "campaign_drop",
      description: "Paid search drop in the last month, driven by the 'Generic - Hiking Boots' campaign (budget cut)",
      fromDaysAgo: 27,
      toDaysAgo: 0,
      applies: (s) => s.dims.campaign === "Generic - Hiking Boots",
      factor: 0.28,
    },
    {
      kind: "level_shift",
      description: "Organic search down about 22% after a search engine core update",
      fromDaysAgo: 160,
      toDaysAgo: 0,
      applies: (s) => s.dims.channel === "Organic Search",
      factor: 0.78,
    },
    {
      kind: "email_spike",
      description: "48-hour flash sale email: a spike in email sessions and revenue",
      fromDaysAgo: 12,
      toDaysAgo: 12,
      applies: (s) => s.dims.campaign === "flash_sale_48h",
      factor: 300,
    },
    {
      kind: "email_spike",
      description: "Second day of the flash sale",
      fromDaysAgo: 11,
      toDaysAgo: 11,
      applies: (s) => s.dims.campaign === "flash_sale_48h",
      factor: 110,
    },
  ],
  leads: [
    {
      kind: "tracking_gap",
      description: "Consent banner misconfigured: two days near zero",
      fromDaysAgo: 64,
      toDaysAgo: 63,
      applies: everyRow,
      factor: 0.03,
    },
    {
      kind: "campaign_drop",
      description:
        "Paid search drop in the last month, driven by the 'Generic - Workwear Supplier' campaign (disapproved ads)",
      fromDaysAgo: 25,
      toDaysAgo: 0,
      applies: (s) => s.dims.campaign === "Generic - Workwear Supplier",
      factor: 0.35,
    },
    {
      kind: "level_shift",
      description: "Organic search up about 35% after the content hub launch",
      fromDaysAgo: 140,
      toDaysAgo: 0,
      applies: (s) => s.dims.channel === "Organic Search",
      factor: 1.35,
    },
    {
      kind: "email_spike",
      description: "Webinar invitation email: a one-day spike in email sessions and leads",
      fromDaysAgo: 19,
      toDaysAgo: 19,
      applies: (s) => s.dims.campaign === "webinar_uniform_trends",
      factor: 250,
    },
  ],
};

/** The product of every event's factor on this segment and day. */
export function eventFactor(events: DemoEvent[], segment: Segment, daysAgo: number): number {
  let factor = 1;
  for (const e of events)
    if (daysAgo <= e.fromDaysAgo && daysAgo >= e.toDaysAgo && e.applies(segment)) factor *= e.factor;
  return factor;
}
