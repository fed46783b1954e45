import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { ExportSelection } from "@/lib/validation/exports";
import { db } from "../../db/client";
import { insights, insightTagItems, insightTags, reports, type Insight, type Report } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { masterReportId } from "../insights/master-report";

export interface LoadedSelection {
  rows: Insight[];
  /** The report exported whole (its key figures go with it); null for a tag or chosen insights. */
  report: Report | null;
  period: { start: string; end: string; compareTo: "previous_period" | "previous_year" | null };
  source: { kind: "report" | "tag" | "selection"; name: string | null };
  /** The report a share link for this selection opens: the one exported, or the newest its insights come from. */
  reportId: string | null;
}

const ORDER = [asc(insights.rank), asc(insights.createdAt), asc(insights.id)];

/**
 * The insights an export covers, all of one project of the caller's agency: a report's, a tag's,
 * chosen ones, or the master report's. A report, tag or insight id that is not this project's
 * (another agency's, another project's, or none) is 404, as if it did not exist.
 */
export async function loadSelection(
  scope: { agencyId: string; projectId: string },
  selection: ExportSelection,
): Promise<LoadedSelection> {
  const inProject = and(eq(insights.agencyId, scope.agencyId), eq(insights.projectId, scope.projectId));
  const reportId =
    selection.reportId ?? (selection.tag || selection.insightIds ? null : await masterReportId(scope.projectId));

  if (reportId) {
    const [report] = await db()
      .select()
      .from(reports)
      .where(
        and(eq(reports.id, reportId), eq(reports.agencyId, scope.agencyId), eq(reports.projectId, scope.projectId)),
      );
    if (!report) throw new NotFoundError();
    const rows = await db()
      .select()
      .from(insights)
      .where(and(inProject, eq(insights.reportId, report.id)))
      .orderBy(...ORDER);
    return {
      rows,
      report,
      period: { start: report.periodStart, end: report.periodEnd, compareTo: report.compareTo },
      source: { kind: "report", name: report.name },
      reportId: report.id,
    };
  }

  let rows: Insight[] = [];
  let source: LoadedSelection["source"] = { kind: "selection", name: null };
  if (selection.tag) {
    const [tag] = await db()
      .select({ id: insightTags.id, name: insightTags.name })
      .from(insightTags)
      .where(
        and(
          eq(insightTags.id, selection.tag),
          eq(insightTags.agencyId, scope.agencyId),
          eq(insightTags.projectId, scope.projectId),
        ),
      );
    if (!tag) throw new NotFoundError();
    source = { kind: "tag", name: tag.name };
    rows = await db()
      .select({ insight: insights })
      .from(insights)
      .innerJoin(insightTagItems, eq(insightTagItems.insightId, insights.id))
      .where(and(inProject, eq(insightTagItems.tagId, tag.id)))
      .orderBy(...ORDER)
      .then((r) => r.map((x) => x.insight));
  } else if (selection.insightIds) {
    const ids = [...new Set(selection.insightIds.map((id) => id.toLowerCase()))];
    rows = await db()
      .select()
      .from(insights)
      .where(and(inProject, inArray(insights.id, ids)))
      .orderBy(...ORDER);
    if (rows.length !== ids.length) throw new NotFoundError();
  }
  const { reportId: newest, ...period } = await periodOf(rows);
  return { rows, report: null, period, source, reportId: newest };
}

/** A tag or a selection may gather insights of several reports: the span of their periods. */
async function periodOf(rows: Insight[]): Promise<LoadedSelection["period"] & { reportId: string | null }> {
  const reportIds = [...new Set(rows.map((r) => r.reportId))];
  if (reportIds.length === 0) return { start: "", end: "", compareTo: null, reportId: null };
  const found = await db()
    .select({ id: reports.id, start: reports.periodStart, end: reports.periodEnd, compareTo: reports.compareTo })
    .from(reports)
    .where(inArray(reports.id, reportIds))
    .orderBy(desc(reports.periodEnd));
  return {
    start: found.reduce((min, r) => (r.start < min ? r.start : min), found[0].start),
    end: found[0].end,
    compareTo: found.every((r) => r.compareTo === found[0].compareTo) ? found[0].compareTo : null,
    reportId: found[0].id,
  };
}
