import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  onboardingCreatedSchema,
  type onboardingClientSchema,
  type onboardingSubmitSchema,
} from "@/lib/validation/onboarding";
import { db, type Tx } from "../../db/client";
import { clientProjects, clients, users } from "../../db/schema";
import { ConflictError, ValidationError } from "../../errors";
import { assertProjectCapacity } from "../projects/project-limit";
import type { ServiceContext } from "../context";
import { tempOnboardingView } from "./temp-onboarding";

type Input = z.output<typeof onboardingSubmitSchema>;
type TypedClient = z.output<typeof onboardingClientSchema>;

/** Locks the caller's row: onboarding steps of two tabs run one after the other. */
async function lockOnboardingUser(tx: Tx, userId: string) {
  const [user] = await tx
    .select({ onboarding: users.onboarding, draft: users.tempOnboardingDraft })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user.onboarding) throw new ConflictError("Onboarding is already complete");
  const created = onboardingCreatedSchema.safeParse(user.draft?.created);
  return { draft: user.draft, created: created.success ? created.data : [] };
}

/** Adds the typed clients and their projects to the caller's agency, within its project limit. */
async function addClients(tx: Tx, ctx: ServiceContext, typed: TypedClient[]) {
  const requested = typed.reduce((n, c) => n + c.projects.length, 0);
  await assertProjectCapacity(tx, ctx.actor.agencyId, requested);
  const added = [];
  for (const client of typed) {
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
      .returning({ id: clientProjects.id, name: clientProjects.name, siteType: clientProjects.siteType });
    added.push({ clientId: row.id, name: client.name, projects });
  }
  return added;
}

/**
 * Step 1's Continue: adds the clients and projects now, so steps 2 and 3 can connect data sources
 * and competitors to them; onboarding stays open and remembers what it added (once only).
 */
async function createOnboardingClients(ctx: ServiceContext, typed: TypedClient[]) {
  return db().transaction(async (tx) => {
    const { draft, created } = await lockOnboardingUser(tx, ctx.actor.userId);
    if (created.length > 0) throw new ConflictError("Your clients and projects are already added");
    const added = await addClients(tx, ctx, typed);
    const [user] = await tx
      .update(users)
      .set({ tempOnboardingStep: 1, tempOnboardingDraft: { ...(draft ?? { clients: [] }), created: added } })
      .where(eq(users.id, ctx.actor.userId))
      .returning({ onboarding: users.onboarding, step: users.tempOnboardingStep, draft: users.tempOnboardingDraft });
    return tempOnboardingView(user);
  });
}

/**
 * "create" adds the step-1 clients and keeps onboarding open (see above). "submit" finishes,
 * adding the clients sent unless step 1 already added them; "cancel" adds nothing. Both finishes
 * turn the onboarding flag false and forget the draft, in one transaction.
 */
export async function submitOnboarding({ ctx, input }: { ctx: ServiceContext; input: Input }) {
  if (input.action === "create") return createOnboardingClients(ctx, input.clients);
  return db().transaction(async (tx) => {
    const { created: earlier } = await lockOnboardingUser(tx, ctx.actor.userId);
    const created: { clientId: string; projectIds: string[] }[] = earlier.map((c) => ({
      clientId: c.clientId,
      projectIds: c.projects.map((p) => p.id),
    }));
    if (input.action === "submit") {
      if (earlier.length === 0 && input.clients.length === 0)
        throw new ValidationError({ clients: "Add at least one client" });
      if (earlier.length === 0) {
        const added = await addClients(tx, ctx, input.clients);
        created.push(...added.map((c) => ({ clientId: c.clientId, projectIds: c.projects.map((p) => p.id) })));
      }
    }
    await tx
      .update(users)
      .set({ onboarding: false, tempOnboardingStep: null, tempOnboardingDraft: null })
      .where(eq(users.id, ctx.actor.userId));
    return { onboarding: false as const, created };
  });
}
