import "server-only";
import type { z } from "zod";
import type { clientSchema } from "@/lib/validation/clients";
import { db } from "../../db/client";
import { clients } from "../../db/schema";
import { ForbiddenError } from "../../errors";
import { clientView } from "./client-view";
import type { ServiceContext } from "../context";

/** Agency admins add clients. */
export async function createClient({ ctx, input }: { ctx: ServiceContext; input: z.output<typeof clientSchema> }) {
  if (!ctx.actor.isAgencyAdmin) throw new ForbiddenError();
  const [client] = await db()
    .insert(clients)
    .values({
      agencyId: ctx.actor.agencyId,
      name: input.name,
      website: input.website,
      industry: input.industry,
      country: input.country,
    })
    .returning();
  return { ...clientView(ctx.actor, client, null), projects: [] };
}
