import "server-only";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { STORED_METRICS } from "@/lib/catalogue/metrics";
import { canOnClient } from "@/lib/permissions";
import { GOOGLE_MESSAGES as M } from "@/lib/constants/messages";
import { isImportedPartnerKind } from "@/lib/constants/partner-sources";
import { db } from "../../db/client";
import {
  clientProjects,
  clients,
  clientStaff,
  dataSources,
  dataSourceSyncRuns,
  dataSourceSyncStates,
} from "../../db/schema";
import { BadRequestError } from "../../errors";
import { syncPartnerSourceJob } from "../../jobs/contracts/sync-partner-source";
import { enqueue } from "../../jobs/enqueue";
import type { DataSourceServiceContext, ServiceContext } from "../context";
import { connectorFor } from "./sync/connectors";
import { queueSync } from "./sync/queue-sync";

const RUNS_SHOWN = 20;
/** The premium OAuth sources (CRM, ecommerce) sync on request too, through the partner sync job. */
/** The metrics a CRM, ecommerce or Meta Ads source's page sums over its imported days. */
const PREMIUM_TOTALS: Record<string, string[]> = {
  crm: ["dealsCreated", "dealsWon", "wonValue"],
  meta_ads: ["impressions", "clicks", "cost", "conversions", "revenue"],
  ecommerce: ["storeOrders", "orderRevenue", "productsSold", "newCustomerOrders", "returningCustomerOrders"],
};

async function importedTotals(sourceId: string, kind: string) {
  const metrics = STORED_METRICS.filter((m) => PREMIUM_TOTALS[kind]?.includes(m.key));
  if (metrics.length === 0) return undefined;
  // Column names from the catalogue, not from input.
  const sums = metrics.map((m, i) => `coalesce(sum(${m.column}), 0)::float8 as m${i}`).join(", ");
  const { rows } = await db().execute<Record<string, number>>(
    sql`select ${sql.raw(sums)} from observations where data_source_id = ${sourceId}`,
  );
  return metrics.map((m, i) => ({
    metric: m.key,
    label: m.label,
    unit: m.unit,
    value: Number(rows[0]?.[`m${i}`] ?? 0),
  }));
}

/**
 * A store's or ad account's own currency (Shopify's or Meta's, read when it was connected), else the
 * project's (a CRM's deal amounts).
 */
function totalsCurrency(additional: unknown, projectCurrency: string): string {
  const own = (additional as { currency?: unknown } | null)?.currency;
  return typeof own === "string" && /^[A-Z]{3}$/.test(own) ? own : projectCurrency;
}

/**
 * GET /data-sources/{id}/sync: where the source's imports stand and its last runs (rows, duration,
 * error). While a run is going, `progress` counts the days it has committed, for the live bar.
 */
export async function getSyncStatus({ ctx }: { ctx: DataSourceServiceContext }) {
  const source = ctx.access.dataSource;
  const [[state], runs, totals] = await Promise.all([
    db().select().from(dataSourceSyncStates).where(eq(dataSourceSyncStates.dataSourceId, source.id)),
    db()
      .select()
      .from(dataSourceSyncRuns)
      .where(eq(dataSourceSyncRuns.dataSourceId, source.id))
      .orderBy(desc(dataSourceSyncRuns.startedAt))
      .limit(RUNS_SHOWN),
    importedTotals(source.id, source.kind),
  ]);
  const running = runs.find((r) => r.status === "running");
  let progress: { daysDone: number; daysTotal: number } | null = null;
  if (running?.startDate && running.endDate) {
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
    const daysTotal = day(running.endDate) - day(running.startDate) + 1;
    const through = state?.importedThrough;
    const done = through && through >= running.startDate ? day(through) - day(running.startDate) + 1 : 0;
    progress = { daysDone: Math.min(done, daysTotal), daysTotal };
  }
  return {
    syncable: (Boolean(connectorFor(source.subType)) && source.kind === "google") || isImportedPartnerKind(source.kind),
    state: state
      ? {
          initialStartDate: state.initialStartDate,
          importedThrough: state.importedThrough,
          initialCompletedAt: state.initialCompletedAt,
          lastSuccessAt: state.lastSuccessAt,
          tokenUpdateFailed: state.tokenUpdateFailedAt !== null,
          tokenUpdateFailedAt: state.tokenUpdateFailedAt,
          lastError: state.lastError,
        }
      : null,
    running: Boolean(running),
    progress,
    runs: runs.map((r) => ({
      _id: r.id,
      mode: r.mode,
      status: r.status,
      startDate: r.startDate,
      endDate: r.endDate,
      rows: r.rows,
      durationMs: r.durationMs,
      error: r.error,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
    })),
    ...(totals ? { totals, currency: totalsCurrency(source.additional, ctx.access.project.currency) } : {}),
  };
}

/** POST /data-sources/{id}/sync: imports the recent days now (or resumes the first import). */
export async function requestSync({ ctx }: { ctx: DataSourceServiceContext }) {
  const source = ctx.access.dataSource;
  if (isImportedPartnerKind(source.kind)) {
    await enqueue(syncPartnerSourceJob, { dataSourceId: source.id }, { singletonKey: source.id });
    return { status: 202, message: M.syncQueued };
  }
  if (source.kind !== "google" || !(await queueSync(source))) throw new BadRequestError(M.notSyncable);
  return { status: 202, message: M.syncQueued };
}

/**
 * GET /api/google-service/token-alerts: the sources the caller can see whose Google access expired
 * or was revoked, for the dashboard's and the project page's reconnect alert (optionally one project's).
 */
export async function listTokenAlerts({ ctx, input }: { ctx: ServiceContext; input: { projectId?: string } }) {
  const { actor } = ctx;
  const rows = await db()
    .select({
      dataSourceId: dataSources.id,
      name: dataSources.name,
      sourceName: dataSources.sourceName,
      subType: dataSources.subType,
      projectId: clientProjects.id,
      projectName: clientProjects.name,
      since: dataSourceSyncStates.tokenUpdateFailedAt,
      level: clientStaff.permission,
    })
    .from(dataSourceSyncStates)
    .innerJoin(dataSources, eq(dataSources.id, dataSourceSyncStates.dataSourceId))
    .innerJoin(clientProjects, eq(clientProjects.id, dataSources.projectId))
    .innerJoin(clients, eq(clients.id, clientProjects.clientId))
    .leftJoin(clientStaff, and(eq(clientStaff.clientId, clients.id), eq(clientStaff.userId, actor.userId)))
    .where(
      and(
        eq(dataSources.agencyId, actor.agencyId),
        isNotNull(dataSourceSyncStates.tokenUpdateFailedAt),
        eq(dataSources.status, "active"),
        input.projectId ? eq(clientProjects.id, input.projectId) : undefined,
        // Staff see the clients shared with them, while those clients are active.
        actor.isAgencyAdmin ? undefined : and(isNotNull(clientStaff.userId), eq(clients.status, "active")),
      ),
    )
    .orderBy(desc(dataSourceSyncStates.tokenUpdateFailedAt))
    .limit(50);
  return {
    docs: rows.map((r) => ({
      dataSourceId: r.dataSourceId,
      name: r.name ?? r.sourceName,
      subType: r.subType,
      projectId: r.projectId,
      projectName: r.projectName,
      since: r.since,
      message: M.tokenExpired,
      canReconnect: canOnClient(actor, r.level ?? null, "datasource:manage"),
    })),
  };
}
