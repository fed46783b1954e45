import "server-only";
import { z } from "zod";
import { log } from "../../http/log";
import { enqueueDueSchedules } from "../../services/schedules/enqueue-due-schedules";
import { defineJob } from "../define-job";

// Every minute: due schedules become run rows (once each), in batches of 1,000 until none are due.
export const scheduleTickJob = defineJob({
  name: "schedule-tick",
  schema: z.object({}).passthrough(),
  retry: { limit: 2, delaySeconds: 5 },
  cron: "* * * * *",
  handler: async () => {
    let total = 0;
    for (;;) {
      const created = await enqueueDueSchedules({ limit: 1000 });
      total += created.length;
      if (created.length < 1000) break;
    }
    if (total > 0) log("info", "schedule runs created", { count: total });
  },
});
