import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { clientSchema } from "@/lib/validation/clients";
import { db } from "../../db/client";
import { clients } from "../../db/schema";
import { clientView } from "./client-view";
import type { ClientServiceContext } from "../context";

/** PUT /clients/{id}: edit the client's details (Data Creators and above). */
export async function updateClient({
  ctx,
  input,
}: {
  ctx: ClientServiceContext;
  input: z.output<typeof clientSchema>;
}) {
  const [client] = await db()
    .update(clients)
    .set({
      name: input.name,
      website: input.website ?? null,
      industry: input.industry ?? null,
      country: input.country ?? null,
    })
    .where(eq(clients.id, ctx.access.client.id))
    .returning();
  return clientView(ctx.actor, client, ctx.access.level);
}
