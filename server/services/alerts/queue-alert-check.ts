import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";
import { checkProjectAlertsJob } from "../../jobs/contracts/check-project-alerts";
import { enqueue } from "../../jobs/enqueue";
import { log } from "../../log";

/**
 * After a source's sync succeeded (rows or none: a source that brings nothing may have stopped), its project's alert
 * check is queued, one per project while its sources sync. A failure to queue is logged and does not fail the sync.
 */
export async function queueAlertCheck(dataSourceId: string, through: string): Promise<void> {
  try {
    const [source] = await db()
      .select({ projectId: dataSources.projectId })
      .from(dataSources)
      .where(eq(dataSources.id, dataSourceId));
    if (!source) return;
    await enqueue(checkProjectAlertsJob, { projectId: source.projectId, through }, { singletonKey: source.projectId });
  } catch (error) {
    log("warn", "alert check not queued", { dataSourceId, error: String(error) });
  }
}
