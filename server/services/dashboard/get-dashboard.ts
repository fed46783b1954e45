import "server-only";
import type { Dashboard, DashboardClient, DashboardProject } from "@/lib/api-client/dashboard-types";
import { dateRange, isoDateOfUtc } from "@/lib/dates";
import type { ServiceContext } from "../context";
import { buildKpis, headlineParts, isAdAccount } from "./headline-kpis";
import { loadLatestReports } from "./latest-reports";
import { loadProjectDays } from "./project-days";
import { loadSourceAlerts } from "./source-health";
import { queueStaleRollups } from "./stale-rollups";
import { loadVisibleProjects } from "./visible-projects";

/**
 * GET /dashboard: what needs the caller's attention today across the clients they may see. A
 * fixed number of set-based queries whatever the number of clients and projects: the visible
 * clients, projects and sources, the daily rollup, the latest reports with the week's top
 * findings, and the sources' health. A rollup older than its data is queued for the worker and
 * the project marked `updating`: the page shows the numbers it has and asks again shortly.
 */
export async function getDashboard({ ctx, now = new Date() }: { ctx: ServiceContext; now?: Date }): Promise<Dashboard> {
  const today = isoDateOfUtc(now);
  const visible = await loadVisibleProjects(ctx.actor);
  const activeSourceIds = visible.sources.filter((s) => s.status === "active").map((s) => s.id);
  const projectIds = visible.projects.map((p) => p.id);
  const [refreshing, days, reports, alerts] = await Promise.all([
    queueStaleRollups(activeSourceIds),
    loadProjectDays(activeSourceIds),
    loadLatestReports(projectIds, now),
    loadSourceAlerts(visible.sources, today),
  ]);

  const projectsById = new Map<string, DashboardProject>();
  for (const project of visible.projects) {
    const own = days.get(project.id);
    projectsById.set(project.id, {
      _id: project.id,
      name: project.name,
      siteType: project.siteType,
      currency: project.currency,
      status: project.status,
      dataSources: visible.sources.filter((s) => s.projectId === project.id).length,
      updating: visible.sources.some((s) => s.projectId === project.id && refreshing.has(s.id)),
      period: own
        ? { start: own.start, end: own.end, previousStart: own.previousStart, previousEnd: own.previousEnd }
        : null,
      kpis: own
        ? buildKpis(
            headlineParts(project.siteType, project.settings.primaryKpi, { adAccount: isAdAccount(own.days) }),
            own.days,
            dateRange(own.start, own.end),
            own.lastYear,
          )
        : [],
      latestReport: reports.latest.get(project.id) ?? null,
      alerts: alerts.filter((a) => a.projectId === project.id),
    });
  }

  const clientsById = new Map<string, DashboardClient>();
  for (const client of visible.clients) {
    clientsById.set(client.id, { _id: client.id, name: client.name, status: client.status, projects: [] });
  }
  for (const project of visible.projects)
    clientsById.get(project.clientId)?.projects.push(projectsById.get(project.id)!);

  const clientOfProject = new Map(visible.projects.map((p) => [p.id, p.clientId]));
  const topFindings = reports.top.flatMap((row) => {
    const project = projectsById.get(row.project_id);
    const client = clientsById.get(clientOfProject.get(row.project_id) ?? "");
    if (!project || !client) return [];
    return [
      {
        _id: row.id,
        title: row.title,
        summary: row.summary,
        impact: Number(row.impact),
        funnelStage: row.funnel_stage,
        client: { _id: client._id, name: client.name },
        project: { _id: project._id, name: project.name, currency: project.currency },
        reportFinishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
      },
    ];
  });

  return { today, clients: [...clientsById.values()], totalClients: visible.total, topFindings };
}
