import { z } from "zod";
import { defineJobContract } from "../define-job";

/** Imports a keyword-data partner or competitor source; quota and outages are retried with backoff. */
export const syncPartnerSourceJob = defineJobContract({
  name: "sync-partner-source",
  schema: z.object({ dataSourceId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 60 },
});
