// GET /api/dashboard: what needs the caller's attention today, across the clients they may see. One definition: the
// response schema (in the OpenAPI document, and checked against every answer the test suite gets) and the types the
// server builds and the screens read.
import { z } from "zod";
import { seasonPredictionSchema } from "../validation/responses/common";

const day = z.iso.date();
const timestamp = z.iso.datetime({ offset: true });

export const dashboardKpiSchema = z.strictObject({
  key: z.string(),
  label: z.string(),
  unit: z.enum(["count", "currency", "percent", "rank", "ratio"]),
  higherIsBetter: z.boolean(),
  current: z.number(),
  previous: z.number().nullable(),
  /** Relative change as a fraction; null when the previous period is 0 or has no data. */
  changePct: z.number().nullable(),
  /** One value per day of the current period (null: no source reported that day). */
  series: z.array(z.strictObject({ date: day, value: z.number().nullable() })),
  /**
   * Whether the change passes a test of the days at 95 % (weekday effects out, as a report's period change); false:
   * within the days' ordinary variation; null: nothing to compare.
   */
  significant: z.boolean().nullable(),
  /** What the season predicted for a significant change, when the data has the same days a year earlier. */
  season: seasonPredictionSchema.nullable().optional(),
  /**
   * A cost per result's results (its denominator: clicks, conversions) a day in each period, as a report's findings
   * and key figures carry them: a cheaper click bought with fewer clicks is no gain, and its tile is not green.
   */
  results: z
    .strictObject({ metric: z.string(), before: z.number(), after: z.number(), changePct: z.number().nullable() })
    .optional(),
});
export type DashboardKpi = z.output<typeof dashboardKpiSchema>;

const periodSchema = z.strictObject({ start: day, end: day, previousStart: day, previousEnd: day });
export type DashboardPeriod = z.output<typeof periodSchema>;

export type SourceProblem = "disconnected" | "sync_failed" | "stale" | "no_data";

const sourceAlertSchema = z.strictObject({
  dataSourceId: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  problem: z.enum(["disconnected", "sync_failed", "stale", "no_data"]),
  /** The newest day the source holds (YYYY-MM-DD), when it holds any. */
  lastDataDate: day.nullable(),
  detail: z.string().nullable(),
});
export type DashboardSourceAlert = z.output<typeof sourceAlertSchema>;

const latestReportSchema = z.strictObject({
  _id: z.uuid(),
  periodStart: day,
  periodEnd: day,
  finishedAt: timestamp.nullable(),
  significantFindings: z.number().int(),
});
export type DashboardLatestReport = z.output<typeof latestReportSchema>;

const projectSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  siteType: z.string(),
  currency: z.string(),
  status: z.enum(["active", "suspended"]),
  dataSources: z.number().int(),
  /** New data arrived and its daily totals are being rebuilt: the numbers shown may be behind. */
  updating: z.boolean(),
  period: periodSchema.nullable(),
  kpis: z.array(dashboardKpiSchema),
  latestReport: latestReportSchema.nullable(),
  alerts: z.array(sourceAlertSchema),
});
export type DashboardProject = z.output<typeof projectSchema>;

const clientSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  status: z.enum(["active", "suspended"]),
  projects: z.array(projectSchema),
});
export type DashboardClient = z.output<typeof clientSchema>;

const findingSchema = z.strictObject({
  _id: z.uuid(),
  title: z.string(),
  summary: z.string(),
  impact: z.number(),
  funnelStage: z.string(),
  client: z.strictObject({ _id: z.uuid(), name: z.string() }),
  project: z.strictObject({ _id: z.uuid(), name: z.string(), currency: z.string() }),
  reportFinishedAt: timestamp.nullable(),
});
export type DashboardFinding = z.output<typeof findingSchema>;

export const dashboardSchema = z.strictObject({
  /** The day "today" is judged on (UTC), for staleness. */
  today: day,
  clients: z.array(clientSchema),
  /** How many clients the caller may see in all (the list shows the first DASHBOARD_CLIENT_LIMIT). */
  totalClients: z.number().int(),
  topFindings: z.array(findingSchema),
});
export type Dashboard = z.output<typeof dashboardSchema>;

export const DASHBOARD_CLIENT_LIMIT = 50;
export const DASHBOARD_KPI_DAYS = 28;
export const DASHBOARD_TOP_FINDINGS = 8;
