import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import { WORKSPACE_MESSAGES } from "@/lib/constants/messages";
import { db } from "../../db/client";
import { clientStaff, users } from "../../db/schema";
import { BadRequestError, NotFoundError } from "../../errors";
import { pageOffset, type PageQuery, type Paged } from "../pagination";
import { staffView } from "../staff/staff-view";
import type { ClientServiceContext } from "../context";

type StaffEntry = ReturnType<typeof staffView>;

/** GET /clients/{id}/staffs: who the client is shared with, and at which level (newest share first). */
export async function listClientStaff({
  ctx,
  input: page,
}: {
  ctx: ClientServiceContext;
  input: PageQuery;
}): Promise<Paged<StaffEntry>> {
  const where = eq(clientStaff.clientId, ctx.access.client.id);
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select({ user: users, permission: clientStaff.permission })
      .from(clientStaff)
      .innerJoin(users, eq(users.id, clientStaff.userId))
      .where(where)
      .orderBy(desc(clientStaff.createdAt))
      .limit(page.limit)
      .offset(pageOffset(page)),
    db().select({ total: count() }).from(clientStaff).where(where),
  ]);
  return { docs: rows.map((r) => staffView(r.user, { permission: r.permission })), total };
}

/** GET /clients/{id}/staffs/{staffId}. */
export async function getClientStaff({ ctx, input }: { ctx: ClientServiceContext; input: { staffId: string } }) {
  const { staffId } = input;
  const [row] = await db()
    .select({ user: users, permission: clientStaff.permission })
    .from(clientStaff)
    .innerJoin(users, eq(users.id, clientStaff.userId))
    .where(and(eq(clientStaff.clientId, ctx.access.client.id), eq(clientStaff.userId, staffId)));
  if (!row) throw new NotFoundError();
  return staffView(row.user, { permission: row.permission });
}

/** PUT /clients/{id}/staffs/{staffId}: change a share's level. Nobody changes their own. */
export async function updateClientStaff({
  ctx,
  input,
}: {
  ctx: ClientServiceContext;
  input: { staffId: string; permission: 1 | 2 | 4 };
}) {
  const { staffId, permission } = input;
  if (staffId === ctx.actor.userId) throw new BadRequestError(WORKSPACE_MESSAGES.cannotChangeOwnAccess);
  const [row] = await db()
    .update(clientStaff)
    .set({ permission })
    .where(and(eq(clientStaff.clientId, ctx.access.client.id), eq(clientStaff.userId, staffId)))
    .returning();
  if (!row) throw new NotFoundError();
  return getClientStaff({ ctx, input: { staffId } });
}

/** DELETE /clients/{id}/staffs/{staffId}: stop sharing the client with that staff member. */
export async function removeClientStaff({ ctx, input }: { ctx: ClientServiceContext; input: { staffId: string } }) {
  const { staffId } = input;
  if (staffId === ctx.actor.userId) throw new BadRequestError(WORKSPACE_MESSAGES.cannotChangeOwnAccess);
  const [row] = await db()
    .delete(clientStaff)
    .where(and(eq(clientStaff.clientId, ctx.access.client.id), eq(clientStaff.userId, staffId)))
    .returning();
  if (!row) throw new NotFoundError();
  return { status: 200, message: "Access removed" };
}
