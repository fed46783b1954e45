import "server-only";
import { eq } from "drizzle-orm";
import { integrationOfKind } from "@/lib/constants/premium-sources";
import { db, pool } from "../../../../db/client";
import { dataSources, dataSourceSyncStates } from "../../../../db/schema";
import { PartnerApiError } from "../../../../integrations/partners/errors";
import { premiumEnabled } from "../../../../integrations/premium/config";
import { log } from "../../../../log";
import { dayRanges, isoDay } from "../dates";
import { replaceDays } from "../replace-days";
import { planRun } from "../run-sync";
import { competitorConnector } from "./competitor-connector";
import { crmConnector } from "./crm-connector";
import { ecommerceConnector } from "./ecommerce-connector";
import { isImportedPartnerKind, type ImportedPartnerKind } from "@/lib/constants/partner-sources";
import { keywordConnector } from "./keyword-connector";
import { metaAdsConnector } from "./meta-ads-connector";
import type { PartnerConnector } from "./types";
import { finishSyncRun, startSyncRun } from "../sync-run-record";

export const PARTNER_CONNECTORS: Record<ImportedPartnerKind, PartnerConnector> = {
  keyword_partner: keywordConnector,
  competitor: competitorConnector,
  // The premium OAuth sources (HubSpot deals, Shopify orders) import the same way.
  crm: crmConnector,
  ecommerce: ecommerceConnector,
  meta_ads: metaAdsConnector,
};

export type PartnerSyncOutcome =
  | { status: "succeeded"; runId: string; rows: number; startDate: string; endDate: string }
  | { status: "failed"; runId: string; error: PartnerApiError }
  | { status: "skipped"; reason: "not-syncable" | "already-running" | "up-to-date" };

/**
 * Imports a keyword-data partner or competitor source the way Google sources are imported
 * (run-sync.ts): the first import of what the provider holds, resumed after the last committed
 * day, then the last 3 days again each day; one batch of days per transaction (replace-days.ts),
 * one sync per source at a time (a session advisory lock), each run recorded.
 * Quota, outages and unreadable answers are thrown after the run is recorded, so the job retries.
 */
export async function syncPartnerSource(
  dataSourceId: string,
  options: { today?: string } = {},
): Promise<PartnerSyncOutcome> {
  const [source] = await db().select().from(dataSources).where(eq(dataSources.id, dataSourceId));
  const connector = source && isImportedPartnerKind(source.kind) ? PARTNER_CONNECTORS[source.kind] : undefined;
  if (!source || !connector || source.status !== "active") return { status: "skipped", reason: "not-syncable" };
  // A premium source whose integration the configuration switched off keeps its data but stops syncing.
  const integration = integrationOfKind(source.kind);
  if (integration && !premiumEnabled()[integration]) return { status: "skipped", reason: "not-syncable" };

  const lock = await pool().connect();
  try {
    const locked = await lock.query<{ ok: boolean }>("select pg_try_advisory_lock(hashtextextended($1, 7)) as ok", [
      `sync:${dataSourceId}`,
    ]);
    if (!locked.rows[0].ok) return { status: "skipped", reason: "already-running" };
    try {
      return await runLocked(source, connector, options.today ?? isoDay(new Date()));
    } finally {
      await lock.query("select pg_advisory_unlock(hashtextextended($1, 7))", [`sync:${dataSourceId}`]);
    }
  } finally {
    lock.release();
  }
}

async function runLocked(
  source: typeof dataSources.$inferSelect,
  connector: PartnerConnector,
  today: string,
): Promise<PartnerSyncOutcome> {
  await db().insert(dataSourceSyncStates).values({ dataSourceId: source.id }).onConflictDoNothing();
  const [state] = await db()
    .select()
    .from(dataSourceSyncStates)
    .where(eq(dataSourceSyncStates.dataSourceId, source.id));
  const plan = planRun(state, connector.historyMonths, today);
  if (!plan) return { status: "skipped", reason: "up-to-date" };

  const run = await startSyncRun(source, plan);
  let rows = 0;
  // The next batch is read from the provider while this one is written: the provider's answers and the database's
  // insert run side by side (Meta's first import: 13 quarters, each about 60,000 rows to page in, then to write).
  // Batches are still written one after another in order, so progress commits as before; a batch that fails to read
  // is thrown once the batch before it is written.
  const ranges = dayRanges(plan.start, plan.end, connector.batchDays);
  const read = (range: { start: string; end: string }) => {
    const buffer = connector.newBuffer();
    const done = connector.fetch({ source, startDate: range.start, endDate: range.end, buffer }).then(() => buffer);
    done.catch(() => undefined);
    return done;
  };
  let next = ranges.length > 0 ? read(ranges[0]) : null;
  try {
    for (let i = 0; i < ranges.length; i++) {
      const range = ranges[i];
      const buffer = await next!;
      next = i + 1 < ranges.length ? read(ranges[i + 1]) : null;
      const written = await replaceDays({
        dataSourceId: source.id,
        projectId: source.projectId,
        startDate: range.start,
        endDate: range.end,
        rows: buffer,
        // Progress commits with the rows: a resumed import starts right after the last committed day.
        afterWrite: async (tx) => {
          await tx.query(
            `update data_source_sync_states set imported_through = greatest(imported_through, $2::date),
               initial_start_date = coalesce(initial_start_date, $3::date), updated_at = now()
             where data_source_id = $1`,
            [source.id, range.end, plan.initialStart],
          );
        },
      });
      rows += written.rows;
    }
  } catch (error) {
    // A batch read ahead is let go (its failure, if any, is not this run's).
    next?.catch(() => undefined);
    const message = error instanceof PartnerApiError ? error.message : String(error);
    const detail = error instanceof PartnerApiError ? (error.detail ?? null) : String(error);
    await finishSyncRun(run, rows, message, detail);
    await db()
      .update(dataSourceSyncStates)
      .set({ lastError: message })
      .where(eq(dataSourceSyncStates.dataSourceId, source.id));
    if (!(error instanceof PartnerApiError)) throw error;
    log("warn", "partner sync failed", { dataSourceId: source.id, kind: error.kind, detail: error.detail });
    if (error.kind === "quota" || error.kind === "unavailable" || error.kind === "malformed") throw error;
    return { status: "failed", runId: run.id, error };
  }
  await finishSyncRun(run, rows, null, null);
  await db()
    .update(dataSourceSyncStates)
    .set({
      lastSuccessAt: new Date(),
      lastError: null,
      ...(plan.mode === "initial" ? { initialCompletedAt: new Date() } : {}),
    })
    .where(eq(dataSourceSyncStates.dataSourceId, source.id));
  return { status: "succeeded", runId: run.id, rows, startDate: plan.start, endDate: plan.end };
}
