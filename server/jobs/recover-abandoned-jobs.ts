import "server-only";
import { sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { db } from "../db/client";
import { log } from "../log";
import { markReportFailed } from "../services/reports/report-status";
import { jobContracts } from "./contracts/all-contracts";
import { generateReportJob } from "./contracts/generate-report";
import { isLeaseHeld } from "./job-lease";

/** A job fetched this recently may not have taken its lease yet. */
const GRACE_SECONDS = 10;
export const ABANDONED_REASON = "The worker running this job stopped before it finished";
export const REPORT_ABANDONED_REASON =
  "The report generator stopped while working on this report and could not finish it. Please generate the report again.";

/**
 * Run by every worker at start and then every few seconds. Active jobs whose lease nobody holds
 * were left by a worker that died: they are failed now, so pg-boss retries them (another worker, or
 * this one, picks them up) instead of waiting for their expiry. Reports whose generation has no
 * retry left are marked failed with a reason, never left "running".
 */
export async function recoverAbandonedJobs(boss: PgBoss): Promise<{ failed: number; reportsFailed: number }> {
  const names = jobContracts.map((c) => c.name);
  const active = await db().execute<{ id: string; name: string }>(sql`
    select id, name from pgboss.job
    where state = 'active' and name in ${names} and started_on < now() - make_interval(secs => ${GRACE_SECONDS})`);
  let failed = 0;
  for (const job of active.rows) {
    if (await isLeaseHeld(job.id)) continue;
    await boss.fail(job.name, job.id, { message: ABANDONED_REASON });
    failed++;
    log("warn", "abandoned job failed for retry", { job: job.name, jobId: job.id });
  }

  // Reports still queued or running whose generation can no longer run: no job waiting, retrying
  // or active for them.
  const stuck = await db().execute<{ id: string }>(sql`
    select r.id from reports r
    where r.status in ('queued', 'running')
      and r.updated_at < now() - make_interval(secs => ${GRACE_SECONDS})
      and not exists (
        select 1 from pgboss.job j
        where j.name = ${generateReportJob.name} and j.data->>'reportId' = r.id::text
          and j.state in ('created', 'retry', 'active'))`);
  for (const report of stuck.rows) await markReportFailed(report.id, REPORT_ABANDONED_REASON);
  return { failed, reportsFailed: stuck.rows.length };
}
