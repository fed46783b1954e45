import "server-only";
import { addDays } from "@/lib/dates";
import { pool } from "../../db/client";
import { engineProjectOf, loadReportInput } from "../../insights/data/load-report-input";
import { runEngine } from "../../insights/engine/run-engine";
import { threadSegmentDetector } from "../../insights/parallel/segment-detector";

/** The rehearsed report's period: a month, as most reports ask for. */
const REHEARSED_DAYS = 30;
/**
 * Times it is read and computed. Once, the bench's first report after a fresh start took read 163 and engine 305 ms
 * (212 and 381 without it, 115 and 177 warm): the code takes a few real runs to be compiled for them.
 */
const REHEARSALS = 2;

/**
 * The worker's last warm-up step: the engine run once on a real project's data, the project imported last (the
 * likeliest to be asked for next), over its last 30 days against the 30 before, read as a report reads them. Nothing
 * is written. After its synthetic warm-up a freshly started worker's first real report still ran at about twice a warm
 * one's time (read 212 against about 115 ms, engine 381 against about 160 on the report bench): its code was compiled
 * for generated projects, not for a client's values and shapes, and PostgreSQL had not yet read the project's rows.
 * Null when no project has data.
 */
export async function rehearseRecentReport(): Promise<{
  projectId: string;
  periodEnd: string;
  insights: number;
  findings: number;
} | null> {
  const { rows } = await pool().query<{
    id: string;
    site_type: string;
    url: string | null;
    currency: string;
    settings: Record<string, unknown> | null;
    last: string | null;
  }>(
    `select p.id, p.site_type, p.url, p.currency, p.settings,
            (select max(t.date)::text from observation_daily_totals t where t.data_source_id = s.id) as last
     from daily_totals_state d
     join data_sources s on s.id = d.data_source_id
     join client_projects p on p.id = s.project_id
     order by d.refreshed_at desc
     limit 1`,
  );
  const project = rows[0];
  if (!project?.last) return null;
  const request = {
    projectId: project.id,
    project: engineProjectOf({ ...project, siteType: project.site_type }),
    periodStart: addDays(project.last, -(REHEARSED_DAYS - 1)),
    periodEnd: project.last,
    compareTo: "previous_period" as const,
  };
  const rehearse = async () => runEngine(await loadReportInput(request), { segmentDetector: threadSegmentDetector() });
  let result = await rehearse();
  for (let round = 1; round < REHEARSALS; round++) result = await rehearse();
  const findings = result.insights.reduce((sum, i) => sum + i.findings.length, 0);
  return { projectId: project.id, periodEnd: project.last, insights: result.insights.length, findings };
}
