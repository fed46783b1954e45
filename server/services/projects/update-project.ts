import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { projectEditSchema } from "@/lib/validation/clients";
import { canOnClient } from "@/lib/permissions";
import type { Actor } from "../../auth/actor";
import type { ProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { clientProjects } from "../../db/schema";
import { ForbiddenError } from "../../errors";
import { projectView } from "../clients/client-view";
import { assertProjectCapacity, projectUsage } from "./project-limit";

/** PUT /properties/{id}: any subset of the project's fields, and/or its status. */
export const projectUpdateSchema = projectEditSchema.extend({ status: z.enum(["active", "suspended"]).optional() });

type SiteType = "ecommerce" | "lead_generation" | "content" | "brand";

export async function updateProject({
  ctx,
  access,
  input,
}: {
  ctx: { actor: Actor };
  access: ProjectAccess;
  input: z.output<typeof projectUpdateSchema>;
}) {
  const { status, ...fields } = input;
  const changesStatus = status !== undefined && status !== access.project.status;
  if (changesStatus && !canOnClient(ctx.actor, access.level, "project:suspend")) throw new ForbiddenError();
  const project = await db().transaction(async (tx) => {
    // Reactivating takes a place under the plan's limit again.
    if (changesStatus && status === "active") await assertProjectCapacity(tx, access.project.agencyId, 1);
    const [row] = await tx
      .update(clientProjects)
      .set({ ...fields, siteType: fields.siteType as SiteType | undefined, ...(status ? { status } : {}) })
      .where(eq(clientProjects.id, access.project.id))
      .returning();
    return row;
  });
  return { ...projectView(project), usage: await projectUsage(project.agencyId) };
}
