import "server-only";
// One API module rather than the whole googleapis package, which loads every Google API (about 110 MB).
import { analyticsadmin } from "googleapis/build/src/apis/analyticsadmin";
import type { OAuth2Client } from "./auth";
import { googleConfig } from "./config";
import { googleMalformedError } from "./errors";
import { limited } from "./limiter";
import { withRetry } from "./retry";

// GA4 accounts, properties, key (conversion) events and audiences through the Admin API.

const admin = (auth: OAuth2Client) =>
  analyticsadmin({ version: "v1beta", auth, rootUrl: googleConfig().GOOGLE_API_ROOT_URL, retry: false });
// Audiences are only in v1alpha.
const adminAlpha = (auth: OAuth2Client) =>
  analyticsadmin({ version: "v1alpha", auth, rootUrl: googleConfig().GOOGLE_API_ROOT_URL, retry: false });

/** Follows `nextPageToken` to the end; an answer that is not a JSON object is a malformed response. */
export async function allPages<T>(
  fetchPage: (pageToken: string | undefined) => Promise<{ data: unknown }>,
  items: (data: Record<string, unknown>) => T[] | undefined,
): Promise<T[]> {
  const out: T[] = [];
  let pageToken: string | undefined;
  do {
    const { data } = await withRetry(async () => {
      const response = await fetchPage(pageToken);
      if (!response.data || typeof response.data !== "object") throw googleMalformedError("not a JSON object");
      return response as { data: Record<string, unknown> };
    });
    out.push(...(items(data) ?? []));
    pageToken = (data.nextPageToken as string | undefined) || undefined;
  } while (pageToken);
  return out;
}

export interface Ga4Account {
  id: string;
  name: string;
  properties: { id: string; name: string }[];
}

export async function listGa4Accounts(auth: OAuth2Client): Promise<Ga4Account[]> {
  const api = admin(auth);
  const summaries = await allPages(
    (pageToken) => api.accountSummaries.list({ pageSize: 200, pageToken }),
    (data) =>
      data.accountSummaries as {
        account?: string;
        displayName?: string;
        propertySummaries?: { property?: string; displayName?: string }[];
      }[],
  );
  return summaries.map((s) => ({
    id: s.account ?? "",
    name: s.displayName ?? "",
    properties: (s.propertySummaries ?? []).map((p) => ({ id: p.property ?? "", name: p.displayName ?? "" })),
  }));
}

export interface Ga4Property {
  id: string;
  name: string;
  timeZone: string | null;
  currencyCode: string | null;
}

export async function listGa4Properties(auth: OAuth2Client, account: string): Promise<Ga4Property[]> {
  const api = admin(auth);
  const properties = await allPages(
    (pageToken) => api.properties.list({ filter: `parent:${account}`, pageSize: 200, pageToken }),
    (data) => data.properties as { name?: string; displayName?: string; timeZone?: string; currencyCode?: string }[],
  );
  return properties.map((p) => ({
    id: p.name ?? "",
    name: p.displayName ?? "",
    timeZone: p.timeZone ?? null,
    currencyCode: p.currencyCode ?? null,
  }));
}

/** Key events (what GA4 called conversion events until 2024). */
export async function listGa4KeyEvents(
  auth: OAuth2Client,
  property: string,
): Promise<{ id: string; eventName: string }[]> {
  const api = admin(auth);
  const events = await limited(property, () =>
    allPages(
      (pageToken) => api.properties.keyEvents.list({ parent: property, pageSize: 200, pageToken }),
      (data) => data.keyEvents as { name?: string; eventName?: string }[],
    ),
  );
  return events.map((e) => ({ id: e.name ?? "", eventName: e.eventName ?? "" }));
}

export async function listGa4Audiences(auth: OAuth2Client, property: string): Promise<{ id: string; name: string }[]> {
  const api = adminAlpha(auth);
  const audiences = await limited(property, () =>
    allPages(
      (pageToken) => api.properties.audiences.list({ parent: property, pageSize: 200, pageToken }),
      (data) => data.audiences as { name?: string; displayName?: string }[],
    ),
  );
  return audiences.map((a) => ({ id: a.name ?? "", name: a.displayName ?? "" }));
}
