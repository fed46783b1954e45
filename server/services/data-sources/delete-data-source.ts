import "server-only";
import { eq } from "drizzle-orm";
import { DATA_SOURCE_MESSAGES } from "@/lib/constants/data-source-messages";
import type { DataSourceAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";

/**
 * DELETE /data-sources/{id}: the source and its observations (cascade). The project's dimension
 * combinations stay: other sources may share them, and they are small.
 */
export async function deleteDataSource({ access }: { access: DataSourceAccess }) {
  await db().delete(dataSources).where(eq(dataSources.id, access.dataSource.id));
  return { status: 200, message: DATA_SOURCE_MESSAGES.dataSourceDeleted, _id: access.dataSource.id };
}
