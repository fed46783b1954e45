import "server-only";
import { eq, type SQL } from "drizzle-orm";
import { reports } from "../../db/schema";

/**
 * The reports people read as the project's reports: asked for, scheduled or demo. An alert check's run
 * (`kind = 'alert_check'`) is kept only so its alerts open their findings in full; it is in no list, count, search or
 * "latest report", or a user would find reports nobody made (docs/decisions/0030-alerts-from-the-reports-engine.md).
 * In raw SQL: `r.kind = 'report'`.
 */
export function listedReport(): SQL {
  return eq(reports.kind, "report");
}
