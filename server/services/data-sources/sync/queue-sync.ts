import "server-only";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { db } from "../../../db/client";
import { dataSources, dataSourceSyncStates } from "../../../db/schema";
import { syncDataSourceJob } from "../../../jobs/contracts/sync-data-source";
import { enqueue } from "../../../jobs/enqueue";
import { connectorFor } from "./connectors";

/**
 * Queues an import of the source now. The singleton key keeps one queued import per source (a
 * second request while one waits adds nothing); the advisory lock in run-sync keeps one running.
 */
export async function queueSync(source: { id: string; subType: string | null }): Promise<boolean> {
  if (!connectorFor(source.subType)) return false;
  await enqueue(syncDataSourceJob, { dataSourceId: source.id }, { singletonKey: source.id });
  return true;
}

/**
 * After the user signs in with Google again: every source on that sign-in that was waiting for a
 * reconnect is cleared and imported again (from where it stopped: nothing imported is lost).
 */
export async function resumeSourcesOfSession(sessionId: string): Promise<string[]> {
  const sources = await db()
    .select({ id: dataSources.id, subType: dataSources.subType })
    .from(dataSources)
    .innerJoin(dataSourceSyncStates, eq(dataSourceSyncStates.dataSourceId, dataSources.id))
    .where(and(eq(dataSources.thirdPartySessionId, sessionId), isNotNull(dataSourceSyncStates.tokenUpdateFailedAt)));
  if (sources.length === 0) return [];
  await db()
    .update(dataSourceSyncStates)
    .set({ tokenUpdateFailedAt: null, lastError: null })
    .where(
      inArray(
        dataSourceSyncStates.dataSourceId,
        sources.map((s) => s.id),
      ),
    );
  for (const source of sources) await queueSync(source);
  return sources.map((s) => s.id);
}
