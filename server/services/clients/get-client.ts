import "server-only";
import { withProjectsAndAdmins } from "./list-clients";
import type { ClientServiceContext } from "../context";

/** GET /clients/{id}: the client with its projects and Client Admins (access already checked). */
export async function getClient({ ctx }: { ctx: ClientServiceContext }) {
  const [entry] = await withProjectsAndAdmins(ctx.actor, [
    { client: ctx.access.client, level: ctx.actor.isAgencyAdmin ? null : ctx.access.level },
  ]);
  return entry;
}
