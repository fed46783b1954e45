import "server-only";
import { eq } from "drizzle-orm";
import { DATA_SOURCE_MESSAGES } from "@/lib/constants/data-source-messages";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";
import type { DataSourceServiceContext } from "../context";

/**
 * DELETE /data-sources/{id}: the source and its observations (cascade). The project's dimension
 * combinations stay: other sources may share them, and they are small.
 */
export async function deleteDataSource({ ctx }: { ctx: DataSourceServiceContext }) {
  await db().delete(dataSources).where(eq(dataSources.id, ctx.access.dataSource.id));
  return { status: 200, message: DATA_SOURCE_MESSAGES.dataSourceDeleted, _id: ctx.access.dataSource.id };
}
