import "server-only";
import { log } from "../../log";
import { enqueueDueSchedules } from "../../services/schedules/enqueue-due-schedules";
import { scheduleTickJob } from "../contracts/schedule-tick";
import { defineJobHandler } from "../define-job";

const BATCH = 1000;

// Due schedules become run rows (once each), in batches until none are due.
export const scheduleTickHandler = defineJobHandler(scheduleTickJob, async () => {
  let total = 0;
  for (;;) {
    const created = await enqueueDueSchedules({ limit: BATCH });
    total += created.length;
    if (created.length < BATCH) break;
  }
  if (total > 0) log("info", "schedule runs created", { count: total });
});
