import { dayDiff, hashString, mulberry32 } from "./prng";

// Seeded traffic the fake APIs serve. Row k of a day is always the same dimension combination, so
// a day has `combinationsPerDay` distinct rows; metric values depend on (seed, property, day, k)
// and on the data version of recent days (a test bumps it to imitate GA4's late data).

export interface DataSettings {
  seed: number;
  /** The last day with data (the fake's "today"). */
  today: string;
  /** How many days back from `today` the property holds data. */
  historyDays: number;
  ga4CombinationsPerDay: number;
  gscRowsPerDay: number;
  adsCampaigns: number;
  /**
   * Days before `today` on which the second Ads campaign ("Generic - Shoes") had a one-day burst of
   * five times its usual traffic and spend (a bid left too high), so a report over the fake's
   * data has a real event to find; -1 for none.
   */
  adsSpikeDaysAgo: number;
  /** Changes the values of the last 3 days (late data) without touching older days. */
  recentVersion: number;
}

const SOURCE_MEDIUMS: [string, string, string][] = [
  ["google", "organic", "Organic Search"],
  ["google", "cpc", "Paid Search"],
  ["(direct)", "(none)", "Direct"],
  ["facebook.com", "referral", "Organic Social"],
  ["newsletter", "email", "Email"],
  ["bing", "organic", "Organic Search"],
  ["instagram", "paid_social", "Paid Social"],
  ["partner.example", "referral", "Referral"],
];
const CAMPAIGNS = ["(organic)", "(direct)", "spring_sale", "brand", "retargeting", "(referral)"];
const DEVICES = ["desktop", "mobile", "tablet"];
const COUNTRIES = [
  "United States",
  "United Kingdom",
  "Germany",
  "France",
  "Canada",
  "Australia",
  "Spain",
  "Italy",
  "Netherlands",
  "Brazil",
];
const LANDING_PAGES = Array.from({ length: 30 }, (_, i) => (i === 0 ? "/" : `/products/item-${i}`));
export const MAX_GA4_COMBINATIONS =
  SOURCE_MEDIUMS.length * CAMPAIGNS.length * DEVICES.length * COUNTRIES.length * LANDING_PAGES.length;

export interface Ga4Record {
  date: string;
  dimensions: Record<string, string>;
  metrics: Record<string, number>;
}

/** Whether `date` is a day the fake holds data for. */
export function hasData(settings: DataSettings, date: string): boolean {
  const back = dayDiff(date, settings.today);
  return back >= 0 && back < settings.historyDays;
}

function daySeed(settings: DataSettings, scope: string, date: string): number {
  const recent = dayDiff(date, settings.today) < 3 ? settings.recentVersion : 0;
  return hashString(`${settings.seed}|${scope}|${date}|${recent}`);
}

/** The combination behind row k: mixed radix, landing page fastest, so the first k are distinct. */
function ga4Dimensions(k: number, date: string): Record<string, string> {
  let rest = k;
  const lp = LANDING_PAGES[rest % LANDING_PAGES.length];
  rest = Math.floor(rest / LANDING_PAGES.length);
  const country = COUNTRIES[rest % COUNTRIES.length];
  rest = Math.floor(rest / COUNTRIES.length);
  const device = DEVICES[rest % DEVICES.length];
  rest = Math.floor(rest / DEVICES.length);
  const campaign = CAMPAIGNS[rest % CAMPAIGNS.length];
  rest = Math.floor(rest / CAMPAIGNS.length);
  const [source, medium, channel] = SOURCE_MEDIUMS[rest % SOURCE_MEDIUMS.length];
  return {
    date: date.replaceAll("-", ""),
    sessionDefaultChannelGroup: channel,
    sessionSource: source,
    sessionMedium: medium,
    sessionSourceMedium: `${source} / ${medium}`,
    sessionCampaignName: campaign,
    deviceCategory: device,
    country,
    landingPage: lp,
    landingPagePlusQueryString: lp,
  };
}

/**
 * The row's key events split by event (the Data API's `keyEvents:{eventName}` metrics), adding up
 * to its `keyEvents`: purchases as many as its transactions allow, the rest halved between leads
 * and sign-ups. Drawn from the row's own numbers, so no other value of the fake moves.
 */
function perEventKeyEvents(keyEvents: number, transactions: number): Record<string, number> {
  const purchase = Math.min(keyEvents, transactions);
  const lead = Math.floor((keyEvents - purchase) / 2);
  return {
    "keyEvents:purchase": purchase,
    "keyEvents:generate_lead": lead,
    "keyEvents:sign_up": keyEvents - purchase - lead,
  };
}

