import { z } from "zod";
import { defineJobContract } from "../define-job";

/** Every minute: due schedules become run rows, once each. */
export const scheduleTickJob = defineJobContract({
  name: "schedule-tick",
  schema: z.object({}).passthrough(),
  retry: { limit: 2, delaySeconds: 5 },
  cron: "* * * * *",
});
