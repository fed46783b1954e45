import "server-only";
import { count, desc, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { invitations } from "../../db/schema";
import { pageOffset, type PageQuery, type Paged } from "../pagination";
import { invitationView } from "./create-invitations";
import type { ServiceContext } from "../context";

/** Newest first; the id breaks ties (one request creates many rows at once), so pages never overlap. */
export async function listInvitations({
  ctx,
  input: page,
}: {
  ctx: ServiceContext;
  input: PageQuery;
}): Promise<Paged<ReturnType<typeof invitationView>>> {
  const where = eq(invitations.agencyId, ctx.actor.agencyId);
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select()
      .from(invitations)
      .where(where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    db().select({ total: count() }).from(invitations).where(where),
  ]);
  return { docs: rows.map(invitationView), total };
}
