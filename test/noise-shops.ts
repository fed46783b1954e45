import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { SHOP_END } from "@/test/generated-shop";

// Exports of projects that hold nothing but noise, drawn as a real site's numbers are: visits and orders as Poisson
// counts, each order's value from a lognormal spread (a third of the baskets above 1.4 times the average), a weekly
// pattern and, where asked, a year's season. The quality bench's generator (server/insights/synthetic/) draws its
// counts with a fixed relative noise, which for a few orders a day is less than a count's own, and its baskets at
// 5 % apart; these files are what an agency uploads. 120 days to NOISE_END unless the model says otherwise.

/** The data's last day: the generated shops' (test/generated-shop.ts), whose `reportOnShop` reports on its 30 days. */
const NOISE_END = SHOP_END;

/**
 * - `shop`: channel × device × country visits and orders;
 * - `busy_days`: the same, each day and each row at a spread of its own beyond a count's (more than chance moves
 *   them);
 * - `season`: the shop over 760 days, a year's season (±20 %) on top;
 * - `leads`: a lead site's visits and leads by channel, device and landing page;
 * - `search`: a Search Console export, 150 queries with their clicks, impressions and position;
 * - `ads`: a Google Ads export, 10 campaigns by device with cost, clicks, conversions and their value.
 */
export type NoiseModel = "shop" | "busy_days" | "season" | "leads" | "search" | "ads";

/** The project's site type each model's data is for. */
export const NOISE_SITE_TYPE = {
  shop: "ecommerce",
  busy_days: "ecommerce",
  season: "ecommerce",
  leads: "lead_generation",
  search: "content",
  ads: "ecommerce",
} as const;

/** Sunday to Saturday. */
const WEEKLY = [0.7, 1.1, 1.12, 1.1, 1.05, 1.0, 0.78];
/** Channel, visits a day, conversion rate. */
const CHANNELS = [
  ["Organic Search", 700, 0.02],
  ["Paid Search", 350, 0.035],
  ["Direct", 300, 0.03],
  ["Email", 90, 0.05],
  ["Social", 150, 0.01],
  ["Referral", 60, 0.025],
] as const;
const DEVICES = [
  ["desktop", 0.5],
  ["mobile", 0.42],
  ["tablet", 0.08],
] as const;
const COUNTRIES = [
  ["United States", 0.5],
  ["United Kingdom", 0.2],
  ["Germany", 0.15],
  ["France", 0.1],
  ["Spain", 0.05],
] as const;
/** The lognormal baskets' σ (of the log): a third of them above 1.4 times the average. */
const BASKET_SPREAD = 0.6;

/** Seeded draws: Poisson counts, baskets of a given average, and the standard normal behind them. */
function draws(seed: number) {
  const uniform = mulberry32(seed);
  const z = gaussian(mulberry32(seed * 31 + 7));
  const count = (mean: number): number => {
    if (!(mean > 0)) return 0;
    // The normal's approximation where it is close (and Knuth's product of uniforms would take long).
    if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * z()));
    const limit = Math.exp(-mean);
    let k = -1;
    for (let product = 1; product > limit; product *= uniform()) k++;
    return k;
  };
  const baskets = (n: number, average: number): number => {
    const mu = Math.log(average) - BASKET_SPREAD ** 2 / 2;
    let sum = 0;
    for (let k = 0; k < n; k++) sum += Math.exp(mu + BASKET_SPREAD * z());
    return sum;
  };
  return { count, baskets, z };
}

/** The model's export as a CSV an agency uploads (the columns the upload maps by name). */
export function noiseCsv(seed: number, model: NoiseModel): string {
  if (model === "leads") return leadsCsv(seed);
  if (model === "search") return searchCsv(seed);
  if (model === "ads") return adsCsv(seed);
  return shopCsv(seed, model);
}

