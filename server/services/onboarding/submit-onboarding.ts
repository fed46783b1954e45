import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { onboardingSubmitSchema } from "@/lib/validation/onboarding";
import { db } from "../../db/client";
import { clientProjects, clients, users } from "../../db/schema";
import { ConflictError } from "../../errors";
import { assertProjectCapacity } from "../projects/project-limit";
import type { ServiceContext } from "../context";

type Input = z.output<typeof onboardingSubmitSchema>;

/**
 * Finishes onboarding. "submit" creates the step-1 clients and projects; "cancel" creates nothing.
 * Either way the onboarding flag turns false, all in one transaction.
 */
export async function submitOnboarding({ ctx, input }: { ctx: ServiceContext; input: Input }) {
  return db().transaction(async (tx) => {
    const [user] = await tx
      .select({ onboarding: users.onboarding })
      .from(users)
      .where(eq(users.id, ctx.actor.userId))
      .for("update");
    if (!user.onboarding) throw new ConflictError("Onboarding is already complete");

    const created: { clientId: string; projectIds: string[] }[] = [];
    if (input.action === "submit") {
      const requested = input.clients.reduce((n, c) => n + c.projects.length, 0);
      await assertProjectCapacity(tx, ctx.actor.agencyId, requested);

      for (const client of input.clients) {
        const [row] = await tx
          .insert(clients)
          .values({ agencyId: ctx.actor.agencyId, name: client.name, website: client.website })
          .returning({ id: clients.id });
        const projects = await tx
          .insert(clientProjects)
          .values(
            client.projects.map((p) => ({
              agencyId: ctx.actor.agencyId,
              clientId: row.id,
              name: p.name,
              url: p.url,
              siteType: p.siteType as "ecommerce" | "lead_generation" | "content" | "brand",
            })),
          )
          .returning({ id: clientProjects.id });
        created.push({ clientId: row.id, projectIds: projects.map((p) => p.id) });
      }
    }
    await tx
      .update(users)
      .set({ onboarding: false, tempOnboardingStep: null, tempOnboardingDraft: null })
      .where(eq(users.id, ctx.actor.userId));
    return { onboarding: false, created };
  });
}
