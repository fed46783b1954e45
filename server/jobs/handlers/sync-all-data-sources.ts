import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { IMPORTED_PARTNER_KINDS } from "@/lib/constants/partner-sources";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";
import { CONNECTORS } from "../../services/data-sources/sync/connectors";
import { syncAllDataSourcesJob } from "../contracts/sync-all-data-sources";
import { syncDataSourceJob } from "../contracts/sync-data-source";
import { syncPartnerSourceJob } from "../contracts/sync-partner-source";
import { defineJobHandler } from "../define-job";
import { enqueue } from "../enqueue";

export const syncAllDataSourcesHandler = defineJobHandler(syncAllDataSourcesJob, async () => {
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
  // Keyword-data partner, competitor, CRM and ecommerce sources refresh daily too.
  const partners = await db()
    .select({ id: dataSources.id })
    .from(dataSources)
    .where(and(inArray(dataSources.kind, [...IMPORTED_PARTNER_KINDS]), eq(dataSources.status, "active")));
  for (const source of partners)
    await enqueue(syncPartnerSourceJob, { dataSourceId: source.id }, { singletonKey: source.id });
});
