import { z } from "zod";

// The premium sources' settings (HubSpot CRM, Shopify ecommerce), read from the environment on
// first use. The CRM is enabled unless CRM_ENABLED=0; the ecommerce platform only with
// ECOMMERCE_ENABLED=1. Without app credentials an enabled integration is offered but refuses to
// connect with a message naming what is missing. The base URLs default to the providers' own;
// tests and journeys point them at e2e/fakes/hubspot and e2e/fakes/shopify.

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));
const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? fallback : ["1", "true", "yes", "on"].includes(v.trim())));
const slash = (url: string) => (url.endsWith("/") ? url : `${url}/`);

const schema = z.object({
  CRM_ENABLED: flag(true),
  /** Meta Ads is offered unless META_ENABLED=0 (server/integrations/meta/config.ts holds its app). */
  META_ENABLED: flag(true),
  ECOMMERCE_ENABLED: flag(false),
  HUBSPOT_CLIENT_ID: optional,
  HUBSPOT_CLIENT_SECRET: optional,
  /** HubSpot's consent page. */
  HUBSPOT_AUTH_URL: z.string().url().default("https://app.hubspot.com/oauth/authorize"),
  /** HubSpot's API root (OAuth token endpoint and CRM API). */
  HUBSPOT_API_URL: z.string().url().default("https://api.hubapi.com/").transform(slash),
  SHOPIFY_CLIENT_ID: optional,
  SHOPIFY_CLIENT_SECRET: optional,
  /** A store's root; `{shop}` is replaced by its myshopify.com domain. */
  SHOPIFY_SHOP_URL: z
    .string()
    .default("https://{shop}/")
    .refine((v) => v.includes("{shop}"), "SHOPIFY_SHOP_URL must contain {shop}")
    .transform(slash),
  /** The Admin API version; unset: the Shopify library's latest stable version. */
  SHOPIFY_API_VERSION: optional,
  /** First backoff step on 429 and 5xx; each retry waits a random time up to base × 2^attempt. */
  PREMIUM_RETRY_BASE_MS: z.coerce.number().int().nonnegative().default(1000),
  PREMIUM_RETRY_ATTEMPTS: z.coerce.number().int().positive().default(4),
});
export type PremiumConfig = z.infer<typeof schema>;

let cached: PremiumConfig | undefined;

export function premiumConfig(): PremiumConfig {
  cached ??= schema.parse(process.env);
  return cached;
}

/** Tests change the environment between files: forget the parsed copy. */
export function resetPremiumConfig(): void {
  cached = undefined;
}

/** Which premium integrations this server offers. */
export function premiumEnabled(): { hubspot: boolean; shopify: boolean; meta: boolean } {
  const c = premiumConfig();
  return { hubspot: c.CRM_ENABLED, shopify: c.ECOMMERCE_ENABLED, meta: c.META_ENABLED };
}

export const shopUrl = (shop: string, path: string) =>
  new URL(path.replace(/^\//, ""), premiumConfig().SHOPIFY_SHOP_URL.replace("{shop}", shop));
