import type { Dimension as DimensionKey } from "@/lib/catalogue/dimensions";

// What the demo client's two sites look like: channels, their sources and campaigns, pages,
// devices, countries, conversion rates and ads economics. Pure data; series.ts turns it into days.

export interface ChannelOption {
  source: string;
  medium: string;
  campaign: string;
  /** Share of the channel's sessions. */
  share: number;
  /** Ads economics when the rows carry impressions, clicks and cost. */
  ads?: { ctr: number; cpc: number; clicksPerSession?: number };
  /** Landing pages this option lands on (else the site's usual pages). */
  pages?: string[];
}

export interface ChannelProfile {
  channel: string;
  /** Share of the site's sessions. */
  share: number;
  options: ChannelOption[];
  engagement: number;
  conversionRate: number;
}

export interface SiteProfile {
  key: "store" | "leads";
  siteType: "ecommerce" | "lead_generation";
  projectName: string;
  url: string;
  /** Sessions on an ordinary day at the start of the period. */
  dailySessions: number;
  /** Growth over a year (0.12: +12%). */
  yearlyGrowth: number;
  channels: ChannelProfile[];
  pages: { path: string; share: number }[];
  devices: { value: string; share: number; conversion: number }[];
  countries: { value: string; share: number }[];
  pagesPerSession: number;
  /** Ecommerce: average order value. */
  orderValue?: number;
  seed: number;
}

const organic = (engines: [string, number][]) =>
  engines.map(([source, share]) => ({ source, medium: "organic", campaign: "(organic)", share }));

export const STORE: SiteProfile = {
  key: "store",
  siteType: "ecommerce",
  projectName: "Northwind Outfitters Store",
  url: "https://shop.northwind-outfitters.example",
  dailySessions: 4200,
  yearlyGrowth: 0.12,
  pagesPerSession: 4.1,
  orderValue: 94,
  seed: 20240611,
  channels: [
    {
      channel: "Organic Search",
      share: 0.34,
      engagement: 0.66,
      conversionRate: 0.018,
      options: organic([
        ["google", 0.9],
        ["bing", 0.1],
      ]),
    },
    {
      channel: "Paid Search",
      share: 0.18,
      engagement: 0.62,
      conversionRate: 0.024,
      options: [
        {
          source: "google",
          medium: "cpc",
          campaign: "Brand - Exact",
          share: 0.3,
          ads: { ctr: 0.19, cpc: 0.42 },
          pages: ["/"],
        },
        {
          source: "google",
          medium: "cpc",
          campaign: "Generic - Hiking Boots",
          share: 0.32,
          ads: { ctr: 0.055, cpc: 1.35 },
          pages: ["/collections/hiking-boots"],
        },
        {
          source: "google",
          medium: "cpc",
          campaign: "Generic - Rain Jackets",
          share: 0.18,
          ads: { ctr: 0.05, cpc: 1.2 },
          pages: ["/collections/rain-jackets"],
        },
        {
          source: "google",
          medium: "cpc",
          campaign: "Shopping - All Products",
          share: 0.2,
          ads: { ctr: 0.012, cpc: 0.68 },
          pages: ["/products/trailhead-gtx-boot", "/products/stormline-shell-jacket"],
        },
      ],
    },
    {
      channel: "Direct",
      share: 0.14,
      engagement: 0.7,
      conversionRate: 0.026,
      options: [{ source: "(direct)", medium: "(none)", campaign: "(direct)", share: 1 }],
    },
    {
      channel: "Referral",
      share: 0.06,
      engagement: 0.6,
      conversionRate: 0.015,
      options: [
        { source: "outdoorgearlab.com", medium: "referral", campaign: "(referral)", share: 0.5 },
        { source: "reddit.com", medium: "referral", campaign: "(referral)", share: 0.3 },
        // A self-referral: the checkout on the shop's own subdomain breaks sessions.
        {
          source: "checkout.northwind-outfitters.example",
          medium: "referral",
          campaign: "(referral)",
          share: 0.2,
          pages: ["/checkout/thank-you"],
        },
      ],
    },
    {
      channel: "Email",
      share: 0.08,
      engagement: 0.72,
      conversionRate: 0.034,
      options: [
        { source: "newsletter", medium: "email", campaign: "weekly_digest", share: 0.75 },
        // A customer's address ends up in the URL of the cart-recovery emails.
        {
          source: "newsletter",
          medium: "email",
          campaign: "abandoned_cart",
          share: 0.23,
          pages: ["/cart/recover?email=jane.doe@example.com"],
        },
        {
          source: "newsletter",
          medium: "email",
          campaign: "flash_sale_48h",
          share: 0.02,
          pages: ["/collections/sale"],
        },
      ],
    },
    {
      channel: "Social",
      share: 0.09,
      engagement: 0.45,
      conversionRate: 0.008,
      options: [
        // Case-variant UTM values: two teams tag the same network differently.
        { source: "facebook", medium: "social", campaign: "(not set)", share: 0.42 },
        { source: "Facebook", medium: "social", campaign: "(not set)", share: 0.23 },
        { source: "instagram", medium: "social", campaign: "(not set)", share: 0.35 },
      ],
    },
    {
      channel: "Display",
      share: 0.05,
      engagement: 0.38,
      conversionRate: 0.006,
      options: [
        {
          source: "google",
          medium: "display",
          campaign: "Remarketing - Visitors 30d",
          share: 0.55,
          ads: { ctr: 0.006, cpc: 0.55 },
        },
        // Ads clicks far above the sessions they bring: an analytics/ads mismatch to find.
        {
          source: "google",
          medium: "display",
          campaign: "Prospecting - Outdoor Interests",
          share: 0.45,
          ads: { ctr: 0.004, cpc: 0.38, clicksPerSession: 2.3 },
        },
      ],
    },
    {
      channel: "(not set)",
      share: 0.06,
      engagement: 0.3,
      conversionRate: 0.01,
      options: [{ source: "(not set)", medium: "(not set)", campaign: "(not set)", share: 1 }],
    },
  ],
  pages: [
    { path: "/", share: 0.3 },
    { path: "/collections/hiking-boots", share: 0.16 },
    { path: "/collections/rain-jackets", share: 0.12 },
    { path: "/products/trailhead-gtx-boot", share: 0.1 },
    { path: "/products/stormline-shell-jacket", share: 0.08 },
    { path: "/blog/how-to-choose-hiking-boots", share: 0.14 },
    { path: "/collections/sale", share: 0.1 },
  ],
  devices: [
    { value: "mobile", share: 0.52, conversion: 0.7 },
    { value: "desktop", share: 0.4, conversion: 1.35 },
    { value: "tablet", share: 0.08, conversion: 1 },
  ],
  countries: [
    { value: "United States", share: 0.58 },
    { value: "Canada", share: 0.16 },
    { value: "United Kingdom", share: 0.14 },
    { value: "Germany", share: 0.12 },
  ],
};

