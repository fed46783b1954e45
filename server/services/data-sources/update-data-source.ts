import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { updateDataSourceSchema } from "@/lib/validation/data-sources";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";
import { dataSourceView } from "./data-source-view";
import type { DataSourceServiceContext } from "../context";

/** PUT /data-sources/{id}: renames it and/or sets its status. */
export async function updateDataSource({
  ctx,
  input,
}: {
  ctx: DataSourceServiceContext;
  input: z.output<typeof updateDataSourceSchema>;
}) {
  if (input.name === undefined && input.status === undefined) return dataSourceView(ctx.access.dataSource);
  const [row] = await db()
    .update(dataSources)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.status ? { status: input.status } : {}),
    })
    .where(eq(dataSources.id, ctx.access.dataSource.id))
    .returning();
  return dataSourceView(row);
}
