import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { reports } from "../../db/schema";
import type { ReportAccess } from "./report-access";

/**
 * DELETE /reports/{id}: the report and its insights (cascade, with their tag and saved entries).
 * A generation still running finds the report gone and writes nothing.
 */
export async function deleteReport({ access }: { access: ReportAccess }) {
  await db().delete(reports).where(eq(reports.id, access.report.id));
  return { status: 200, message: "Report deleted", _id: access.report.id };
}
