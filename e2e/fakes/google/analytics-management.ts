import type { ServerResponse } from "node:http";
import { sendJson, sendLegacyError } from "./http";
import type { Grant } from "./state";
import { OWNER_EMAIL, UA_ACCOUNTS, UA_SEGMENTS } from "./world";

// The legacy Analytics Management API (v3): collections as `{ kind, username, totalResults,
// startIndex, itemsPerPage, items, nextLink? }`, paged with `start-index` (from 1) and
// `max-results`; errors with an `errors` list. A user without any Analytics account gets 403.

const NO_ACCOUNT = "User does not have any Google Analytics account.";

function collection<T>(root: string, url: URL, kind: string, grant: Grant, all: T[]) {
  const start = Math.max(1, Number(url.searchParams.get("start-index")) || 1);
  const max = Math.min(Number(url.searchParams.get("max-results")) || 1000, 1000);
  const items = all.slice(start - 1, start - 1 + max);
  const next = start - 1 + max < all.length ? new URL(url.pathname, root) : undefined;
  if (next) {
    next.searchParams.set("start-index", String(start + max));
    next.searchParams.set("max-results", String(max));
  }
  return {
    kind,
    username: grant.email,
    totalResults: all.length,
    startIndex: start,
    itemsPerPage: max,
    ...(next ? { nextLink: next.toString() } : {}),
    items,
  };
}

export function handleAnalyticsManagement(grant: Grant, root: string, url: URL, res: ServerResponse): boolean {
  const path = url.pathname;
  if (!path.startsWith("/analytics/v3/management/")) return false;
  const accounts = grant.email === OWNER_EMAIL ? UA_ACCOUNTS : [];
  if (path === "/analytics/v3/management/segments") {
    const items = UA_SEGMENTS.map((s) => ({
      id: s.id,
      kind: "analytics#segment",
      segmentId: `gaid::${s.id}`,
      name: s.name,
      definition: s.type === "BUILT_IN" ? "" : "users::condition::ga:medium==email",
      type: s.type,
      created: "2016-03-01T10:00:00.000Z",
      updated: "2016-03-01T10:00:00.000Z",
    }));
    sendJson(res, 200, collection(root, url, "analytics#segments", grant, items));
    return true;
  }
  if (accounts.length === 0) {
    sendLegacyError(res, 403, NO_ACCOUNT, "insufficientPermissions");
    return true;
  }
  const parts = path.slice("/analytics/v3/management/".length).split("/").map(decodeURIComponent);
  // accounts[/{a}/webproperties[/{w}/profiles[/{p}/goals]]]
  if (parts[0] !== "accounts") return false;
  if (parts.length === 1) {
    const items = accounts.map((a) => ({
      id: a.id,
      kind: "analytics#account",
      selfLink: `${root}analytics/v3/management/accounts/${a.id}`,
      name: a.name,
      permissions: { effective: ["COLLABORATE", "EDIT", "READ_AND_ANALYZE"] },
      created: "2014-05-01T10:00:00.000Z",
      updated: "2019-05-01T10:00:00.000Z",
      starred: false,
    }));
    sendJson(res, 200, collection(root, url, "analytics#accounts", grant, items));
    return true;
  }
  const pick = <T extends { id: string }>(list: T[], id: string) =>
    id === "~all" ? list : list.filter((x) => x.id === id);
  const forbidden = () =>
    sendLegacyError(res, 403, "User does not have permission to perform this operation.", "insufficientPermissions");
  const chosenAccounts = pick(accounts, parts[1]);
  if (chosenAccounts.length === 0) return (forbidden(), true);
  if (parts.length === 3 && parts[2] === "webproperties") {
    const items = chosenAccounts.flatMap((a) =>
      a.webProperties.map((w) => ({
        id: w.id,
        kind: "analytics#webproperty",
        accountId: a.id,
        internalWebPropertyId: w.internalWebPropertyId,
        name: w.name,
        websiteUrl: w.websiteUrl,
        level: "STANDARD",
        profileCount: w.profiles.length,
        industryVertical: "SHOPPING",
        created: "2014-05-01T10:00:00.000Z",
        updated: "2019-05-01T10:00:00.000Z",
      })),
    );
    sendJson(res, 200, collection(root, url, "analytics#webproperties", grant, items));
    return true;
  }
  if (parts[2] !== "webproperties" || parts.length < 5) return false;
  const props = chosenAccounts.flatMap((a) => pick(a.webProperties, parts[3]).map((w) => ({ a, w })));
  if (props.length === 0) return (forbidden(), true);
  const views = props.flatMap(({ a, w }) =>
    (parts[4] === "profiles" ? (parts[5] ? pick(w.profiles, parts[5]) : w.profiles) : []).map((p) => ({ a, w, p })),
  );
  if (parts.length === 5 && parts[4] === "profiles") {
    const items = views.map(({ a, w, p }) => ({
      id: p.id,
      kind: "analytics#profile",
      accountId: a.id,
      webPropertyId: w.id,
      internalWebPropertyId: w.internalWebPropertyId,
      name: p.name,
      currency: p.currency,
      timezone: p.timezone,
      websiteUrl: w.websiteUrl,
      type: "WEB",
      eCommerceTracking: p.eCommerceTracking,
      created: "2014-05-01T10:00:00.000Z",
      updated: "2019-05-01T10:00:00.000Z",
    }));
    sendJson(res, 200, collection(root, url, "analytics#profiles", grant, items));
    return true;
  }
  if (parts.length === 7 && parts[6] === "goals") {
    if (views.length === 0) return (forbidden(), true);
    const items = views.flatMap(({ a, w, p }) =>
      p.goals.map((g) => ({
        id: g.id,
        kind: "analytics#goal",
        accountId: a.id,
        webPropertyId: w.id,
        internalWebPropertyId: w.internalWebPropertyId,
        profileId: p.id,
        name: g.name,
        value: g.value,
        active: true,
        type: "URL_DESTINATION",
        urlDestinationDetails: { url: g.url, caseSensitive: false, matchType: "HEAD", firstStepRequired: false },
        created: "2015-05-01T10:00:00.000Z",
        updated: "2019-05-01T10:00:00.000Z",
      })),
    );
    sendJson(res, 200, collection(root, url, "analytics#goals", grant, items));
    return true;
  }
  return false;
}
