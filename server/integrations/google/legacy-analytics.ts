import "server-only";
// One API module rather than the whole googleapis package, which loads every Google API (about 110 MB).
import { analytics } from "googleapis/build/src/apis/analytics";
import type { OAuth2Client } from "./auth";
import { googleConfig } from "./config";
import { googleMalformedError } from "./errors";
import { withRetry } from "./retry";

// Universal Analytics (the legacy generation) through the Management API v3: accounts, web
// properties, views (profiles), goals and segments, for the wizard's selections. Collections page
// with start-index / max-results.

const api = (auth: OAuth2Client) =>
  analytics({ version: "v3", auth, rootUrl: googleConfig().GOOGLE_API_ROOT_URL, retry: false });

interface Collection {
  items?: Record<string, unknown>[];
  totalResults?: number;
  itemsPerPage?: number;
  startIndex?: number;
}

async function allItems(fetch: (startIndex: number) => Promise<{ data: unknown }>): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let start = 1; ;) {
    const data = await withRetry(async () => {
      const response = await fetch(start);
      if (!response.data || typeof response.data !== "object") throw googleMalformedError("not a JSON object");
      return response.data as Collection;
    });
    const items = data.items ?? [];
    out.push(...items);
    start += items.length;
    if (items.length === 0 || start > (data.totalResults ?? 0)) return out;
  }
}

const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));

export async function listUaAccounts(auth: OAuth2Client) {
  const items = await allItems((startIndex) =>
    api(auth).management.accounts.list({ "start-index": startIndex, "max-results": 1000 }),
  );
  return items.map((a) => ({ id: str(a.id), name: str(a.name) }));
}

export async function listUaProperties(auth: OAuth2Client, accountId: string) {
  const items = await allItems((startIndex) =>
    api(auth).management.webproperties.list({ accountId, "start-index": startIndex, "max-results": 1000 }),
  );
  return items.map((w) => ({ id: str(w.id), name: str(w.name), websiteUrl: str(w.websiteUrl) }));
}

export async function listUaProfiles(auth: OAuth2Client, accountId: string, webPropertyId: string) {
  const items = await allItems((startIndex) =>
    api(auth).management.profiles.list({ accountId, webPropertyId, "start-index": startIndex, "max-results": 1000 }),
  );
  return items.map((p) => ({
    id: str(p.id),
    name: str(p.name),
    currency: str(p.currency),
    timezone: str(p.timezone),
    ecommerce: p.eCommerceTracking === true,
  }));
}

export async function listUaGoals(auth: OAuth2Client, accountId: string, webPropertyId: string, profileId: string) {
  const items = await allItems((startIndex) =>
    api(auth).management.goals.list({
      accountId,
      webPropertyId,
      profileId,
      "start-index": startIndex,
      "max-results": 1000,
    }),
  );
  return items.map((g) => ({
    id: str(g.id),
    name: str(g.name),
    active: g.active !== false,
    value: Number(g.value ?? 0),
  }));
}

export async function listUaSegments(auth: OAuth2Client) {
  const items = await allItems((startIndex) =>
    api(auth).management.segments.list({ "start-index": startIndex, "max-results": 1000 }),
  );
  return items.map((s) => ({ id: str(s.segmentId || s.id), name: str(s.name), type: str(s.type) }));
}
