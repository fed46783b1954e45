import "server-only";
import sdk, { type FacebookAdsApi } from "facebook-nodejs-business-sdk";
import { PREMIUM_MESSAGES } from "@/lib/constants/premium-sources";
import { PARTNER_MESSAGES } from "@/lib/constants/partner-messages";
import { PartnerApiError, partnerMalformed } from "../partners/errors";
import { metaConfig } from "./config";
import { pauseFromHeaders, waitForAccount, type UsageHeaders } from "./rate-limit";

// The Marketing API through Meta's official SDK. The SDK always calls graph.facebook.com; a
// subclass of its API object hands every call the configured root instead (the SDK's own
// `urlOverride`), so tests reach e2e/fakes/meta. Its crash reporter (which would send our stack
// traces to Meta) stays off, and answers keep their headers so the usage headers can be honoured.

const PROVIDER = "Meta";

class ConfiguredApi extends sdk.FacebookAdsApi {
  call(
    method: string,
    path: string | string[],
    params?: Record<string, unknown>,
    files?: Record<string, unknown>,
    multipart?: boolean,
    urlOverride?: string,
  ) {
    const root = metaConfig().META_GRAPH_URL.replace(/\/$/, "");
    return super.call(method, path, params, files, multipart, urlOverride || root);
  }
}

/**
 * The API object of one token. With `headers`, answers carry their headers (what a cursor's pages
 * need for the usage headers); without, for single objects, whose data the SDK turns into
 * properties and cannot hold a `headers` field twice.
 */
export function metaApi(accessToken: string, { headers = false } = {}): FacebookAdsApi {
  return new ConfiguredApi(accessToken, "en_US", false).setShowHeader(headers);
}

/** Graph error codes that mean "slow down" (app, user, account and business use case limits). */
const THROTTLED = new Set([4, 17, 32, 613, 80000, 80001, 80002, 80003, 80004, 80005, 80006, 80008, 80009, 80014]);
/** Codes of a token the user no longer grants (expired, revoked, password changed). */
const TOKEN = new Set([102, 190, 463, 467]);

interface GraphErrorBody {
  message?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
}

/** A Graph API failure as the partner error the sync records, with Meta's own words as detail. */
export function metaError(raw: unknown): PartnerApiError {
  if (raw instanceof PartnerApiError) return raw;
  const error = raw as { status?: number | null; response?: GraphErrorBody | null; message?: string };
  // The SDK's bundle does not export its error class: it is known by its name and shape.
  if ((raw as Error | undefined)?.name !== "FacebookRequestError")
    return partnerMalformed(PROVIDER, String(raw).slice(0, 300));
  const body = error.response ?? {};
  const detail =
    `${error.status ?? "no answer"} (#${body.code ?? "?"}${body.error_subcode ? `/${body.error_subcode}` : ""}) ${body.message ?? error.message ?? ""}`.trim();
  if (error.status === null || error.status === undefined)
    return new PartnerApiError("unavailable", 503, PARTNER_MESSAGES.unavailable(PROVIDER), detail);
  if (body.code !== undefined && TOKEN.has(body.code))
    return new PartnerApiError("key", 502, PREMIUM_MESSAGES.accessRevoked(PROVIDER), detail);
  if (body.code !== undefined && THROTTLED.has(body.code))
    return new PartnerApiError("quota", 429, PARTNER_MESSAGES.quota(PROVIDER), detail);
  if (body.code === 1 || body.code === 2 || error.status >= 500)
    return new PartnerApiError("unavailable", 503, PARTNER_MESSAGES.unavailable(PROVIDER), detail);
  if (body.code === 10 || body.code === 200 || body.code === 272 || body.error_subcode === 33)
    return new PartnerApiError("notFound", 502, PARTNER_MESSAGES.notFound(PROVIDER), detail);
  return new PartnerApiError("request", 502, PARTNER_MESSAGES.refused(PROVIDER), detail);
}

/**
 * One Graph call for an ad account, within Meta's limits: it waits while the account is paused,
 * reads the usage headers of the answer (slowing down before Meta throttles), and when Meta throttles
 * anyway waits the time its headers give and tries again, as long as the waits stay under the
 * configured maximum. Outages are tried again a few times; everything else fails at once.
 */
export async function graphCall<T>(
  accountId: string,
  call: () => Promise<T>,
  headersOf: (answer: T) => UsageHeaders | undefined,
): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    await waitForAccount(accountId);
    try {
      const answer = await call();
      pauseFromHeaders(accountId, headersOf(answer));
      return answer;
    } catch (raw) {
      const error = metaError(raw);
      const headers = (raw as { headers?: UsageHeaders }).headers;
      const paused = pauseFromHeaders(accountId, headers ?? undefined, error.kind === "quota");
      const waited = Date.now() - started;
      const { META_RATE_LIMIT_MAX_WAIT_MS: maxWait, META_RATE_LIMIT_MINUTE_MS: minute } = metaConfig();
      if (error.kind === "quota" && waited + paused <= maxWait) continue;
      if (error.kind === "unavailable" && attempt < 3) {
        await new Promise((r) => setTimeout(r, Math.min(minute, 250 * 2 ** attempt)));
        continue;
      }
      throw error;
    }
  }
}
