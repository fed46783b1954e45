import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { reports } from "../../db/schema";

/** The project's master insight report: its newest ready report (null when none is ready yet). */
export async function masterReportId(projectId: string): Promise<string | null> {
  const [row] = await db()
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.projectId, projectId), eq(reports.status, "ready")))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(1);
  return row?.id ?? null;
}
