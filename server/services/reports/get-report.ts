import "server-only";
import type { ReportServiceContext } from "../context";
import { reportView } from "./report-view";

/** GET /reports/{id}: the report (its status and progress, polled while it runs). */
export async function getReport({ ctx }: { ctx: ReportServiceContext }) {
  return reportView(ctx.access.report);
}
