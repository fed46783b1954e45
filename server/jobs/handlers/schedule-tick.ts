import "server-only";
import { log } from "../../log";
import { enqueueDueSchedules } from "../../services/schedules/enqueue-due-schedules";
import { staleQueuedRuns } from "../../services/schedules/stale-queued-runs";
import { deliverReportJob } from "../contracts/deliver-report";
import { scheduleTickJob } from "../contracts/schedule-tick";
import { defineJobHandler } from "../define-job";
import { enqueueMany } from "../enqueue";

const BATCH = 1000;

const queueDeliveries = (runIds: string[]) =>
  enqueueMany(
    deliverReportJob,
    runIds.map((runId) => ({ source: "schedule" as const, runId })),
  );

/**
 * Due schedules become run rows (once each, in batches until none are due), and each new run one
 * delivery job. Runs whose job was lost (the tick stopped between the two) are queued again.
 */
export async function scheduleTick(now?: Date): Promise<{ created: number; requeued: number }> {
  let created = 0;
  for (;;) {
    const runs = await enqueueDueSchedules({ limit: BATCH, now });
    await queueDeliveries(runs.map((r) => r.runId));
    created += runs.length;
    if (runs.length < BATCH) break;
  }
  const stale = await staleQueuedRuns(now);
  await queueDeliveries(stale);
  return { created, requeued: stale.length };
}

export const scheduleTickHandler = defineJobHandler(scheduleTickJob, async () => {
  const { created, requeued } = await scheduleTick();
  if (created + requeued > 0) log("info", "schedule runs queued for delivery", { created, requeued });
});
