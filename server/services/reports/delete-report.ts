import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { reports } from "../../db/schema";
import type { ReportServiceContext } from "../context";

/**
 * DELETE /reports/{id}: the report and its insights (cascade, with their tag and saved entries).
 * A generation still running finds the report gone and writes nothing.
 */
export async function deleteReport({ ctx }: { ctx: ReportServiceContext }) {
  const { report } = ctx.access;
  await db().delete(reports).where(eq(reports.id, report.id));
  return { status: 200, message: "Report deleted", _id: report.id };
}
