import { afterEach, describe, expect, it } from "vitest";
import { resetPremiumConfig } from "../premium/config";
import { LATEST_STABLE_VERSION, routedShopUrl, shopifyApiVersion } from "./client";

// The Shopify library calls https://{shop}/...; the app routes that through SHOPIFY_SHOP_URL.
describe("Shopify library routing and version", () => {
  afterEach(() => {
    delete process.env.SHOPIFY_SHOP_URL;
    delete process.env.SHOPIFY_API_VERSION;
    resetPremiumConfig();
  });

  it("leaves a store's own URL as it is by default, and routes it to the fake when set", () => {
    const url = `https://demo.myshopify.com/admin/api/${LATEST_STABLE_VERSION}/orders.json?limit=250`;
    expect(routedShopUrl(url)).toBe(url);
    process.env.SHOPIFY_SHOP_URL = "http://127.0.0.1:4650/shops/{shop}/";
    resetPremiumConfig();
    expect(routedShopUrl(url)).toBe(
      `http://127.0.0.1:4650/shops/demo.myshopify.com/admin/api/${LATEST_STABLE_VERSION}/orders.json?limit=250`,
    );
  });

  it("names the newest stable version unless a known one is asked for", () => {
    expect(LATEST_STABLE_VERSION).toMatch(/^\d{4}-\d{2}$/);
    expect(shopifyApiVersion()).toBe(LATEST_STABLE_VERSION);
    process.env.SHOPIFY_API_VERSION = "2025-01";
    resetPremiumConfig();
    expect(shopifyApiVersion()).toBe("2025-01");
    process.env.SHOPIFY_API_VERSION = "2024-01";
    resetPremiumConfig();
    expect(shopifyApiVersion()).toBe(LATEST_STABLE_VERSION);
  });
});
