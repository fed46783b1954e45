import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { db } from "../../db/client";
import { reports } from "../../db/schema";
import type { InsightAccess } from "./insight-access";
import { insightViews } from "./insight-view";

/** GET /insights/{id}: one insight with its report's period (the detail page's header). */
export async function getInsight({ actor, access }: { actor: Actor; access: InsightAccess }) {
  const [[view], [report]] = await Promise.all([
    insightViews([access.insight], actor.userId),
    db()
      .select({
        _id: reports.id,
        name: reports.name,
        periodStart: reports.periodStart,
        periodEnd: reports.periodEnd,
        compareTo: reports.compareTo,
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
