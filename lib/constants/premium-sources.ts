// The premium sources (spec sections 3 and 9): a CRM shaped after HubSpot and an ecommerce platform
// shaped after Shopify (docs/decisions/0014-crm-and-ecommerce-sources.md), and Meta Ads
// (docs/decisions/0020-connectors-that-do-what-they-offer.md). Their OAuth callbacks are
// /callback/{integration}. The CRM and Meta Ads are on by default; the ecommerce platform only when
// the server's configuration switches it on.

export const PREMIUM_INTEGRATIONS = ["hubspot", "shopify", "meta"] as const;
export type PremiumIntegration = (typeof PREMIUM_INTEGRATIONS)[number];

export const PREMIUM_SOURCES: Record<
  PremiumIntegration,
  { kind: "crm" | "ecommerce" | "meta_ads"; provider: string; sourceName: string; label: string; description: string }
> = {
  hubspot: {
    kind: "crm",
    provider: "HubSpot",
    sourceName: "crm",
    label: "CRM (HubSpot)",
    description: "Deals by day: created, won and won value, through the pipeline stages.",
  },
  shopify: {
    kind: "ecommerce",
    provider: "Shopify",
    sourceName: "ecommerce",
    label: "Ecommerce platform (Shopify)",
    description: "Orders by day: orders, revenue, products sold, new and returning customers.",
  },
  meta: {
    kind: "meta_ads",
    provider: "Meta",
    sourceName: "meta-ads",
    label: "Meta Ads (Facebook and Instagram)",
    description:
      "Impressions, link clicks, spend, purchases and purchase value by campaign and day, split by platform and device; 37 months of history.",
  },
};

export const isPremiumIntegration = (value: string): value is PremiumIntegration =>
  (PREMIUM_INTEGRATIONS as readonly string[]).includes(value);

export const integrationOfKind = (kind: string): PremiumIntegration | undefined =>
  PREMIUM_INTEGRATIONS.find((i) => PREMIUM_SOURCES[i].kind === kind);

/** A Shopify store's own domain: `{name}.myshopify.com`. */
export const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/;

export const PREMIUM_MESSAGES = {
  unknownIntegration: "This integration does not exist",
  notEnabled: (provider: string) => `The ${provider} integration is not enabled on this server`,
  notConfigured: (provider: string) =>
    `${provider} sign-in is not set up on this server — ask whoever runs Funnelwise to add it; until then, upload exports`,
  shopInvalid: "Enter the store's myshopify.com domain, e.g. my-store.myshopify.com",
  stateInvalid: "This connection link is not valid, was already used or has expired. Please connect again",
  callbackForged: "The answer did not come from the provider. Please connect again",
  denied: (provider: string) => `Access denied. Please allow ${provider} to access your data to connect it`,
  exchangeFailed: (provider: string) => `${provider} refused to complete the connection. Please connect again`,
  noAdAccount:
    "This Meta login manages no ad account. Log in with a Facebook account that has access to the client's ad account",
  adAccountUnknown: "Choose one of the ad accounts this Meta login manages",
  accessRevoked: (provider: string) =>
    `${provider} no longer accepts this connection. Connect ${provider} again from the project's data sources`,
} as const;