/**
 * Whether a row's users belong to a GA4 audience of the fake (the Data API's `audienceId`):
 * "1" All Users holds every row, "2" Purchasers the rows with a transaction, "3" Mobile visitors the rows of phones.
 */
export function inGa4Audience(record: Ga4Record, audienceId: string): boolean {
  if (audienceId === "1") return true;
  if (audienceId === "2") return record.metrics.transactions > 0;
  if (audienceId === "3") return record.dimensions.deviceCategory === "mobile";
  return false;
}

/** Calls `visit` for each row of one GA4 property's day, in order. */
export function forEachGa4Row(
  settings: DataSettings,
  property: string,
  date: string,
  visit: (record: Ga4Record, k: number) => void,
): void {
  if (!hasData(settings, date)) return;
  const random = mulberry32(daySeed(settings, property, date));
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const dayFactor = weekday === 0 || weekday === 6 ? 0.7 : 1;
  for (let k = 0; k < settings.ga4CombinationsPerDay; k++) {
    const weight = 1 + 40 / (1 + k / 8);
    const sessions = 1 + Math.floor(weight * dayFactor * (0.6 + random()));
    const totalUsers = Math.max(1, Math.round(sessions * (0.75 + 0.2 * random())));
    const transactions = Math.floor(sessions * 0.03 + random() * 0.6);
    // Drawn in the order the fake always drew them, so the served numbers stay what they were.
    const newUsers = Math.floor(totalUsers * (0.3 + 0.2 * random()));
    const engagedSessions = Math.floor(sessions * (0.5 + 0.3 * random()));
    const screenPageViews = sessions + Math.floor(sessions * 2 * random());
    const keyEvents = Math.floor(sessions * 0.08 + random() * 0.8);
    visit(
      {
        date,
        dimensions: ga4Dimensions(k, date),
        metrics: {
          sessions,
          totalUsers,
          newUsers,
          engagedSessions,
          screenPageViews,
          keyEvents,
          ...perEventKeyEvents(keyEvents, transactions),
          conversions: Math.floor(sessions * 0.08 + random() * 0.8),
          transactions,
          purchaseRevenue: Math.round(transactions * (20 + 80 * random()) * 100) / 100,
        },
      },
      k,
    );
  }
}

const GSC_QUERIES = [
  "northwind",
  "northwind shop",
  "buy trail shoes",
  "waterproof jacket",
  "northwind coupon",
  "hiking boots sale",
  "best rain jacket",
  "northwind returns",
];
const GSC_PAGES = [
  "https://www.northwind.example/",
  "https://www.northwind.example/shoes",
  "https://www.northwind.example/jackets",
];
const GSC_DEVICES = ["DESKTOP", "MOBILE", "TABLET"];
const GSC_COUNTRIES = ["usa", "gbr", "deu", "fra", "can"];

export interface GscRecord {
  date: string;
  query: string;
  page: string;
  device: string;
  country: string;
  clicks: number;
  impressions: number;
  position: number;
}

export function forEachGscRow(settings: DataSettings, site: string, date: string, visit: (r: GscRecord) => void) {
  if (!hasData(settings, date)) return;
  const random = mulberry32(daySeed(settings, site, date));
  for (let k = 0; k < settings.gscRowsPerDay; k++) {
    let rest = k;
    const country = GSC_COUNTRIES[rest % GSC_COUNTRIES.length];
    rest = Math.floor(rest / GSC_COUNTRIES.length);
    const device = GSC_DEVICES[rest % GSC_DEVICES.length];
    rest = Math.floor(rest / GSC_DEVICES.length);
    const page = GSC_PAGES[rest % GSC_PAGES.length];
    rest = Math.floor(rest / GSC_PAGES.length);
    const query = GSC_QUERIES[rest % GSC_QUERIES.length] + (rest >= GSC_QUERIES.length ? ` ${rest}` : "");
    const impressions = 5 + Math.floor((200 * random()) / (1 + k / 10));
    const clicks = Math.floor(impressions * 0.12 * random());
    // Search Console gives positions to about 1/10^n precision; one decimal is plenty for a fake.
    const position = Math.round((1 + 15 * random()) * 10) / 10;
    visit({ date, query, page, device, country, clicks, impressions, position });
  }
}

export interface AdsRecord {
  date: string;
  campaignId: string;
  campaignName: string;
  impressions: number;
  clicks: number;
  costMicros: number;
  conversions: number;
  conversionsValue: number;
}

export const adsCampaignName = (index: number) =>
  ["Brand - Search", "Generic - Shoes", "Retargeting - Display", "Spring Sale - PMax"][index] ??
  `Campaign ${index + 1}`;
export const adsCampaignId = (customerId: string, index: number) =>
  String(20_000_000_000 + (hashString(customerId) % 1000) * 100 + index);

