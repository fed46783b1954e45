import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { reports } from "../../db/schema";
import { reportHasData } from "../reports/report-has-data";
import { listedReport } from "../reports/listed-reports";

/**
 * The project's master insight report: its newest ready report that read data (null when none), never an alert
 * check's run. A report on a
 * period without data stays in the history but does not replace the master.
 */
export async function masterReportId(projectId: string): Promise<string | null> {
  const [row] = await db()
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.projectId, projectId), eq(reports.status, "ready"), listedReport(), reportHasData()))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(1);
  return row?.id ?? null;
}
