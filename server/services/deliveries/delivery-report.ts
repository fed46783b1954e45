import "server-only";
import { and, eq } from "drizzle-orm";
import type { ExportSelection } from "@/lib/validation/exports";
import { db } from "../../db/client";
import { insights, reports } from "../../db/schema";
import { generateReport } from "../reports/generate-report";
import { DeliveryFailure } from "./delivery-target";

export const DELIVERY_REPORT_MESSAGES = {
  deleted: "The report of this delivery was deleted",
  noInsight: "The scheduled insight has no result in the report for this period",
} as const;

/**
 * A report a delivery made for itself (a schedule's run, a schedule's test) is generated in the delivery's job, and a
 * retry reuses it as it is once ready. A failure of the engine is thrown as is: the delivery records it and retries.
 */
export async function ensureReportReady(reportId: string): Promise<void> {
  const [report] = await db().select({ status: reports.status }).from(reports).where(eq(reports.id, reportId));
  if (!report) throw new DeliveryFailure(DELIVERY_REPORT_MESSAGES.deleted, false, true);
  if (report.status !== "ready") await generateReport(reportId);
}

/**
 * What a delivery sends from its report: the whole report, or for a one-insight schedule the insight of the same
 * question (its intention) in this report.
 */
export async function selectionIn(reportId: string, intentionKey: string | null): Promise<ExportSelection> {
  if (!intentionKey) return { reportId };
  const [current] = await db()
    .select({ id: insights.id })
    .from(insights)
    .where(and(eq(insights.reportId, reportId), eq(insights.intentionKey, intentionKey)))
    .limit(1);
  if (!current) throw new DeliveryFailure(DELIVERY_REPORT_MESSAGES.noInsight, false, true);
  return { insightIds: [current.id] };
}
