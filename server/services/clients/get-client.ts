import "server-only";
import type { Actor } from "../../auth/actor";
import type { ClientAccess } from "../../auth/client-access";
import { withProjectsAndAdmins } from "./list-clients";

/** GET /clients/{id}: the client with its projects and Client Admins (access already checked). */
export async function getClient({ ctx, access }: { ctx: { actor: Actor }; access: ClientAccess }) {
  const [entry] = await withProjectsAndAdmins(ctx.actor, [
    { client: access.client, level: ctx.actor.isAgencyAdmin ? null : access.level },
  ]);
  return entry;
}
