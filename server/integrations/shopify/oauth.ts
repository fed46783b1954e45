import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { premiumConfig, shopUrl } from "../premium/config";
import { malformed, premiumFetch } from "../premium/http";
import { PROVIDER, shopifyCall, shopifyRest, shopifyTries } from "./client";

// Shopify OAuth (authorization code grant): https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/authorization-code-grant
// - consent:  GET  https://{shop}/admin/oauth/authorize?client_id&scope&redirect_uri&state
// - callback: ?code&hmac&host&shop&state&timestamp, `hmac` = HMAC-SHA256 (hex, app secret) of the
//             other parameters sorted by name and joined as k=v with &
// - token:    POST https://{shop}/admin/oauth/access_token { client_id, client_secret, code } -> { access_token, scope }
//             (an offline token: it does not expire)
//             (one POST with the app's secret: the library's auth.callback keeps its own state cookie, which
//             the app's signed state replaces, so the exchange is made here)
// - shop:     GET  https://{shop}/admin/api/{version}/shop.json -> { shop: { id, name, myshopify_domain, currency, iana_timezone } }
//             through the Shopify library's REST client (client.ts)

export { PROVIDER };
export const SHOPIFY_SCOPES = ["read_orders", "read_customers"];
export const accessHeader = (token: string) => ({ "x-shopify-access-token": token });

export function shopifyAuthorizeUrl({
  shop,
  redirectUri,
  state,
}: {
  shop: string;
  redirectUri: string;
  state: string;
}) {
  const url = shopUrl(shop, "admin/oauth/authorize");
  url.searchParams.set("client_id", premiumConfig().SHOPIFY_CLIENT_ID ?? "");
  url.searchParams.set("scope", SHOPIFY_SCOPES.join(","));
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("state", state);
  return url.toString();
}

/** The callback's query signed by Shopify with the app secret (hmac), checked in constant time. */
export function validShopifyHmac(query: URLSearchParams): boolean {
  const secret = premiumConfig().SHOPIFY_CLIENT_SECRET;
  const given = query.get("hmac");
  if (!secret || !given) return false;
  const message = [...query.entries()]
    .filter(([k]) => k !== "hmac" && k !== "signature")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const expected = Buffer.from(createHmac("sha256", secret).update(message).digest("hex"));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export async function exchangeShopifyCode({ shop, code }: { shop: string; code: string }): Promise<string> {
  const c = premiumConfig();
  const { body } = await premiumFetch(PROVIDER, shopUrl(shop, "admin/oauth/access_token"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_id: c.SHOPIFY_CLIENT_ID, client_secret: c.SHOPIFY_CLIENT_SECRET, code }),
  });
  const token = (body as { access_token?: unknown }).access_token;
  if (typeof token !== "string") throw malformed(PROVIDER, "token answer without access_token");
  return token;
}

export interface ShopInfo {
  id: string;
  name: string;
  domain: string;
  currency: string | null;
  timeZone: string | null;
}

export async function getShop(shop: string, accessToken: string): Promise<ShopInfo> {
  const { body } = await shopifyCall(() =>
    shopifyRest(shop, accessToken).get<{ shop?: Record<string, unknown> }>({ path: "shop", tries: shopifyTries() }),
  );
  const s = body.shop;
  if (!s || s.id === undefined) throw malformed(PROVIDER, "shop answer without shop");
  return {
    id: String(s.id),
    name: String(s.name ?? shop),
    domain: String(s.myshopify_domain ?? shop),
    currency: typeof s.currency === "string" ? s.currency : null,
    timeZone: typeof s.iana_timezone === "string" ? s.iana_timezone : null,
  };
}
