import "server-only";
// One API module rather than the whole googleapis package, which loads every Google API (about 110 MB).
import { analyticsdata } from "googleapis/build/src/apis/analyticsdata";
import type { OAuth2Client } from "./auth";
import { googleConfig } from "./config";
import { googleMalformedError } from "./errors";
import { limited } from "./limiter";
import { withRetry } from "./retry";

// GA4 reports through the Data API's runReport, paginated with offset/limit. The first page tells
// the total (`rowCount`); the other pages are then fetched side by side, but never more than
// `pageConcurrency` at once for one report and never more than 10 requests at once per property.

/**
 * Rows asked for per page. Google serves up to 250,000 (the fake 100,000), but a page is held whole
 * while it is parsed: a 100,000-row page is about 40 MB of JSON and some 150 MB of parsed objects,
 * and with two pages in flight the worker peaked at 649 MB on the bench. At 25,000 rows a page
 * costs about a quarter of that and the extra round trips overlap (two pages in flight).
 */
export const GA4_PAGE_ROWS = 25_000;

export interface Ga4ReportRequest {
  property: string;
  startDate: string;
  endDate: string;
  dimensions: string[];
  metrics: string[];
  /** Keeps the rows of one audience (the Data API's `audienceId` dimension, its numeric id). */
  audienceId?: string;
  pageRows?: number;
  /** Pages of one report fetched at once (each costs memory while it is parsed). */
  pageConcurrency?: number;
}

/** One page: each row's dimension values then metric values, in the request's order. */
export interface Ga4Page {
  offset: number;
  rowCount: number;
  rows: { dimensions: string[]; metrics: string[] }[];
}

interface RunReportData {
  dimensionHeaders?: { name?: string }[];
  metricHeaders?: { name?: string }[];
  rows?: { dimensionValues?: { value?: string }[]; metricValues?: { value?: string }[] }[];
  rowCount?: number;
}

async function fetchPage(
  auth: OAuth2Client,
  request: Ga4ReportRequest,
  offset: number,
  limit: number,
): Promise<Ga4Page> {
  const api = analyticsdata({
    version: "v1beta",
    auth,
    rootUrl: googleConfig().GOOGLE_API_ROOT_URL,
    retry: false,
  });
  return withRetry(() =>
    limited(request.property, async () => {
      const response = await api.properties.runReport({
        property: request.property,
        requestBody: {
          dateRanges: [{ startDate: request.startDate, endDate: request.endDate }],
          dimensions: request.dimensions.map((name) => ({ name })),
          metrics: request.metrics.map((name) => ({ name })),
          ...(request.audienceId
            ? {
                dimensionFilter: {
                  filter: { fieldName: "audienceId", stringFilter: { matchType: "EXACT", value: request.audienceId } },
                },
              }
            : {}),
          offset: String(offset),
          limit: String(limit),
          keepEmptyRows: false,
        },
      });
      return readPage(response.data as unknown, request, offset);
    }),
  );
}

/** Checks the answer's shape: a truncated or foreign body must fail loudly, not import garbage. */
function readPage(data: unknown, request: Ga4ReportRequest, offset: number): Ga4Page {
  if (!data || typeof data !== "object") throw googleMalformedError("runReport answer is not a JSON object");
  const report = data as RunReportData;
  const dims = report.dimensionHeaders?.map((h) => h.name) ?? [];
  const metrics = report.metricHeaders?.map((h) => h.name) ?? [];
  if (dims.join() !== request.dimensions.join() || metrics.join() !== request.metrics.join())
    throw googleMalformedError("runReport headers do not match the request");
  const source = report.rows ?? [];
  const rows: Ga4Page["rows"] = new Array(source.length);
  for (let i = 0; i < source.length; i++) {
    const d = source[i].dimensionValues ?? [];
    const m = source[i].metricValues ?? [];
    if (d.length !== dims.length || m.length !== metrics.length)
      throw googleMalformedError("runReport row has the wrong width");
    rows[i] = { dimensions: d.map((v) => v.value ?? ""), metrics: m.map((v) => v.value ?? "") };
    // Let the parsed answer go as it is copied: only one form of each row is alive at a time.
    (source as unknown[])[i] = undefined;
  }
  return { offset, rowCount: Number(report.rowCount ?? 0), rows };
}

/**
 * Runs one report and hands each page to `onPage` as it arrives (in any order): pages are never
 * all held at once. Resolves when every page has been handled.
 */
export async function runGa4Report(
  auth: OAuth2Client,
  request: Ga4ReportRequest,
  onPage: (page: Ga4Page) => Promise<void> | void,
): Promise<{ rowCount: number }> {
  const pageRows = request.pageRows ?? GA4_PAGE_ROWS;
  const first = await fetchPage(auth, request, 0, pageRows);
  await onPage(first);
  const offsets: number[] = [];
  for (let offset = pageRows; offset < first.rowCount; offset += pageRows) offsets.push(offset);
  const concurrency = Math.max(1, request.pageConcurrency ?? 2);
  let next = 0;
  const worker = async () => {
    while (next < offsets.length) {
      const offset = offsets[next++];
      await onPage(await fetchPage(auth, request, offset, pageRows));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, offsets.length) }, worker));
  return { rowCount: first.rowCount };
}
