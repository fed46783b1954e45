import "server-only";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { db } from "../../db/client";
import { clientStaff, users } from "../../db/schema";
import { pageOffset, type PageQuery, type Paged } from "../pagination";
import { staffView } from "./staff-view";
import type { ServiceContext } from "../context";

/** GET /agencies/{id}/staffs (role staff) or /admin (role agency): the agency's people, paged, newest first. */
export async function listAgencyUsers({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: PageQuery & { role: "agency" | "staff" };
}): Promise<Paged<ReturnType<typeof staffView>>> {
  const where = and(eq(users.agencyId, ctx.actor.agencyId), eq(users.role, input.role));
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(input.limit)
      .offset(pageOffset(input)),
    db().select({ total: count() }).from(users).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db()
        .select({ userId: clientStaff.userId, n: count() })
        .from(clientStaff)
        .where(inArray(clientStaff.userId, ids))
        .groupBy(clientStaff.userId)
    : [];
  const byUser = new Map(counts.map((c) => [c.userId, c.n]));
  return { docs: rows.map((u) => staffView(u, { clientCount: byUser.get(u.id) ?? 0 })), total };
}
