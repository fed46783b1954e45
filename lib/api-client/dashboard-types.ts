// GET /api/dashboard: what needs the caller's attention today, across the clients they may see.

export interface DashboardKpi {
  key: string;
  label: string;
  unit: "count" | "currency" | "percent" | "rank" | "ratio";
  higherIsBetter: boolean;
  current: number;
  previous: number | null;
  /** Relative change as a fraction; null when the previous period is 0 or has no data. */
  changePct: number | null;
  /** One value per day of the current period (null: no source reported that day). */
  series: { date: string; value: number | null }[];
  /**
   * Whether the change passes a test of the days at 95 % (weekday effects out, as a report's period change); false:
   * within the days' ordinary variation; null: nothing to compare.
   */
  significant: boolean | null;
  /** What the season predicted for a significant change, when the data has the same days a year earlier. */
  season?: { expected: boolean; lastYearChangePct: number; expectedCurrent: number } | null;
}

export interface DashboardPeriod {
  start: string;
  end: string;
  previousStart: string;
  previousEnd: string;
}

export type SourceProblem = "disconnected" | "sync_failed" | "stale" | "no_data";

export interface DashboardSourceAlert {
  dataSourceId: string;
  projectId: string;
  name: string;
  problem: SourceProblem;
  /** The newest day the source holds (YYYY-MM-DD), when it holds any. */
  lastDataDate: string | null;
  detail: string | null;
}

export interface DashboardLatestReport {
  _id: string;
  periodStart: string;
  periodEnd: string;
  finishedAt: string | null;
  significantFindings: number;
}

export interface DashboardProject {
  _id: string;
  name: string;
  siteType: string;
  currency: string;
  status: "active" | "suspended";
  dataSources: number;
  /** New data arrived and its daily totals are being rebuilt: the numbers shown may be behind. */
  updating: boolean;
  period: DashboardPeriod | null;
  kpis: DashboardKpi[];
  latestReport: DashboardLatestReport | null;
  alerts: DashboardSourceAlert[];
}

export interface DashboardClient {
  _id: string;
  name: string;
  status: "active" | "suspended";
  projects: DashboardProject[];
}

export interface DashboardFinding {
  _id: string;
  title: string;
  summary: string;
  impact: number;
  funnelStage: string;
  client: { _id: string; name: string };
  project: { _id: string; name: string; currency: string };
  reportFinishedAt: string | null;
}

export interface Dashboard {
  /** The day "today" is judged on (UTC), for staleness. */
  today: string;
  clients: DashboardClient[];
  /** How many clients the caller may see in all (the list shows the first DASHBOARD_CLIENT_LIMIT). */
  totalClients: number;
  topFindings: DashboardFinding[];
}

export const DASHBOARD_CLIENT_LIMIT = 50;
export const DASHBOARD_KPI_DAYS = 28;
export const DASHBOARD_TOP_FINDINGS = 8;
