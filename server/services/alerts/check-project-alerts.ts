import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import { addDays, todayIn } from "@/lib/dates";
import { formatDay, formatPeriod } from "@/lib/insights/format-values";
import { db, type Tx } from "../../db/client";
import { alertNotifications, clientProjects, clients, insights, projectAlerts, reports } from "../../db/schema";
import { loadCompetition } from "../../insights/competition/load-competition";
import { ensureDailyTotals } from "../../insights/data/daily-totals";
import { activeSources } from "../../insights/data/load-project-data";
import { engineProjectOf, loadReportInput } from "../../insights/data/load-report-input";
import { runEngine, type EngineReport } from "../../insights/engine/run-engine";
import { threadSegmentDetector } from "../../insights/parallel/segment-detector";
import { sendAlertDigestJob } from "../../jobs/contracts/send-alert-digest";
import { enqueue } from "../../jobs/enqueue";
import { log } from "../../log";
import { insightRows } from "../reports/generate-report";
import { markReportReady } from "../reports/report-status";
import { alertCandidates, alreadyTold, type AlertCandidate, type AlertTier } from "./alert-candidates";
import { hears, projectFollowers } from "./followers";

/** The report's default window: four weeks to the latest complete day, against the four before. */
export const CHECK_DAYS = 28;
/** A connected source with no data on this many latest complete days has stopped delivering. */
export const STOPPED_AFTER_DAYS = 4;

export interface AlertCheckOutcome {
  status: "checked" | "skipped";
  periodEnd?: string;
  /** Alerts created by this run (a change already alerted is not created again). */
  created: number;
  /** Notifications made (alerts × followers who hear of them). */
  notified: number;
  reportId?: string | null;
  ms: number;
  loadMs?: number;
  engineMs?: number;
}

interface NewAlert {
  kind: AlertCandidate["kind"] | "source_stopped";
  tier: AlertTier;
  changeKey: string;
  metric: string | null;
  dimension: string | null;
  dimensionValue: string | null;
  direction: "up" | "down" | null;
  date: string;
  headline: string;
  candidate?: AlertCandidate;
  dataSourceId?: string;
}

/**
 * After a daily sync: the engine reads the project's latest complete days as the report would (its own window, its
 * own tests and season labels), and each change it reports in the last days that was never alerted becomes an alert
 * for the project's followers, with a source that stopped delivering. The run is saved as an alert check (a report
 * that no list shows, `kind = 'alert_check'`) so each alert links to its finding in full. One transaction under a
 * per-project lock: a retried or restarted job finds the changes already alerted (unique on the change's identity)
 * and sends nothing again.
 *
 * `through`: the latest complete day (the sync's last imported day); default yesterday in the project's time zone.
 */
export async function checkProjectAlerts(
  projectId: string,
  options: { through?: string } = {},
): Promise<AlertCheckOutcome> {
  const started = Date.now();
  const [row] = await db()
    .select({ project: clientProjects, clientStatus: clients.status })
    .from(clientProjects)
    .innerJoin(clients, eq(clients.id, clientProjects.clientId))
    .where(eq(clientProjects.id, projectId));
  if (!row || row.project.status !== "active" || row.clientStatus !== "active")
    return { status: "skipped", created: 0, notified: 0, ms: Date.now() - started };
  const { project } = row;
  const through = options.through ?? addDays(todayIn(project.timeZone), -1);

  const sources = await activeSources(projectId);
  const ids = sources.map((s) => s.id);
  if (ids.length === 0) return { status: "skipped", created: 0, notified: 0, ms: Date.now() - started };
  await ensureDailyTotals(ids);
  const lastDays = await lastDataDays(ids);
  const stopped = await stoppedSources(projectId, lastDays, through);

  const latest = [...lastDays.values()]
    .filter((d) => d <= through)
    .sort()
    .at(-1);
  let report: EngineReport | null = null;
  let periodEnd: string | undefined;
  let candidates: AlertCandidate[] = [];
  // Where the time went: reading the data (as a report does) and the engine; the rest is the save.
  const phases = { loadMs: 0, engineMs: 0 };
  if (latest) {
    periodEnd = latest;
    const input = await loadReportInput({
      projectId,
      project: engineProjectOf(project),
      periodStart: addDays(periodEnd, -(CHECK_DAYS - 1)),
      periodEnd,
      compareTo: "previous_period",
    });
    input.competition = await loadCompetition({ project, data: input.data, window: input.window });
    phases.loadMs = Date.now() - started;
    // The segments' detections (about half the check's CPU, its profile says) shared with the worker's detection
    // thread, as a report's are; inline where the thread is not running.
    report = runEngine(input, { segmentDetector: threadSegmentDetector() });
    phases.engineMs = Date.now() - started - phases.loadMs;
    candidates = alertCandidates(report, periodEnd);
  }
  const fresh: NewAlert[] = [
    ...candidates.map((c) => ({ ...c, candidate: c })),
    ...stopped.map((s) => ({
      kind: "source_stopped" as const,
      tier: "significant" as const,
      changeKey: `source_stopped|${s.id}|${s.lastDay}`,
      metric: null,
      dimension: null,
      dimensionValue: null,
      direction: null,
      date: s.lastDay,
      headline: `${s.name} has delivered no data since ${formatDay(s.lastDay)}.`,
      dataSourceId: s.id,
    })),
  ];
  if (fresh.length === 0)
    return { status: "checked", periodEnd, created: 0, notified: 0, ms: Date.now() - started, ...phases };

  const saved = await db().transaction(async (tx) => {
    // One check of a project at a time, across workers: the second finds the first's alerts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alerts:${projectId}`}))`);
    const earlier = await tx
      .select()
      .from(projectAlerts)
      .where(and(eq(projectAlerts.projectId, projectId), gte(projectAlerts.date, addDays(through, -90))));
    const keys = new Set(earlier.map((e) => e.changeKey));
    const todo = fresh.filter((a) => !keys.has(a.changeKey) && !alreadyTold(a, earlier));
    if (todo.length === 0) return { created: 0, notified: 0, reportId: null };
    const saved =
      report && todo.some((a) => a.candidate) ? await saveCheckReport(tx, project, periodEnd!, report) : null;
    const inserted = await tx
      .insert(projectAlerts)
      .values(
        todo.map((a) => ({
          agencyId: project.agencyId,
          projectId,
          kind: a.kind,
          changeKey: a.changeKey,
          metric: a.metric,
          dimension: a.dimension,
          dimensionValue: a.dimensionValue,
          direction: a.direction,
          date: a.date,
          headline: a.headline,
          finding: a.candidate?.finding ?? null,
          reportId: a.candidate && saved ? saved.reportId : null,
          insightId: a.candidate && saved ? saved.insightIds[a.candidate.insightIndex] : null,
          dataSourceId: a.dataSourceId ?? null,
        })),
      )
      .onConflictDoNothing({ target: [projectAlerts.projectId, projectAlerts.changeKey] })
      .returning({ id: projectAlerts.id, changeKey: projectAlerts.changeKey });
    const tierOf = new Map(todo.map((a) => [a.changeKey, a.tier]));
    const followers = await projectFollowers(tx, project);
    const notes = inserted.flatMap((alert) =>
      followers
        .filter((f) => hears(f.level, tierOf.get(alert.changeKey)!))
        .map((f) => ({ agencyId: project.agencyId, alertId: alert.id, userId: f.userId })),
    );
    if (notes.length > 0) await tx.insert(alertNotifications).values(notes).onConflictDoNothing();
    // Each person's digest is queued with the alerts: it exists if and only if they do.
    for (const userId of new Set(notes.map((n) => n.userId)))
      await enqueue(sendAlertDigestJob, { userId }, { singletonKey: `alert-digest-${userId}`, tx });
    return { created: inserted.length, notified: notes.length, reportId: saved?.reportId ?? null };
  });
  const ms = Date.now() - started;
  log("info", "alerts checked", { projectId, periodEnd, ...saved, ms, ...phases });
  return { status: "checked", periodEnd, ...saved, ms, ...phases };
}

