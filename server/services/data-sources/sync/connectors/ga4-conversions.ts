import type { DataSource } from "../../../../db/schema";
import type { OAuth2Client } from "../../../../integrations/google/auth";
import { listGa4KeyEvents } from "../../../../integrations/google/ga4-admin";

// What a GA4 source counts as conversions and whose visits it imports
// (docs/decisions/0020-connectors-that-do-what-they-offer.md).
// The chosen key events are read as the Data API's per-event metrics `keyEvents:{eventName}`, which
// count each event the way the property counts it as a key event (once per event or once per
// session); no choice reads the `keyEvents` total. The audience is a `dimensionFilter` on
// `audienceId`, which keeps the rows of the audience's users for every metric of the report.

/** A Data API report holds at most 10 metrics. */
export const GA4_MAX_METRICS = 10;

// Event names are letters, digits and underscores (GA4's own rule), so the metric name is safe.
const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

// One run reads many batches of one source: resolve its stored choices once per run.
const resolved = new WeakMap<DataSource, Promise<string[]>>();

/** The conversion metrics of a source: `keyEvents`, or one `keyEvents:{eventName}` per chosen event. */
export async function conversionMetrics(auth: OAuth2Client, source: DataSource): Promise<string[]> {
  let names = resolved.get(source);
  if (!names) resolved.set(source, (names = chosenEventNames(auth, source)));
  const list = await names;
  return list.length ? list.map((name) => `keyEvents:${name}`) : ["keyEvents"];
}

/**
 * The chosen events' names. The wizard stores event names; sources made before it stored the key
 * event's resource name ("properties/1001/keyEvents/5000"), which the Admin API's list turns into
 * its event name (a key event deleted since is left out).
 */
async function chosenEventNames(auth: OAuth2Client, source: DataSource): Promise<string[]> {
  const chosen = source.additional.conversionEvents;
  if (!Array.isArray(chosen)) return [];
  const values = chosen.filter((v): v is string => typeof v === "string");
  let byResource = new Map<string, string>();
  if (values.some((v) => v.includes("/keyEvents/"))) {
    const property = String(source.additional.analyticProperty ?? "");
    byResource = new Map((await listGa4KeyEvents(auth, property)).map((e) => [e.id, e.eventName]));
  }
  const names = values.map((v) => (v.includes("/") ? byResource.get(v) : v)).filter((n) => n && EVENT_NAME.test(n));
  return [...new Set(names as string[])].sort();
}

/** The numeric audience id of a source's audience choice ("properties/1001/audiences/2" → "2"). */
export function audienceIdOf(source: DataSource): string | undefined {
  const value = source.additional.audience;
  if (typeof value !== "string" || value === "") return undefined;
  const id = value.slice(value.lastIndexOf("/") + 1);
  return /^\d+$/.test(id) ? id : undefined;
}

/** Splits `extra` metrics over reports: the first beside `base`, the rest 10 a report. */
export function metricReports(base: string[], extra: string[]): string[][] {
  const firstRoom = GA4_MAX_METRICS - base.length;
  const reports = [[...base, ...extra.slice(0, firstRoom)]];
  for (let i = firstRoom; i < extra.length; i += GA4_MAX_METRICS) reports.push(extra.slice(i, i + GA4_MAX_METRICS));
  return reports;
}
