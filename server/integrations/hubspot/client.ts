import "server-only";
import { Client, SEARCH_LIMITER_OPTIONS } from "@hubspot/api-client";
import { premiumConfig } from "../premium/config";
import { malformed, premiumError } from "../premium/http";

// HubSpot's official Node SDK (@hubspot/api-client), pointed at HUBSPOT_API_URL (the fake in
// tests). The SDK signs calls with the access token, retries 5xx and HubSpot's 429s (secondly and
// ten-secondly limits) with its own waits, and spaces calls through its limiter (HubSpot's search
// limit: a few requests a second per token).

export const PROVIDER = "HubSpot";

/** A client for one access token (none: the OAuth endpoints, which take the app's credentials). */
export function hubspotClient(accessToken?: string): Client {
  const c = premiumConfig();
  return new Client({
    ...(accessToken ? { accessToken } : {}),
    basePath: c.HUBSPOT_API_URL.replace(/\/$/, ""),
    numberOfApiCallRetries: Math.min(6, c.PREMIUM_RETRY_ATTEMPTS),
    limiterOptions: SEARCH_LIMITER_OPTIONS,
  });
}

/**
 * Runs one SDK call, turning its failures into the premium sources' typed errors: an HTTP answer by
 * its status and HubSpot's words (`{ status, message, category }`), a body that is not JSON as
 * malformed, no answer at all as the provider being unavailable.
 */
export async function hubspotCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const e = error as { code?: unknown; body?: { message?: unknown; category?: unknown } };
    if (typeof e.code === "number") {
      const message = typeof e.body?.message === "string" ? e.body.message : undefined;
      const category = typeof e.body?.category === "string" ? e.body.category : undefined;
      throw premiumError(PROVIDER, e.code, category && message ? `${category}: ${message}` : message);
    }
    if (error instanceof SyntaxError) throw malformed(PROVIDER, `not JSON: ${error.message.slice(0, 80)}`);
    throw premiumError(PROVIDER, 503, String(error).slice(0, 300));
  }
}
