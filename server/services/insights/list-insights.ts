import "server-only";
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { INTENTIONS } from "@/lib/insights/intentions";
import type { InsightQuery } from "@/lib/validation/reports";
import { db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { insights, insightTagItems, insightTags, reports } from "../../db/schema";
import { NotFoundError } from "../../errors";
import type { ProjectServiceContext } from "../context";
import type { Paged } from "../pagination";
import { insightTagRefs, insightView, savedBy, type InsightView } from "./insight-view";
import { masterReportId } from "./master-report";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const RANK_ORDER = [asc(insights.rank), asc(insights.createdAt), asc(insights.id)];

const reportInsightsQuery = prepared((database) =>
  database
    .select({ insight: insights, tags: insightTagRefs(), saved: savedBy(sql.placeholder("userId")) })
    .from(insights)
    .where(
      and(eq(insights.projectId, sql.placeholder("projectId")), eq(insights.reportId, sql.placeholder("reportId"))),
    )
    .orderBy(...RANK_ORDER)
    .prepare("report_insights"),
);

/**
 * GET /insights/properties/{id}: a report's insights in rank order — the master report's unless
 * `reportId` names another of the project's reports. With `tag`, the tag's insights (a custom
 * report may gather insights of several reports). `group`, `stage` and `q` (title, summary or
 * intention question) narrow the list.
 */
export async function listInsights({
  ctx,
  input: query,
}: {
  ctx: ProjectServiceContext;
  input: InsightQuery;
}): Promise<Paged<InsightView> & { reportId: string | null }> {
  const projectId = ctx.access.project.id;
  const where: SQL[] = [eq(insights.projectId, projectId)];
  let reportId: string | null = null;
  if (query.reportId) {
    // Whether the report is the project's is checked below, only when no insight came back.
    reportId = query.reportId;
  } else if (!query.tag) {
    reportId = await masterReportId(projectId);
    if (!reportId) return { docs: [], total: 0, reportId: null };
  }
  if (reportId) where.push(eq(insights.reportId, reportId));
  if (query.tag) {
    const [tag] = await db()
      .select({ id: insightTags.id })
      .from(insightTags)
      .where(and(eq(insightTags.id, query.tag), eq(insightTags.projectId, projectId)));
    if (!tag) throw new NotFoundError();
    where.push(
      inArray(
        insights.id,
        db().select({ id: insightTagItems.insightId }).from(insightTagItems).where(eq(insightTagItems.tagId, tag.id)),
      ),
    );
  }
  if (query.group) where.push(eq(insights.group, query.group));
  if (query.stage) where.push(eq(insights.funnelStage, query.stage));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const needle = query.q.toLowerCase();
    const byQuestion = INTENTIONS.filter(
      (i) => i.question.toLowerCase().includes(needle) || i.title.toLowerCase().includes(needle),
    ).map((i) => i.key);
    where.push(
      or(
        ilike(insights.title, pattern),
        ilike(insights.summary, pattern),
        byQuestion.length ? inArray(insights.intentionKey, byQuestion) : undefined,
      )!,
    );
  }
  const unfiltered = reportId && !query.tag && !query.group && !query.stage && !query.q;
  // A report's whole list, as the insights screen first asks for it, is a prepared statement.
  const rows = unfiltered
    ? await reportInsightsQuery().execute({ projectId, reportId, userId: ctx.actor.userId })
    : await db()
        .select({ insight: insights, tags: insightTagRefs(), saved: savedBy(ctx.actor.userId) })
        .from(insights)
        .where(and(...where))
        .orderBy(...RANK_ORDER);
  if (rows.length === 0 && query.reportId) {
    const [report] = await db()
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.id, query.reportId), eq(reports.projectId, projectId)));
    if (!report) throw new NotFoundError();
  }
  const docs = rows.map((r) => insightView(r.insight, r.tags, r.saved));
  return { docs, total: rows.length, reportId };
}
