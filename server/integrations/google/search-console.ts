import "server-only";
// One API module rather than the whole googleapis package, which loads every Google API (about 110 MB).
import { searchconsole } from "googleapis/build/src/apis/searchconsole";
import type { OAuth2Client } from "./auth";
import { googleConfig } from "./config";
import { googleMalformedError } from "./errors";
import { limited } from "./limiter";
import { withRetry } from "./retry";

// Search Console sites and Search Analytics rows, paged with rowLimit (at most 25,000) and
// startRow: a page shorter than rowLimit is the last one.

export const GSC_PAGE_ROWS = 25_000;
/** Search Console keeps 16 months of data. */
export const GSC_HISTORY_MONTHS = 16;

const api = (auth: OAuth2Client) =>
  searchconsole({ version: "v1", auth, rootUrl: googleConfig().GOOGLE_API_ROOT_URL, retry: false });

export async function listSites(auth: OAuth2Client): Promise<{ siteUrl: string; permissionLevel: string }[]> {
  const data = await withRetry(async () => {
    const response = await api(auth).sites.list();
    if (!response.data || typeof response.data !== "object") throw googleMalformedError("not a JSON object");
    return response.data;
  });
  return (data.siteEntry ?? []).map((s) => ({ siteUrl: s.siteUrl ?? "", permissionLevel: s.permissionLevel ?? "" }));
}

export interface GscRow {
  keys: string[];
  clicks: number;
  impressions: number;
  position: number;
}

/** All rows of one query, page by page, handed to `onPage` in order. */
export async function querySearchAnalytics(
  auth: OAuth2Client,
  request: { siteUrl: string; startDate: string; endDate: string; dimensions: string[]; pageRows?: number },
  onPage: (rows: GscRow[]) => Promise<void> | void,
): Promise<{ rows: number }> {
  const rowLimit = request.pageRows ?? GSC_PAGE_ROWS;
  let startRow = 0;
  for (;;) {
    const rows = await withRetry(() =>
      limited(request.siteUrl, async () => {
        const response = await api(auth).searchanalytics.query({
          siteUrl: request.siteUrl,
          requestBody: {
            startDate: request.startDate,
            endDate: request.endDate,
            dimensions: request.dimensions,
            rowLimit,
            startRow,
            type: "web",
            dataState: "final",
          },
        });
        const data = response.data as unknown;
        if (!data || typeof data !== "object")
          throw googleMalformedError("searchAnalytics answer is not a JSON object");
        return ((data as { rows?: unknown[] }).rows ?? []).map((raw) => {
          const row = raw as { keys?: string[]; clicks?: number; impressions?: number; position?: number };
          if (!Array.isArray(row.keys) || row.keys.length !== request.dimensions.length)
            throw googleMalformedError("searchAnalytics row has the wrong keys");
          return {
            keys: row.keys,
            clicks: row.clicks ?? 0,
            impressions: row.impressions ?? 0,
            position: row.position ?? 0,
          };
        });
      }),
    );
    if (rows.length) await onPage(rows);
    startRow += rows.length;
    if (rows.length < rowLimit) return { rows: startRow };
  }
}
