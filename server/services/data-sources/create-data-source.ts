import "server-only";
import type { z } from "zod";
import { UPLOAD_SOURCE_KIND, UPLOAD_SOURCE_NAME } from "@/lib/constants/observations";
import type { createDataSourceSchema } from "@/lib/validation/data-sources";
import { db } from "../../db/client";
import { dataSources } from "../../db/schema";
import { dataSourceView } from "./data-source-view";
import type { ProjectServiceContext } from "../context";

export const DEFAULT_UPLOAD_SOURCE_NAME = "CSV upload";

/** POST /properties/{id}/data-sources: a new upload source (the connectors add their kinds later). */
export async function createDataSource({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: z.output<typeof createDataSourceSchema>;
}) {
  const [row] = await db()
    .insert(dataSources)
    .values({
      agencyId: ctx.access.project.agencyId,
      projectId: ctx.access.project.id,
      sourceName: UPLOAD_SOURCE_NAME,
      kind: UPLOAD_SOURCE_KIND,
      name: input.name ?? DEFAULT_UPLOAD_SOURCE_NAME,
      createdById: ctx.actor.userId,
    })
    .returning();
  return dataSourceView(row);
}