/** Each source's latest day with data, from the daily rollups. */
async function lastDataDays(sourceIds: string[]): Promise<Map<string, string>> {
  const { rows } = await db().execute<{ id: string; last: string }>(sql`
    select data_source_id as id, max(date)::text as last from observation_daily_totals
    where data_source_id in (${sql.join(
      sourceIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) group by data_source_id`);
  return new Map(rows.map((r) => [r.id, r.last]));
}

/**
 * Connected daily sources (uploads arrive when someone uploads; weekly and monthly ones are not due every day) that
 * delivered before and nothing on the latest days.
 */
async function stoppedSources(projectId: string, lastDays: Map<string, string>, through: string) {
  const connected = await db().execute<{ id: string; name: string | null; source_name: string }>(sql`
    select id, name, source_name from data_sources
    where project_id = ${projectId} and status = 'active' and kind not in ('own', 'competitor') and grain = 'day'`);
  const limit = addDays(through, -STOPPED_AFTER_DAYS);
  return connected.rows
    .filter((s) => {
      const last = lastDays.get(s.id);
      return last !== undefined && last <= limit;
    })
    .map((s) => ({ id: s.id, name: s.name ?? s.source_name, lastDay: lastDays.get(s.id)! }));
}

/**
 * The engine's run saved as an alert check (a ready report no list shows), so an alert's link opens its finding in
 * full: its insight page, chart, narration and test line.
 */
async function saveCheckReport(
  tx: Tx,
  project: { id: string; agencyId: string },
  periodEnd: string,
  result: EngineReport,
): Promise<{ reportId: string; insightIds: string[] }> {
  const periodStart = addDays(periodEnd, -(CHECK_DAYS - 1));
  const [report] = await tx
    .insert(reports)
    .values({
      agencyId: project.agencyId,
      projectId: project.id,
      name: `Alerts: ${formatPeriod(periodStart, periodEnd)}`,
      // Reached from its alerts only: no report list, latest report or dashboard shows it (listed-reports.ts).
      kind: "alert_check",
      status: "running",
      periodStart,
      periodEnd,
      compareTo: "previous_period",
      startedAt: new Date(),
    })
    .returning({ id: reports.id });
  // Ids chosen here, so each finding's insight is known without relying on the order rows come back in.
  const rows = insightRows({ id: report.id, agencyId: project.agencyId, projectId: project.id }, result).map((r) => ({
    ...r,
    id: randomUUID(),
  }));
  if (rows.length > 0) await tx.insert(insights).values(rows);
  await markReportReady(tx, report.id, {
    excludedDays: result.excludedDays,
    excludedDaysBySource: result.excludedDaysBySource,
    pThreshold: result.pThreshold,
  });
  return { reportId: report.id, insightIds: rows.map((r) => r.id) };
}
