import { z } from "zod";
import { defineJobContract } from "../define-job";

/** Every day at 04:30 UTC, queues one sync per active connected source (at most one queued per source). */
export const syncAllDataSourcesJob = defineJobContract({
  name: "sync-all-data-sources",
  schema: z.object({}).passthrough(),
  retry: { limit: 2, delaySeconds: 300 },
  cron: "30 4 * * *",
});
