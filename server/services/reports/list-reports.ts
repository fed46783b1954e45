import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { reports } from "../../db/schema";
import type { ProjectServiceContext } from "../context";
import { pageOffset, type PageQuery, type Paged } from "../pagination";
import { listedReport } from "./listed-reports";
import { reportHasData } from "./report-has-data";
import { reportView, type ReportView } from "./report-view";

/**
 * GET /properties/{id}/reports: the project's reports, newest first, each saying whether it read any data; an alert
 * check's run is not one of them.
 */
export async function listReports({
  ctx,
  input: page,
}: {
  ctx: ProjectServiceContext;
  input: PageQuery;
}): Promise<Paged<ReportView>> {
  const where = and(eq(reports.projectId, ctx.access.project.id), listedReport());
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select({ report: reports, hasData: reportHasData() })
      .from(reports)
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    db().select({ total: count() }).from(reports).where(where),
  ]);
  return { docs: rows.map((r) => reportView(r.report, r.hasData)), total };
}
