import { addDays, dayDiff, hashString, mulberry32 } from "../google/prng";

// What the fake Meta ad accounts spent and earned: one row per campaign, day, publisher platform
// and device platform, as the Insights API breaks a campaign's day down with
// `breakdowns=publisher_platform,device_platform`. Values depend only on (seed, account, campaign,
// day, platform, device), so a test can compare what was imported with what the fake serves.

export interface MetaDataSettings {
  seed: number;
  /** The fake's today: Insights hold days up to it, and 37 months back. */
  today: string;
  campaigns: number;
  /**
   * The campaign (by index) whose delivery dropped to a quarter from `dropDaysAgo` days before
   * `today` on (a budget cut), so a report over the fake's data has a real event to find; -1 for none.
   */
  dropCampaign: number;
  dropDaysAgo: number;
  /** Changes the values of the last 3 days (attribution settling) without touching older days. */
  recentVersion: number;
}

export const META_AD_ACCOUNTS = [
  { account_id: "1122334455", name: "Northwind Meta Ads", currency: "USD", timezone_name: "America/New_York" },
  { account_id: "5566778899", name: "Contoso Meta", currency: "EUR", timezone_name: "Europe/Berlin" },
];
export const PLATFORMS = ["facebook", "instagram"] as const;
export const DEVICE_PLATFORMS = ["desktop", "mobile_app", "mobile_web"] as const;
/** Insights keep 37 months of history. */
export const HISTORY_MONTHS = 37;

export const metaCampaignName = (index: number) =>
  ["Prospecting - Broad", "Retargeting - Cart", "Lookalike - Purchasers", "Brand Awareness - Reels"][index] ??
  `Campaign ${index + 1}`;
export const metaCampaignId = (accountId: string, index: number) =>
  String(23_850_000_000_000 + (hashString(accountId) % 1000) * 1000 + index);

export interface MetaRecord {
  date: string;
  campaignId: string;
  campaignName: string;
  platform: string;
  device: string;
  impressions: number;
  reach: number;
  linkClicks: number;
  /** In cents of the account's currency. */
  spendCents: number;
  purchases: number;
  /** In cents. */
  purchaseValueCents: number;
}

/** The first day Insights still hold, 37 months before `today`. */
export function firstDay(today: string): string {
  const [year, month, day] = today.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 - HISTORY_MONTHS, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

/** Whether a campaign ran on a day: each has a few weeks off now and then (flights). */
function running(settings: MetaDataSettings, accountId: string, c: number, date: string): boolean {
  const week = Math.floor(dayDiff("2020-01-06", date) / 7);
  return hashString(`${settings.seed}|${accountId}|${c}|w${week}`) % 8 !== 0 || c === settings.dropCampaign;
}

/** Calls `visit` for each row of one account's day, campaigns in order, then platforms and devices. */
export function forEachMetaRow(
  settings: MetaDataSettings,
  accountId: string,
  date: string,
  visit: (record: MetaRecord) => void,
): void {
  if (date > settings.today || date < firstDay(settings.today)) return;
  const back = dayDiff(date, settings.today);
  const recent = back < 3 ? settings.recentVersion : 0;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const dayFactor = weekday === 0 || weekday === 6 ? 1.15 : 1;
  for (let c = 0; c < settings.campaigns; c++) {
    if (!running(settings, accountId, c, date)) continue;
    const random = mulberry32(hashString(`${settings.seed}|${accountId}|${c}|${date}|${recent}`));
    const scale = (1 + (c % 5)) * (c === settings.dropCampaign && back <= settings.dropDaysAgo ? 0.25 : 1);
    for (const platform of PLATFORMS)
      for (const device of DEVICE_PLATFORMS) {
        const share = (platform === "facebook" ? 0.6 : 0.4) * (device === "desktop" ? 0.3 : 0.35);
        const impressions = Math.round(4000 * scale * share * dayFactor * (0.7 + 0.6 * random()));
        const linkClicks = Math.floor(impressions * (0.008 + 0.012 * random()));
        const spendCents = Math.round(impressions * (0.6 + 0.5 * random()));
        const purchases = Math.floor(linkClicks * (0.02 + 0.04 * random()) + random() * 0.5);
        visit({
          date,
          campaignId: metaCampaignId(accountId, c),
          campaignName: metaCampaignName(c),
          platform,
          device,
          impressions,
          reach: Math.max(0, Math.round(impressions * (0.6 + 0.2 * random()))),
          linkClicks,
          spendCents,
          purchases,
          purchaseValueCents: purchases * (2500 + Math.floor(7500 * random())),
        });
      }
  }
}

/** Every day of [start, end] the fake holds. */
export function* metaDays(settings: MetaDataSettings, start: string, end: string): Generator<string> {
  const from = start < firstDay(settings.today) ? firstDay(settings.today) : start;
  for (let d = from; d <= end && d <= settings.today; d = addDays(d, 1)) yield d;
}
