import "server-only";
import { DASHBOARD_TOP_FINDINGS, type DashboardLatestReport } from "@/lib/api-client/dashboard-types";
import { pool } from "../../db/client";

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Each project's latest finished report (an alert check's run is not one) with its number of significant
 * findings (insights hold their significant findings only), and the week's most impactful insights across those
 * reports: two queries whatever the number of projects.
 */
export async function loadLatestReports(projectIds: readonly string[], now: Date) {
  const latest = new Map<string, DashboardLatestReport>();
  if (projectIds.length === 0) return { latest, top: [] as TopInsightRow[] };
  const latestSql = `
    select distinct on (r.project_id) r.id, r.project_id, r.period_start, r.period_end, r.finished_at
    from reports r
    where r.project_id = any($1::uuid[]) and r.status = 'ready' and r.kind = 'report'
    order by r.project_id, r.created_at desc, r.id desc`;
  const [reports, top] = await Promise.all([
    pool().query<{
      id: string;
      project_id: string;
      period_start: string;
      period_end: string;
      finished_at: Date | null;
      findings: number;
    }>(
      `with latest as (${latestSql})
       select l.id, l.project_id, to_char(l.period_start, 'YYYY-MM-DD') as period_start,
              to_char(l.period_end, 'YYYY-MM-DD') as period_end, l.finished_at,
              coalesce((select sum(jsonb_array_length(i.findings)) from insights i where i.report_id = l.id), 0)::int as findings
       from latest l`,
      [projectIds],
    ),
    pool().query<TopInsightRow>(
      `with latest as (${latestSql})
       select i.id, i.project_id, i.title, i.summary, i.impact, i.funnel_stage, l.finished_at
       from insights i join latest l on l.id = i.report_id
       where i."group" = 'most_impactful' and jsonb_array_length(i.findings) > 0
         and l.finished_at >= $2::timestamptz - interval '7 days'
       order by i.impact desc, i.rank asc, i.id
       limit $3`,
      [projectIds, now.toISOString(), DASHBOARD_TOP_FINDINGS],
    ),
  ]);
  for (const r of reports.rows) {
    latest.set(r.project_id, {
      _id: r.id,
      periodStart: r.period_start,
      periodEnd: r.period_end,
      finishedAt: iso(r.finished_at),
      significantFindings: r.findings,
    });
  }
  return { latest, top: top.rows };
}

export interface TopInsightRow {
  id: string;
  project_id: string;
  title: string;
  summary: string;
  impact: number;
  funnel_stage: string;
  finished_at: Date | null;
}
