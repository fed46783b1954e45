import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { projectEditSchema } from "@/lib/validation/clients";
import { someFieldSet } from "@/lib/validation/fields";
import { canOnClient } from "@/lib/permissions";
import { db } from "../../db/client";
import { clientProjects } from "../../db/schema";
import { ForbiddenError } from "../../errors";
import { projectView } from "../clients/client-view";
import { assertProjectCapacity, projectUsage } from "./project-limit";
import type { ProjectServiceContext } from "../context";

/** PUT /properties/{id}: any subset of the project's fields, and/or its status. */
export const projectUpdateSchema = projectEditSchema
  .extend({ status: z.enum(["active", "suspended"]).optional() })
  .refine(...someFieldSet);

type SiteType = "ecommerce" | "lead_generation" | "content" | "brand";

export async function updateProject({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: z.output<typeof projectUpdateSchema>;
}) {
  const { status, ...fields } = input;
  const changesStatus = status !== undefined && status !== ctx.access.project.status;
  if (changesStatus && !canOnClient(ctx.actor, ctx.access.level, "project:suspend")) throw new ForbiddenError();
  const project = await db().transaction(async (tx) => {
    // Reactivating takes a place under the plan's limit again.
    if (changesStatus && status === "active") await assertProjectCapacity(tx, ctx.access.project.agencyId, 1);
    const [row] = await tx
      .update(clientProjects)
      .set({ ...fields, siteType: fields.siteType as SiteType | undefined, ...(status ? { status } : {}) })
      .where(eq(clientProjects.id, ctx.access.project.id))
      .returning();
    return row;
  });
  return { ...projectView(project), usage: await projectUsage(project.agencyId) };
}
