import "server-only";
import type { OAuth2Client } from "./auth";
import { googleConfig } from "./config";
import { googleMalformedError } from "./errors";
import { limited } from "./limiter";
import { withRetry } from "./retry";

// The Google Ads API over REST (googleapis has no Ads client): listAccessibleCustomers and GAQL
// through googleAds:searchStream, signed by the OAuth2 client (which refreshes the token and
// retries a 401 once). Every call needs the developer token.

function adsUrl(path: string): string {
  const config = googleConfig();
  return `${config.GOOGLE_ADS_API_URL}${config.GOOGLE_ADS_API_VERSION}/${path}`;
}

function adsHeaders(): Record<string, string> {
  const config = googleConfig();
  const headers: Record<string, string> = { "developer-token": config.GOOGLE_ADS_DEVELOPER_TOKEN ?? "" };
  if (config.GOOGLE_ADS_LOGIN_CUSTOMER_ID) headers["login-customer-id"] = config.GOOGLE_ADS_LOGIN_CUSTOMER_ID;
  return headers;
}

export async function listAccessibleCustomers(auth: OAuth2Client): Promise<string[]> {
  const data = await withRetry(async () => {
    const response = await auth.request<unknown>({
      url: adsUrl("customers:listAccessibleCustomers"),
      method: "GET",
      headers: adsHeaders(),
      retry: false,
    });
    if (!response.data || typeof response.data !== "object") throw googleMalformedError("not a JSON object");
    return response.data as { resourceNames?: string[] };
  });
  return (data.resourceNames ?? []).map((name) => name.replace(/^customers\//, ""));
}

export type AdsRow = Record<string, Record<string, unknown> | undefined>;

/** Runs a GAQL query and returns every row of every batch of the stream. */
export async function searchStream(auth: OAuth2Client, customerId: string, query: string): Promise<AdsRow[]> {
  return withRetry(() =>
    limited(`ads:${customerId}`, async () => {
      const response = await auth.request<unknown>({
        url: adsUrl(`customers/${customerId}/googleAds:searchStream`),
        method: "POST",
        headers: { ...adsHeaders(), "content-type": "application/json" },
        data: { query },
        retry: false,
      });
      if (!Array.isArray(response.data))
        throw googleMalformedError("searchStream answer is not a JSON array of batches");
      return (response.data as { results?: AdsRow[] }[]).flatMap((batch) => batch.results ?? []);
    }),
  );
}

export async function describeCustomer(auth: OAuth2Client, customerId: string) {
  const rows = await searchStream(
    auth,
    customerId,
    "SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone FROM customer",
  );
  const customer = rows[0]?.customer ?? {};
  return {
    id: customerId,
    name: String(customer.descriptiveName ?? customerId),
    currencyCode: String(customer.currencyCode ?? ""),
    timeZone: String(customer.timeZone ?? ""),
  };
}

export async function listCampaigns(auth: OAuth2Client, customerId: string) {
  const rows = await searchStream(
    auth,
    customerId,
    "SELECT campaign.id, campaign.name, campaign.status FROM campaign WHERE campaign.status != 'REMOVED' ORDER BY campaign.name",
  );
  return rows.map((r) => ({
    id: String(r.campaign?.id ?? ""),
    name: String(r.campaign?.name ?? ""),
    status: String(r.campaign?.status ?? ""),
  }));
}
