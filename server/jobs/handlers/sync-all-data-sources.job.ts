import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";
import { CONNECTORS } from "../../services/data-sources/sync/connectors";
import { defineJob } from "../define-job";
import { enqueue } from "../enqueue";
import { syncDataSourceJob } from "./sync-data-source.job";

/** Every day at 04:30 UTC, queues one sync per active connected source (at most one queued per source). */
export const syncAllDataSourcesJob = defineJob({
  name: "sync-all-data-sources",
  schema: z.object({}).passthrough(),
  retry: { limit: 2, delaySeconds: 300 },
  cron: "30 4 * * *",
  handler: async () => {
    const sources = await db()
      .select({ id: dataSources.id })
      .from(dataSources)
      .where(
        and(
          eq(dataSources.kind, "google"),
          eq(dataSources.status, "active"),
          inArray(dataSources.subType, Object.keys(CONNECTORS)),
        ),
      );
    for (const source of sources)
      await enqueue(syncDataSourceJob, { dataSourceId: source.id }, { singletonKey: source.id });
  },
});
