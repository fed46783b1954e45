import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import type { ClientAccess, ProjectAccess } from "../../auth/client-access";
import type { Tx } from "../../db/client";
import { agencies, clientProjects, clients, customizations } from "../../db/schema";
import { NotFoundError } from "../../errors";
import type { ServiceContext } from "../context";

/** The thing a customization belongs to: the agency itself, one client, or one project. */
export type CustomizationTarget =
  | { level: "agency"; agencyId: string }
  | { level: "client"; agencyId: string; clientId: string }
  | { level: "project"; agencyId: string; clientId: string; projectId: string };

/**
 * Whose look a call is about, from the access the route already checked: a project's when the
 * context holds a project, a client's when it holds a client, else the caller's own agency (the
 * agency routes are for agency admins of that agency).
 */
export type CustomizationContext = ServiceContext & { access?: ClientAccess | ProjectAccess };

export function customizationTarget(ctx: CustomizationContext): CustomizationTarget {
  const { access } = ctx;
  if (access && "project" in access)
    return {
      level: "project",
      agencyId: access.project.agencyId,
      clientId: access.project.clientId,
      projectId: access.project.id,
    };
  if (access) return { level: "client", agencyId: access.client.agencyId, clientId: access.client.id };
  return { level: "agency", agencyId: ctx.actor.agencyId };
}

/** The one row of this target (the table holds at most one per target). */
export function targetWhere(target: CustomizationTarget): SQL {
  const agency = eq(customizations.agencyId, target.agencyId);
  switch (target.level) {
    case "agency":
      return and(agency, eq(customizations.level, "agency"))!;
    case "client":
      return and(agency, eq(customizations.level, "client"), eq(customizations.clientId, target.clientId))!;
    case "project":
      return and(agency, eq(customizations.level, "project"), eq(customizations.projectId, target.projectId))!;
  }
}

/**
 * Locks the target's own row (agency, client or project) for the rest of the transaction, so two
 * saves of one target run one after the other instead of racing to insert. Gone meanwhile: 404.
 */
export async function lockTarget(tx: Tx, target: CustomizationTarget): Promise<void> {
  const rows =
    target.level === "agency"
      ? await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, target.agencyId)).for("update")
      : target.level === "client"
        ? await tx
            .select({ id: clients.id })
            .from(clients)
            .where(and(eq(clients.id, target.clientId), eq(clients.agencyId, target.agencyId)))
            .for("update")
        : await tx
            .select({ id: clientProjects.id })
            .from(clientProjects)
            .where(and(eq(clientProjects.id, target.projectId), eq(clientProjects.agencyId, target.agencyId)))
            .for("update");
  if (rows.length === 0) throw new NotFoundError();
}
