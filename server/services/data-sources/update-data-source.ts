import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { updateDataSourceSchema } from "@/lib/validation/data-sources";
import type { DataSourceAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";
import { dataSourceView } from "./data-source-view";

/** PUT /data-sources/{id}: renames it and/or sets its status. */
export async function updateDataSource({
  access,
  input,
}: {
  access: DataSourceAccess;
  input: z.output<typeof updateDataSourceSchema>;
}) {
  if (input.name === undefined && input.status === undefined) return dataSourceView(access.dataSource);
  const [row] = await db()
    .update(dataSources)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.status ? { status: input.status } : {}),
    })
    .where(eq(dataSources.id, access.dataSource.id))
    .returning();
  return dataSourceView(row);
}
