import "server-only";
import type { z } from "zod";
import type { projectSchema } from "@/lib/validation/clients";
import { db } from "../../db/client";
import { clientProjects } from "../../db/schema";
import { projectView } from "../clients/client-view";
import { assertProjectCapacity, projectUsage } from "./project-limit";
import type { ClientServiceContext } from "../context";

type SiteType = "ecommerce" | "lead_generation" | "content" | "brand";

/** POST /clients/{id}/properties/add: a new reporting project, within the plan's project limit. */
export async function createProject({
  ctx,
  input,
}: {
  ctx: ClientServiceContext;
  input: z.output<typeof projectSchema>;
}) {
  const agencyId = ctx.access.client.agencyId;
  const project = await db().transaction(async (tx) => {
    await assertProjectCapacity(tx, agencyId, 1);
    const [row] = await tx
      .insert(clientProjects)
      .values({
        agencyId,
        clientId: ctx.access.client.id,
        name: input.name,
        url: input.url,
        siteType: input.siteType as SiteType,
        currency: input.currency,
        timeZone: input.timeZone,
      })
      .returning();
    return row;
  });
  return { ...projectView(project), usage: await projectUsage(agencyId) };
}