function shopCsv(seed: number, model: "shop" | "busy_days" | "season"): string {
  const { count, baskets, z } = draws(seed);
  const days = model === "season" ? 760 : 120;
  const lines = ["date,channel,device,country,sessions,transactions,revenue"];
  for (let i = 0; i < days; i++) {
    const date = addDays(NOISE_END, i - (days - 1));
    const season = model === "season" ? 1 + 0.2 * Math.sin((2 * Math.PI * i) / 365.25) : 1;
    const dayNoise = model === "busy_days" ? Math.exp(0.06 * z()) : 1;
    for (const [channel, mean, rate] of CHANNELS)
      for (const [device, deviceShare] of DEVICES)
        for (const [country, countryShare] of COUNTRIES) {
          const rowNoise = model === "busy_days" ? Math.exp(0.1 * z()) : 1;
          const sessions = count(
            mean * deviceShare * countryShare * WEEKLY[dayOfWeek(date)] * season * dayNoise * rowNoise,
          );
          if (sessions === 0) continue;
          const orders = count(sessions * rate);
          lines.push(`${date},${channel},${device},${country},${sessions},${orders},${baskets(orders, 80).toFixed(2)}`);
        }
  }
  return lines.join("\n");
}

function leadsCsv(seed: number): string {
  const { count } = draws(seed);
  const pages = ["/", "/pricing", "/contact", "/services", "/blog/a", "/blog/b", "/about", "/demo"];
  const pageShare = [0.3, 0.15, 0.1, 0.15, 0.1, 0.08, 0.07, 0.05];
  const lines = ["date,channel,device,landing page,sessions,leads"];
  for (let i = 0; i < 120; i++) {
    const date = addDays(NOISE_END, i - 119);
    for (const [channel, mean, rate] of CHANNELS)
      for (const [device, deviceShare] of DEVICES)
        pages.forEach((page, p) => {
          const sessions = count(mean * 0.5 * deviceShare * pageShare[p] * WEEKLY[dayOfWeek(date)]);
          if (sessions > 0)
            lines.push(`${date},${channel},${device},${page},${sessions},${count(sessions * rate * 1.5)}`);
        });
  }
  return lines.join("\n");
}

function searchCsv(seed: number): string {
  const { count, z } = draws(seed);
  const queries = Array.from({ length: 150 }, (_, q) => ({
    query: `query ${q}`,
    page: `/page-${q % 40}`,
    impressions: 2000 / (q + 3),
    ctr: 0.02 + 0.2 / (q + 5),
    position: 2 + (q % 17) * 0.8,
  }));
  const lines = ["date,query,page,clicks,impressions,position"];
  for (let i = 0; i < 120; i++) {
    const date = addDays(NOISE_END, i - 119);
    for (const q of queries) {
      const impressions = count(q.impressions * WEEKLY[dayOfWeek(date)]);
      if (impressions === 0) continue;
      const position = Math.max(1, q.position + (0.8 * z()) / Math.sqrt(impressions));
      lines.push(`${date},${q.query},${q.page},${count(impressions * q.ctr)},${impressions},${position.toFixed(2)}`);
    }
  }
  return lines.join("\n");
}

function adsCsv(seed: number): string {
  const { count, baskets, z } = draws(seed);
  const campaigns = Array.from({ length: 10 }, (_, c) => ({ name: `Campaign ${c + 1}`, impressions: 8000 / (c + 1) }));
  const lines = ["date,campaign,device,impressions,clicks,cost,conversions,revenue"];
  for (let i = 0; i < 120; i++) {
    const date = addDays(NOISE_END, i - 119);
    campaigns.forEach((campaign, c) => {
      for (const [device, deviceShare] of DEVICES) {
        const impressions = count(campaign.impressions * deviceShare * WEEKLY[dayOfWeek(date)]);
        const clicks = count(impressions * 0.03);
        // Each click's price spread around the campaign's (30 % apart).
        let cost = 0;
        for (let k = 0; k < clicks; k++) cost += (0.8 + 0.1 * c) * Math.exp(0.3 * z() - 0.045);
        const conversions = count(clicks * 0.04);
        const value = baskets(conversions, 70);
        lines.push(
          `${date},${campaign.name},${device},${impressions},${clicks},${cost.toFixed(2)},${conversions},${value.toFixed(2)}`,
        );
      }
    });
  }
  return lines.join("\n");
}
