import type { ServerResponse } from "node:http";
import { decodePageToken, encodePageToken, sendGoogleError, sendJson } from "./http";
import type { FakeState, Grant } from "./state";
import { GA4_ACCOUNTS, GA4_AUDIENCES, GA4_KEY_EVENTS, OWNER_EMAIL } from "./world";

// The GA4 Admin API (v1beta; audiences are only in v1alpha): list responses carry their items under
// the resource's plural name and a `nextPageToken` while more remain; an empty list is `{}`.

export const PERMISSION_MESSAGE =
  "User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.";

const accountsOf = (grant: Grant) => (grant.email === OWNER_EMAIL ? GA4_ACCOUNTS : []);

function page<T>(items: T[], url: URL, defaultSize: number, maxSize: number) {
  const size = Math.min(Number(url.searchParams.get("pageSize")) || defaultSize, maxSize);
  const offset = decodePageToken(url.searchParams.get("pageToken"));
  if (offset < 0) return undefined;
  const slice = items.slice(offset, offset + size);
  return { slice, next: offset + size < items.length ? encodePageToken(offset + size) : undefined };
}

/** Whether the user sees the property; answers 403 (and false) when not. */
export function canReadProperty(state: FakeState, grant: Grant, property: string, res: ServerResponse): boolean {
  const known = accountsOf(grant).some((a) => a.properties.some((p) => p.property === property));
  if (!known || state.denied.has(property)) {
    sendGoogleError(res, 403, PERMISSION_MESSAGE);
    return false;
  }
  return true;
}

export function handleAnalyticsAdmin(state: FakeState, grant: Grant, url: URL, res: ServerResponse): boolean {
  const path = url.pathname;
  if (path === "/v1beta/accountSummaries") {
    const all = accountsOf(grant).map((a) => ({
      name: `accountSummaries/${a.account.split("/")[1]}`,
      account: a.account,
      displayName: a.displayName,
      propertySummaries: a.properties.map((p) => ({
        property: p.property,
        displayName: p.displayName,
        propertyType: "PROPERTY_TYPE_ORDINARY",
        parent: a.account,
      })),
    }));
    const paged = page(all, url, 50, 200);
    if (!paged) return (sendGoogleError(res, 400, "Invalid page token."), true);
    sendJson(res, 200, paged.slice.length ? { accountSummaries: paged.slice, nextPageToken: paged.next } : {});
    return true;
  }
  if (path === "/v1beta/properties") {
    const parent = /^parent:(accounts\/\d+)$/.exec(url.searchParams.get("filter") ?? "")?.[1];
    if (!parent) return (sendGoogleError(res, 400, "filter must be of the form parent:accounts/{account}"), true);
    const account = accountsOf(grant).find((a) => a.account === parent);
    if (!account) return (sendGoogleError(res, 403, "The caller does not have permission"), true);
    const all = account.properties.map((p) => ({
      name: p.property,
      propertyType: "PROPERTY_TYPE_ORDINARY",
      parent: account.account,
      displayName: p.displayName,
      industryCategory: "SHOPPING",
      timeZone: p.timeZone,
      currencyCode: p.currencyCode,
      serviceLevel: "GOOGLE_ANALYTICS_STANDARD",
      createTime: "2023-01-15T10:00:00.000Z",
      updateTime: "2024-06-01T10:00:00.000Z",
      account: account.account,
    }));
    const paged = page(all, url, 50, 200);
    if (!paged) return (sendGoogleError(res, 400, "Invalid page token."), true);
    sendJson(res, 200, paged.slice.length ? { properties: paged.slice, nextPageToken: paged.next } : {});
    return true;
  }
  const events = /^\/v1beta\/(properties\/\d+)\/(conversionEvents|keyEvents)$/.exec(path);
  if (events) {
    const [, property, kind] = events;
    if (!canReadProperty(state, grant, property, res)) return true;
    const all = GA4_KEY_EVENTS.map((eventName, i) => ({
      name: `${property}/${kind}/${5000 + i}`,
      eventName,
      createTime: "2023-02-01T09:30:00.000Z",
      deletable: eventName !== "purchase",
      custom: eventName !== "purchase",
      countingMethod: "ONCE_PER_EVENT",
    }));
    const paged = page(all, url, 50, 200);
    if (!paged) return (sendGoogleError(res, 400, "Invalid page token."), true);
    sendJson(res, 200, paged.slice.length ? { [kind]: paged.slice, nextPageToken: paged.next } : {});
    return true;
  }
  const audiences = /^\/v1alpha\/(properties\/\d+)\/audiences$/.exec(path);
  if (audiences) {
    const property = audiences[1];
    if (!canReadProperty(state, grant, property, res)) return true;
    const all = GA4_AUDIENCES.map((a) => ({
      name: `${property}/audiences/${a.id}`,
      displayName: a.displayName,
      description: a.description,
      membershipDurationDays: 30,
      adsPersonalizationEnabled: true,
      exclusionDurationMode: "AUDIENCE_EXCLUSION_DURATION_MODE_UNSPECIFIED",
      createTime: "2023-02-01T09:30:00.000Z",
    }));
    const paged = page(all, url, 50, 200);
    if (!paged) return (sendGoogleError(res, 400, "Invalid page token."), true);
    sendJson(res, 200, paged.slice.length ? { audiences: paged.slice, nextPageToken: paged.next } : {});
    return true;
  }
  return false;
}
