import type { Dimension as DimensionKey } from "@/lib/catalogue/dimensions";
import type { ChannelOption, ChannelProfile, SiteProfile } from "./profiles";
import type { SeededRandom } from "@/lib/seeded-random";

/** One combination of dimension values and its share of the site's sessions. */
export interface Segment {
  dims: Record<"channel" | "source" | "medium" | "campaign" | "device" | "country" | "landingPage", string> &
    Partial<Record<DimensionKey, string>>;
  share: number;
  channel: ChannelProfile;
  option: ChannelOption;
  deviceConversion: number;
}

/**
 * Every channel option × device × country, landing on the option's pages or on site pages drawn
 * by their weight (up to two for search and direct): a few hundred combinations, like a real export's.
 */
export function buildSegments(profile: SiteProfile, prng: SeededRandom): Segment[] {
  const segments: Segment[] = [];
  const totalPageShare = profile.pages.reduce((sum, p) => sum + p.share, 0);
  const drawPage = () => {
    let r = prng.next() * totalPageShare;
    for (const p of profile.pages) if ((r -= p.share) <= 0) return p.path;
    return profile.pages[0].path;
  };
  for (const channel of profile.channels) {
    for (const option of channel.options) {
      for (const device of profile.devices) {
        for (const country of profile.countries) {
          const share = channel.share * option.share * device.share * country.share;
          // Search and direct visits spread over the site; the other channels land on one page each.
          const spread = channel.channel === "Organic Search" || channel.channel === "Direct";
          const pages = option.pages ?? (spread ? [...new Set([drawPage(), drawPage()])] : [drawPage()]);
          for (const page of pages) {
            segments.push({
              dims: {
                channel: channel.channel,
                source: option.source,
                medium: option.medium,
                campaign: option.campaign,
                device: device.value,
                country: country.value,
                landingPage: page,
              },
              share: share / pages.length,
              channel,
              option,
              deviceConversion: device.conversion,
            });
          }
        }
      }
    }
  }
  return segments;
}
