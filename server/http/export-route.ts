import "server-only";
import { exportSelectionSchema, type ExportFormatKey } from "@/lib/validation/exports";
import { exportInsights } from "../services/exports/export-insights";
import { parseJsonBody, parseQuery } from "./body";
import { reportReadVersion } from "../services/reports/read-version";
import { fileResponse } from "./file-response";
import { cachedRead } from "./read-cache";
import { withProjectAccess } from "./route";

/**
 * The export routes' handlers: GET with the selection in the query (a plain download link), POST
 * with it in a JSON body (long lists of insight ids). Anyone who may view the project's reports
 * may export them.
 */
export function exportHandlers(format: ExportFormatKey) {
  return {
    // A download of a named report is cached by its version (read-cache.ts); a tag's or a choice of insights is not.
    GET: withProjectAccess("report:view", async (ctx, { req }) => {
      const selection = parseQuery(req, exportSelectionSchema);
      const version = selection.reportId
        ? await reportReadVersion({
            agencyId: ctx.actor.agencyId,
            projectId: ctx.access.project.id,
            reportId: selection.reportId,
          })
        : null;
      return cachedRead(req, { kind: `export-${format}`, version, actor: ctx.actor }, async () =>
        fileResponse(await exportInsights({ ctx, input: { format, selection } })),
      );
    }),
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
