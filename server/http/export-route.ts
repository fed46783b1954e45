import "server-only";
import { exportSelectionSchema, type ExportFormatKey } from "@/lib/validation/exports";
import { exportInsights } from "../services/exports/export-insights";
import { parseJsonBody, parseQuery } from "./body";
import { fileResponse } from "./file-response";
import { withProjectAccess } from "./route";

/**
 * The export routes' handlers: GET with the selection in the query (a plain download link), POST
 * with it in a JSON body (long lists of insight ids). Anyone who may view the project's reports
 * may export them.
 */
export function exportHandlers(format: ExportFormatKey) {
  return {
    GET: withProjectAccess("report:view", async (ctx, { req }) =>
      fileResponse(await exportInsights({ ctx, input: { format, selection: parseQuery(req, exportSelectionSchema) } })),
    ),
    POST: withProjectAccess("report:view", async (ctx, { req }) =>
      fileResponse(
        await exportInsights({
          ctx,
          input: { format, selection: await parseJsonBody(req, exportSelectionSchema) },
        }),
      ),
    ),
  };
}
