import { addDays, dateParts, dayOfWeek, daysBetween } from "@/lib/dates";
import { eventFactor, type DemoEvent } from "./events";
import type { SiteProfile } from "./profiles";
import type { SeededRandom } from "@/lib/seeded-random";
import type { Segment } from "./segments";

// Daily values for each segment: level × weekly × yearly seasonality × growth × events × noise,
// then the metrics drawn from the sessions with each channel's rates.

const STORE_WEEK = [1.1, 0.96, 0.97, 0.98, 0.98, 0.95, 1.06]; // Sunday first
const LEADS_WEEK = [0.52, 1.15, 1.18, 1.16, 1.12, 0.95, 0.55];
const EMAIL_WEEK = [0.6, 0.7, 2.4, 1.3, 0.8, 0.7, 0.5]; // the newsletter goes out on Tuesdays

/** Black Friday: the day after the fourth Thursday of November. */
function blackFriday(year: number): string {
  const first = dayOfWeek(`${year}-11-01`);
  const firstThursday = 1 + ((4 - first + 7) % 7);
  return addDays(`${year}-11-01`, firstThursday + 21);
}

export function yearlyFactor(profile: SiteProfile, date: string): number {
  const { year, month, day } = dateParts(date);
  const doy = daysBetween(`${year}-01-01`, date);
  if (profile.siteType === "ecommerce") {
    let f = 1 + 0.12 * Math.cos((2 * Math.PI * (doy - 135)) / 365.25);
    const bf = blackFriday(year);
    if ((month === 11 && day >= 20) || (month === 12 && day <= 20)) f *= 1.35;
    if (date === bf) f *= 1.9;
    if (date === addDays(bf, 3)) f *= 1.6; // Cyber Monday
    if (month === 12 && day >= 24 && day <= 26) f *= 0.65;
    return f;
  }
  let f = 1 + 0.06 * Math.cos((2 * Math.PI * (doy - 100)) / 365.25);
  if (month === 8) f *= 0.82;
  if ((month === 12 && day >= 22) || (month === 1 && day <= 2)) f *= 0.5;
  return f;
}

export function weeklyFactor(profile: SiteProfile, date: string, channel: string): number {
  const dow = dayOfWeek(date);
  const site = profile.siteType === "ecommerce" ? STORE_WEEK[dow] : LEADS_WEEK[dow];
  return channel === "Email" ? site * EMAIL_WEEK[dow] : site;
}

export interface DemoRow {
  date: string;
  segment: Segment;
  sessions: number;
  users: number;
  newUsers: number;
  engagedSessions: number;
  pageviews: number;
  conversions: number;
  leads: number | null;
  transactions: number | null;
  revenue: number | null;
  impressions: number | null;
  clicks: number | null;
  cost: number | null;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Every day from `start` to `end` (YYYY-MM-DD), every segment with at least one session that day. */
export function* generateRows(
  profile: SiteProfile,
  segments: Segment[],
  events: DemoEvent[],
  start: string,
  end: string,
  prng: SeededRandom,
): Generator<DemoRow> {
  const days = daysBetween(start, end);
  const ecommerce = profile.siteType === "ecommerce";
  for (let d = 0; d < days; d++) {
    const date = addDays(start, d);
    const daysAgo = days - 1 - d;
    // A shock shared by the whole day (weather, news), on top of each segment's own noise.
    const dayShock = Math.exp(0.04 * prng.normal());
    const level =
      profile.dailySessions * (1 + (profile.yearlyGrowth * d) / 365) * yearlyFactor(profile, date) * dayShock;
    for (const segment of segments) {
      const { channel, option } = segment;
      const expected =
        level *
        segment.share *
        weeklyFactor(profile, date, channel.channel) *
        eventFactor(events, segment, daysAgo) *
        Math.exp(0.1 * prng.normal() - 0.005);
      const sessions = prng.count(expected);
      if (sessions === 0) continue;
      const users = Math.max(1, prng.binomial(sessions, 0.83));
      const engagedSessions = prng.binomial(sessions, channel.engagement);
      const pageviews = Math.max(
        sessions,
        Math.round(sessions * profile.pagesPerSession * (0.55 + channel.engagement) * Math.exp(0.08 * prng.normal())),
      );
      const rate = Math.min(0.5, channel.conversionRate * segment.deviceConversion);
      const primary = prng.binomial(sessions, rate);
      const secondary = prng.binomial(sessions, ecommerce ? 0.009 : 0.014); // sign-ups, brochure downloads
      let revenue: number | null = null;
      if (ecommerce) {
        revenue = 0;
        for (let t = 0; t < primary; t++) revenue += profile.orderValue! * Math.exp(0.35 * prng.normal() - 0.06);
        revenue = round2(revenue);
      }
      let impressions: number | null = null;
      let clicks: number | null = null;
      let cost: number | null = null;
      if (option.ads) {
        clicks = Math.max(
          sessions,
          Math.round(sessions * (option.ads.clicksPerSession ?? 1.07) * Math.exp(0.05 * prng.normal())),
        );
        impressions = Math.round((clicks / option.ads.ctr) * Math.exp(0.07 * prng.normal()));
        cost = round2(clicks * option.ads.cpc * Math.exp(0.08 * prng.normal()));
      }
      yield {
        date,
        segment,
        sessions,
        users,
        newUsers: prng.binomial(users, channel.channel === "Direct" ? 0.45 : 0.66),
        engagedSessions,
        pageviews,
        conversions: primary + secondary,
        leads: ecommerce ? null : primary,
        transactions: ecommerce ? primary : null,
        revenue,
        impressions,
        clicks,
        cost,
      };
    }
  }
}
