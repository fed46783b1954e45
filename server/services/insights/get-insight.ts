import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { reports } from "../../db/schema";
import type { InsightServiceContext } from "../context";
import { insightViews } from "./insight-view";

/** GET /insights/{id}: one insight with its report's period (the detail page's header). */
export async function getInsight({ ctx }: { ctx: InsightServiceContext }) {
  const { access } = ctx;
  const [[view], [report]] = await Promise.all([
    insightViews([access.insight], ctx.actor.userId),
    db()
      .select({
        _id: reports.id,
        name: reports.name,
        periodStart: reports.periodStart,
        periodEnd: reports.periodEnd,
        compareTo: reports.compareTo,
        /** `alert_check`: an alert's finding, in none of the project's reports (the page says so). */
        kind: reports.kind,
      })
      .from(reports)
      .where(eq(reports.id, access.insight.reportId)),
  ]);
  return {
    ...view,
    report: report ?? null,
    project: { _id: access.project.id, name: access.project.name, currency: access.project.currency },
  };
}