export const LEADS: SiteProfile = {
  key: "leads",
  siteType: "lead_generation",
  projectName: "Northwind Corporate Uniforms",
  url: "https://uniforms.northwind-outfitters.example",
  dailySessions: 1300,
  yearlyGrowth: 0.08,
  pagesPerSession: 2.8,
  seed: 19870404,
  channels: [
    {
      channel: "Organic Search",
      share: 0.38,
      engagement: 0.61,
      conversionRate: 0.021,
      options: organic([
        ["google", 0.86],
        ["bing", 0.14],
      ]),
    },
    {
      channel: "Paid Search",
      share: 0.22,
      engagement: 0.58,
      conversionRate: 0.034,
      options: [
        {
          source: "google",
          medium: "cpc",
          campaign: "Brand - Northwind Uniforms",
          share: 0.25,
          ads: { ctr: 0.17, cpc: 0.9 },
          pages: ["/"],
        },
        {
          source: "google",
          medium: "cpc",
          campaign: "Generic - Workwear Supplier",
          share: 0.45,
          ads: { ctr: 0.042, cpc: 4.1 },
          pages: ["/workwear"],
        },
        {
          source: "google",
          medium: "cpc",
          campaign: "Generic - Hospitality Uniforms",
          share: 0.3,
          ads: { ctr: 0.038, cpc: 3.6 },
          pages: ["/hospitality-uniforms"],
        },
      ],
    },
    {
      channel: "Direct",
      share: 0.15,
      engagement: 0.66,
      conversionRate: 0.03,
      options: [{ source: "(direct)", medium: "(none)", campaign: "(direct)", share: 1 }],
    },
    {
      channel: "Referral",
      share: 0.06,
      engagement: 0.63,
      conversionRate: 0.025,
      options: [
        { source: "industrysupplyhub.com", medium: "referral", campaign: "(referral)", share: 0.6 },
        {
          source: "uniforms.northwind-outfitters.example",
          medium: "referral",
          campaign: "(referral)",
          share: 0.4,
          pages: ["/quote"],
        },
      ],
    },
    {
      channel: "Email",
      share: 0.07,
      engagement: 0.69,
      conversionRate: 0.04,
      options: [
        { source: "hubspot", medium: "email", campaign: "monthly_newsletter", share: 0.8 },
        {
          source: "hubspot",
          medium: "email",
          campaign: "webinar_uniform_trends",
          share: 0.03,
          pages: ["/webinars/uniform-trends"],
        },
        {
          source: "hubspot",
          medium: "email",
          campaign: "quote_follow_up",
          share: 0.17,
          pages: ["/quote/thank-you?contact=mark.smith@acme-corp.example"],
        },
      ],
    },
    {
      channel: "Social",
      share: 0.06,
      engagement: 0.48,
      conversionRate: 0.012,
      options: [
        { source: "linkedin", medium: "social", campaign: "(not set)", share: 0.55 },
        { source: "LinkedIn", medium: "social", campaign: "(not set)", share: 0.3 },
        { source: "facebook", medium: "social", campaign: "(not set)", share: 0.15 },
      ],
    },
    {
      channel: "Display",
      share: 0.03,
      engagement: 0.35,
      conversionRate: 0.008,
      options: [
        {
          source: "google",
          medium: "display",
          campaign: "Remarketing - Quote Visitors",
          share: 1,
          ads: { ctr: 0.005, cpc: 0.8 },
        },
      ],
    },
    {
      channel: "(not set)",
      share: 0.03,
      engagement: 0.3,
      conversionRate: 0.012,
      options: [{ source: "(not set)", medium: "(not set)", campaign: "(not set)", share: 1 }],
    },
  ],
  pages: [
    { path: "/", share: 0.28 },
    { path: "/workwear", share: 0.2 },
    { path: "/hospitality-uniforms", share: 0.16 },
    { path: "/quote", share: 0.14 },
    { path: "/case-studies", share: 0.1 },
    { path: "/blog/choosing-durable-workwear", share: 0.12 },
  ],
  devices: [
    { value: "desktop", share: 0.66, conversion: 1.2 },
    { value: "mobile", share: 0.29, conversion: 0.55 },
    { value: "tablet", share: 0.05, conversion: 0.9 },
  ],
  countries: [
    { value: "United States", share: 0.7 },
    { value: "Canada", share: 0.18 },
    { value: "United Kingdom", share: 0.12 },
  ],
};

export const DEMO_DIMENSIONS: DimensionKey[] = [
  "channel",
  "source",
  "medium",
  "campaign",
  "device",
  "country",
  "landingPage",
];