export function forEachAdsRow(settings: DataSettings, customerId: string, date: string, visit: (r: AdsRecord) => void) {
  if (!hasData(settings, date)) return;
  const random = mulberry32(daySeed(settings, `ads|${customerId}`, date));
  for (let c = 0; c < settings.adsCampaigns; c++) {
    const impressions = 200 + Math.floor(5000 * random());
    const clicks = Math.floor(impressions * (0.01 + 0.05 * random()));
    // Micros are whole units of 1/1,000,000 of the account currency; Ads bills in cents, so whole cents.
    const costMicros = Math.round(clicks * (0.3 + 1.5 * random()) * 100) * 10_000;
    const conversions = Math.round(clicks * 0.05 * random() * 100) / 100;
    if (c === 1 && dayDiff(date, settings.today) === settings.adsSpikeDaysAgo) {
      // Four times the campaign's highest usual day, whatever the day's own draw was.
      const burst = (4 * 5200) / impressions;
      return void visit({
        date,
        campaignId: adsCampaignId(customerId, c),
        campaignName: adsCampaignName(c),
        impressions: 4 * 5200,
        clicks: Math.round(clicks * burst),
        costMicros: Math.round((costMicros * burst) / 10_000) * 10_000,
        conversions: Math.round(conversions * burst * 100) / 100,
        conversionsValue: Math.round(conversions * burst * (30 + 50 * random()) * 100) / 100,
      });
    }
    visit({
      date,
      campaignId: adsCampaignId(customerId, c),
      campaignName: adsCampaignName(c),
      impressions,
      clicks,
      costMicros,
      conversions,
      conversionsValue: Math.round(conversions * (30 + 50 * random()) * 100) / 100,
    });
  }
}

/** The Ads views the fake breaks a campaign's day down by (device: campaign segmented by device). */
export type AdsBreakdownResource =
  | "device"
  | "keyword_view"
  | "display_keyword_view"
  | "search_term_view"
  | "dynamic_search_ads_search_term_view"
  | "landing_page_view"
  | "geographic_view";

export const ADS_COUNTRY_CRITERIA: Record<string, string> = {
  "2840": "United States",
  "2826": "United Kingdom",
  "2124": "Canada",
  "2276": "Germany",
};

/** Each view's rows of a campaign's day: one value per field the view breaks it down by. */
const ADS_BREAKDOWN_VALUES: Record<AdsBreakdownResource, string[][]> = {
  device: [["MOBILE"], ["DESKTOP"], ["TABLET"]],
  keyword_view: [["running shoes"], ["trail shoes"], ["shoe sale"], ["northwind shoes"]],
  display_keyword_view: [["hiking gear"], ["trail running"], ["outdoor shoes"]],
  search_term_view: [
    ["buy running shoes"],
    ["best trail shoes 2026"],
    ["northwind outlet"],
    ["waterproof hiking boots"],
  ],
  dynamic_search_ads_search_term_view: [
    ["northwind trail runner", "https://www.northwind.example/products/trail"],
    ["northwind returns policy", "https://www.northwind.example/help/returns"],
    ["waterproof jacket women", "https://www.northwind.example/jackets"],
  ],
  landing_page_view: [
    ["https://www.northwind.example/"],
    ["https://www.northwind.example/sale"],
    ["https://www.northwind.example/products/trail?utm_source=google"],
  ],
  geographic_view: Object.keys(ADS_COUNTRY_CRITERIA).map((id) => [id]),
};

/** Splits an integer into parts by weights: the parts are whole and sum exactly to the total. */
function splitWhole(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  parts[0] += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/**
 * A campaign's day split over a breakdown's values, each part a whole number of impressions,
 * clicks, cents and hundredths of conversions, so the parts add up to the campaign's own row.
 */
export function splitAdsRecord(
  record: AdsRecord,
  resource: AdsBreakdownResource,
): { values: string[]; record: AdsRecord }[] {
  const values = ADS_BREAKDOWN_VALUES[resource];
  const weights = values.map((v) => 1 + (hashString(`${record.campaignId}|${record.date}|${v.join("|")}`) % 5));
  const impressions = splitWhole(record.impressions, weights);
  const clicks = splitWhole(record.clicks, weights);
  const cents = splitWhole(record.costMicros / 10_000, weights);
  const conversions = splitWhole(Math.round(record.conversions * 100), weights);
  const value = splitWhole(Math.round(record.conversionsValue * 100), weights);
  return values.map((v, i) => ({
    values: v,
    record: {
      ...record,
      impressions: impressions[i],
      clicks: clicks[i],
      costMicros: cents[i] * 10_000,
      conversions: conversions[i] / 100,
      conversionsValue: value[i] / 100,
    },
  }));
}
