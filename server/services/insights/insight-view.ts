import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { intentionByKey } from "@/lib/insights/intentions";
import { db } from "../../db/client";
import { insightTagItems, insightTags, savedInsights, type Insight } from "../../db/schema";

export interface InsightTagRef {
  _id: string;
  name: string;
}

/**
 * An insight as the API shows it. Exports, emails and API clients read this shape: fields are
 * only ever added. `dismissPopUp` is true for Other Insights only (spec: insight groups).
 */
export function insightView(insight: Insight, tags: InsightTagRef[] = [], saved = false) {
  const intention = intentionByKey(insight.intentionKey);
  return {
    _id: insight.id,
    reportId: insight.reportId,
    projectId: insight.projectId,
    intention: {
      key: insight.intentionKey,
      title: intention?.title ?? insight.title,
      question: intention?.question ?? "",
    },
    group: insight.group,
    funnelStage: insight.funnelStage,
    title: insight.title,
    summary: insight.summary,
    impact: insight.impact,
    /** The change in the primary KPI the insight is ranked by, in its unit, where the insight states one. */
    kpiEffect: insight.kpiEffect,
    kpiMetric: insight.kpiMetric,
    rank: insight.rank,
    isWaitForGenerating: insight.isWaitForGenerating,
    tags,
    saved,
    findings: insight.findings,
    chart: insight.chart,
    /** The narrator's text, stored with the report (headline, sentences, why, next step, effect, how it was tested). */
    narration: insight.narration,
    /** Found something, nothing notable, or not run (with why and what it needs), as data. */
    outcome: insight.outcome,
    dismissPopUp: insight.group === "other",
    createdAt: insight.createdAt,
  };
}
export type InsightView = ReturnType<typeof insightView>;

// Drizzle leaves column names unqualified in a select without joins, inside sql`` too: these
// correlated subqueries name their tables themselves.

/** An insight's tags (by name), for a select from `insights`: one query gives each row its tags. */
export function insightTagRefs(): SQL<InsightTagRef[]> {
  return sql<InsightTagRef[]>`coalesce((
    select json_agg(json_build_object('_id', t.id, 'name', t.name) order by t.name)
    from insight_tag_items ti inner join insight_tags t on t.id = ti.tag_id
    where ti.insight_id = "insights"."id"
  ), '[]'::json)`;
}

/** Whether the user (an id, or a placeholder) saved the insight, for a select from `insights`. */
export function savedBy(userId: string | ReturnType<typeof sql.placeholder>): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from saved_insights s where s.user_id = ${userId} and s.insight_id = "insights"."id"
  )`;
}

/** Views for many insights with their tags and the caller's saved flags, in two queries. */
export async function insightViews(rows: Insight[], userId: string): Promise<InsightView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [tagRows, savedRows] = await Promise.all([
    db()
      .select({ insightId: insightTagItems.insightId, id: insightTags.id, name: insightTags.name })
      .from(insightTagItems)
      .innerJoin(insightTags, eq(insightTags.id, insightTagItems.tagId))
      .where(inArray(insightTagItems.insightId, ids))
      .orderBy(insightTags.name),
    db()
      .select({ insightId: savedInsights.insightId })
      .from(savedInsights)
      .where(and(eq(savedInsights.userId, userId), inArray(savedInsights.insightId, ids))),
  ]);
  const tags = new Map<string, InsightTagRef[]>();
  for (const t of tagRows) tags.set(t.insightId, [...(tags.get(t.insightId) ?? []), { _id: t.id, name: t.name }]);
  const saved = new Set(savedRows.map((s) => s.insightId));
  return rows.map((r) => insightView(r, tags.get(r.id) ?? [], saved.has(r.id)));
}
