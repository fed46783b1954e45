import "server-only";
import "@shopify/shopify-api/adapters/web-api";
import { ApiVersion, HttpResponseError, Session, shopifyApi, type Shopify } from "@shopify/shopify-api";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { premiumConfig, shopUrl } from "../premium/config";
import { errorDetail, malformed, premiumError } from "../premium/http";

// Shopify's official Node library (@shopify/shopify-api) for the Admin REST API: it sends the
// access token and the API version, retries 429 (Retry-After) and 5xx, and reads the Link header's
// cursor pages. The library always calls https://{shop}/; the fetch it uses is the runtime's, routed
// through SHOPIFY_SHOP_URL so tests reach the local fake (the URL is unchanged in production).

export const PROVIDER = "Shopify";

/** The newest stable version the library knows (Shopify supports each for a year; older ones are retired). */
export const LATEST_STABLE_VERSION = (Object.values(ApiVersion) as string[])
  .filter((v) => /^\d{4}-\d{2}$/.test(v))
  .sort()
  .at(-1) as ApiVersion;

/** The version every call names: the newest stable one, or SHOPIFY_API_VERSION if the library knows it. */
export function shopifyApiVersion(): ApiVersion {
  const wanted = premiumConfig().SHOPIFY_API_VERSION;
  const known = Object.values(ApiVersion) as string[];
  return (wanted && known.includes(wanted) ? wanted : LATEST_STABLE_VERSION) as ApiVersion;
}

/** https://{shop}/path -> SHOPIFY_SHOP_URL with the shop (the same URL with the default setting). */
export function routedShopUrl(url: string): string {
  const u = new URL(url);
  return shopUrl(u.host, `${u.pathname}${u.search}`).toString();
}

setAbstractFetchFunc((input, init) =>
  fetch(typeof input === "string" || input instanceof URL ? routedShopUrl(String(input)) : input, init),
);

let api: { key: string; library: Shopify } | undefined;

function library(): Shopify {
  const c = premiumConfig();
  const key = `${c.SHOPIFY_CLIENT_ID}|${c.SHOPIFY_API_VERSION}`;
  if (api?.key !== key)
    api = {
      key,
      library: shopifyApi({
        apiKey: c.SHOPIFY_CLIENT_ID ?? "unset",
        apiSecretKey: c.SHOPIFY_CLIENT_SECRET ?? "unset",
        apiVersion: shopifyApiVersion(),
        hostName: new URL(process.env.APP_URL ?? "http://localhost").host,
        isEmbeddedApp: false,
        logger: { level: 0, log: () => undefined },
      }),
    };
  return api.library;
}

/** A REST client for one store's offline token. */
export function shopifyRest(shop: string, accessToken: string) {
  const lib = library();
  const session = new Session({ id: `offline_${shop}`, shop, state: "", isOnline: false, accessToken });
  return new lib.clients.Rest({ session });
}

/** Retries of 429 and 5xx the library makes before an error reaches the sync (which retries the job). */
export const shopifyTries = () => Math.min(4, premiumConfig().PREMIUM_RETRY_ATTEMPTS);

/** Runs one library call, turning its failures into the premium sources' typed errors. */
export async function shopifyCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpResponseError) {
      const body = error.response.body;
      throw premiumError(
        PROVIDER,
        error.response.code,
        body === undefined ? undefined : errorDetail(typeof body === "string" ? body : JSON.stringify(body)),
      );
    }
    if (error instanceof SyntaxError) throw malformed(PROVIDER, `not JSON: ${error.message.slice(0, 80)}`);
    throw premiumError(PROVIDER, 503, String(error).slice(0, 300));
  }
}
