import "server-only";
import { and, eq, inArray, notExists } from "drizzle-orm";
import { DATA_SOURCE_MESSAGES } from "@/lib/constants/data-source-messages";
import { db } from "../../db/client";
import { dataSources, thirdPartySessions } from "../../db/schema";
import { SESSION_TYPE } from "../premium-sources/finish-connect";
import type { DataSourceServiceContext } from "../context";

/**
 * DELETE /data-sources/{id}: the source and its observations (cascade). The project's dimension
 * combinations stay: other sources may share them, and they are small. A CRM or ecommerce
 * connection's tokens belong to the source they were made for and go with it; a Google sign-in
 * belongs to the user (other sources and the wizard use it) and stays.
 */
export async function deleteDataSource({ ctx }: { ctx: DataSourceServiceContext }) {
  await db().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(dataSources)
      .where(eq(dataSources.id, ctx.access.dataSource.id))
      .returning({ sessionId: dataSources.thirdPartySessionId });
    if (!deleted?.sessionId) return;
    await tx
      .delete(thirdPartySessions)
      .where(
        and(
          eq(thirdPartySessions.id, deleted.sessionId),
          inArray(thirdPartySessions.type, Object.values(SESSION_TYPE)),
          notExists(
            tx
              .select({ id: dataSources.id })
              .from(dataSources)
              .where(eq(dataSources.thirdPartySessionId, thirdPartySessions.id)),
          ),
        ),
      );
  });
  return { status: 200, message: DATA_SOURCE_MESSAGES.dataSourceDeleted, _id: ctx.access.dataSource.id };
}
