import "server-only";
import type { DashboardSourceAlert } from "@/lib/api-client/dashboard-types";
import { daysBetween } from "@/lib/dates";
import { pool } from "../../db/client";

// A connected source is "stale" when its newest day is older than the API's usual delay allows
// (Google reports yesterday's data within a day or two); an uploaded export when it is more than
// a month behind, since agencies upload monthly at most.
const STALE_AFTER_DAYS = { connected: 3, uploaded: 35 } as const;

interface SourceRow {
  id: string;
  projectId: string;
  name: string | null;
  sourceName: string;
  kind: string;
  status: "active" | "suspended";
  createdAt: Date;
}

/** Where one source stands: whether Google refused its token, its first import, its last run and its newest day. */
export interface SourceState {
  id: string;
  token_failed: boolean;
  initial_done: boolean;
  run_status: string | null;
  run_error: string | null;
  last_date: string | null;
}

/** The state of each source listed, in one query for the sync state, the latest run and the newest day. */
export async function loadSourceStates(ids: readonly string[]): Promise<Map<string, SourceState>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool().query<SourceState>(
    `select s.id,
            (st.token_update_failed_at is not null) as token_failed,
            (st.initial_completed_at is not null) as initial_done,
            run.status as run_status, run.error as run_error,
            to_char(dt.last_date, 'YYYY-MM-DD') as last_date
     from unnest($1::uuid[]) as s(id)
     left join data_source_sync_states st on st.data_source_id = s.id
     left join lateral (
       select r.status, r.error from data_source_sync_runs r
       where r.data_source_id = s.id order by r.started_at desc limit 1) run on true
     left join lateral (
       select max(t.date) as last_date from observation_daily_totals t where t.data_source_id = s.id) dt on true`,
    [[...ids]],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * What is wrong with the active sources listed, judged on `today`: Google refused to refresh the
 * token (disconnected), the last sync run failed, the newest day is too old (stale), or nothing
 * arrived yet.
 */
export async function loadSourceAlerts(sources: readonly SourceRow[], today: string): Promise<DashboardSourceAlert[]> {
  const active = sources.filter((s) => s.status === "active");
  if (active.length === 0) return [];
  const byId = await loadSourceStates(active.map((s) => s.id));
  const alerts: DashboardSourceAlert[] = [];
  for (const source of active) {
    const row = byId.get(source.id);
    if (!row) continue;
    const connected = source.kind !== "own";
    const base = {
      dataSourceId: source.id,
      projectId: source.projectId,
      name: source.name || source.sourceName,
      lastDataDate: row.last_date,
    };
    if (row.token_failed) {
      alerts.push({ ...base, problem: "disconnected", detail: null });
    } else if (row.run_status === "failed") {
      alerts.push({ ...base, problem: "sync_failed", detail: row.run_error });
    } else if (!row.last_date) {
      // A first import under way is not a problem yet.
      if (row.run_status !== "running") alerts.push({ ...base, problem: "no_data", detail: null });
    } else {
      const limit = connected ? STALE_AFTER_DAYS.connected : STALE_AFTER_DAYS.uploaded;
      // Days since the newest day: 1 when it is yesterday.
      const age = daysBetween(row.last_date, today) - 1;
      if (age > limit) alerts.push({ ...base, problem: "stale", detail: null });
    }
  }
  return alerts;
}
